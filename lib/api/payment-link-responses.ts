import { z } from 'zod';
import { CURRENCY_CODES } from '../money';
import { apiMoneySchema } from './responses';

/**
 * ACTIVE takes payments; INACTIVE was turned off by the merchant; EXPIRED is past its expireAt;
 * USED_UP has as many payments (paid or still open) as its usageLimit.
 */
export const PAYMENT_LINK_STATUSES = ['ACTIVE', 'INACTIVE', 'EXPIRED', 'USED_UP'] as const;
export type PaymentLinkStatus = (typeof PAYMENT_LINK_STATUSES)[number];

const amountRangeResponseSchema = z.looseObject({
  currencyCode: z.enum(CURRENCY_CODES),
  minAmount: z.number(),
  maxAmount: z.number(),
});

/** One payin made from a link. */
export const paymentLinkPayinSchema = z.looseObject({
  idPayin: z.string(),
  status: z.enum(['PENDING', 'SUCCESS', 'REFUSED']),
  money: apiMoneySchema,
  paymentMethodCode: z.string(),
  createdAt: z.string(),
});
export type PaymentLinkPayin = z.infer<typeof paymentLinkPayinSchema>;

const linkFields = {
  idLink: z.string(),
  status: z.enum(PAYMENT_LINK_STATUSES),
  /** The page customers open (share it, or its QR). */
  url: z.string(),
  description: z.string(),
  /** A fixed amount; or amountRange when the customer chooses. */
  money: apiMoneySchema.optional(),
  amountRange: amountRangeResponseSchema.optional(),
  /** The methods allowed; absent: every method the merchant has for the currency. */
  paymentMethodCodes: z.array(z.string()).optional(),
  usageLimit: z.number().optional(),
  expireAt: z.string().optional(),
  callbackUrl: z.string(),
  returnUrl: z.string().optional(),
  isTest: z.boolean(),
  createdAt: z.string(),
  deactivatedAt: z.string().optional(),
  /** Payments made from the link: paid, still open, and those that count toward usageLimit (both). */
  uses: z.looseObject({ paid: z.number(), pending: z.number(), counted: z.number() }),
};

/** GET /payment-links/{idLink}, and the 201 of its creation: with the QR of its url and its payins (newest first, up to 100). */
export const paymentLinkResponseSchema = z.looseObject({
  ...linkFields,
  /** The QR code of `url` as a PNG data URL (512 × 512), to print or share. */
  qrCodePng: z.string(),
  payins: z.array(paymentLinkPayinSchema),
});
export type PaymentLinkResource = z.infer<typeof paymentLinkResponseSchema>;

/** GET /payment-links: newest first. */
export const paymentLinkPageSchema = z.looseObject({
  data: z.array(z.looseObject(linkFields)),
  nextCursor: z.string().optional(),
});
export type PaymentLinkPage = z.infer<typeof paymentLinkPageSchema>;

/** What the link's public page shows the customer (GET /payment-link-pages/{secret}). */
export const paymentLinkViewSchema = z.looseObject({
  merchantName: z.string(),
  description: z.string(),
  isTest: z.boolean(),
  status: z.enum(PAYMENT_LINK_STATUSES),
  money: apiMoneySchema.optional(),
  amountRange: amountRangeResponseSchema.optional(),
});
export type PaymentLinkView = z.infer<typeof paymentLinkViewSchema>;

/** POST /payment-link-pages/{secret}/!start: the payin's page to go to, with its customer session. */
export const paymentLinkStartSchema = z.looseObject({
  merchantCode: z.string(),
  idPayin: z.string(),
  /** A customer session for that payin (as POST /payins/{idPayin}/!customerSession gives). */
  token: z.string(),
  expiresAt: z.string(),
  /** The hosted page's query for the payin (amount, currencyCode, callbackUrl, returnUrl, paymentMethodCode). */
  query: z.record(z.string(), z.string()),
});
export type PaymentLinkStart = z.infer<typeof paymentLinkStartSchema>;

/** POST /page-links/{key}/!open: an e-mail's way back to its payment's page (docs/decisions/052). */
export const pageLinkOpenSchema = z.looseObject({
  merchantCode: z.string(),
  idPayin: z.string(),
  /** A customer session for that payin only. */
  token: z.string(),
  expiresAt: z.string(),
});
export type PageLinkOpen = z.infer<typeof pageLinkOpenSchema>;
