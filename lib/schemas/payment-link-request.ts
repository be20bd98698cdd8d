import { z } from 'zod';
import { WITHOUT_CONTROL_CHARACTERS } from './customer-data';
import { methodCodeSchema } from './payin-request';
import { absoluteUrlSchema, currencyCodeSchema, moneySchema } from './primitives';

/**
 * A payment link's id (docs/decisions/051): 1–48 characters of an idPayin's alphabet, so the payins
 * made from it, `<idLink>.<n>`, are idPayins too (64 characters at most).
 */
export const ID_LINK_PATTERN = /^(?!\.{1,2}$)[A-Za-z0-9._~:+=-]{1,48}$/;

export const idLinkSchema = z
  .string()
  .regex(ID_LINK_PATTERN, 'A payment link id is 1–48 letters, digits or - _ . ~ : + =.');

/** The customer chooses the amount, within these bounds (both in the currency's units). */
export const amountRangeSchema = z
  .object({
    currencyCode: currencyCodeSchema,
    minAmount: z.number({ error: 'Amount must be a number.' }).positive('Must be more than 0.'),
    maxAmount: z.number({ error: 'Amount must be a number.' }).positive('Must be more than 0.'),
  })
  .refine((range) => range.minAmount <= range.maxAmount, {
    message: 'minAmount must not be more than maxAmount.',
    path: ['maxAmount'],
  });

/**
 * The body of POST /payment-links/{idLink}: exactly one of `money` (a fixed amount) and
 * `amountRange` (the customer types the amount within it). The server checks what needs its
 * catalogue (the currency's precision, methods taking the currency, URLs, dates).
 */
export const createPaymentLinkRequestSchema = z
  .object({
    money: moneySchema.optional(),
    amountRange: amountRangeSchema.optional(),
    description: z
      .string()
      .trim()
      .min(1, 'Required.')
      .max(200)
      .regex(WITHOUT_CONTROL_CHARACTERS, 'Must not contain control characters.'),
    /** The methods the customer may pay by; all the merchant's methods for the currency when absent. */
    paymentMethodCodes: z.array(methodCodeSchema).min(1).max(32).optional(),
    /** How many payments the link takes (paid or still open); unlimited when absent. */
    usageLimit: z.int().min(1).max(1_000_000).optional(),
    /** When the link stops taking payments (ISO 8601 with an offset); it never does when absent. */
    expireAt: z.iso.datetime({ offset: true }).optional(),
    callbackUrl: absoluteUrlSchema.optional(),
    returnUrl: absoluteUrlSchema.optional(),
  })
  .superRefine((body, ctx) => {
    if ((body.money === undefined) === (body.amountRange === undefined))
      ctx.addIssue({
        code: 'custom',
        path: ['money'],
        message:
          'Give either money (a fixed amount) or amountRange (the customer chooses), not both or neither.',
      });
  });
export type CreatePaymentLinkRequest = z.infer<typeof createPaymentLinkRequestSchema>;

/** The customer's start of a payment on the link's page: the amount, when the link lets them choose. */
export const startPaymentLinkRequestSchema = z.object({
  amount: z.number({ error: 'Amount must be a number.' }).positive('Must be more than 0.').optional(),
});
