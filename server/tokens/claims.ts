import { z } from 'zod';
import { CURRENCY_CODES } from '@/lib/money';

const text = (max: number) => z.string().max(max).optional();

/** The payment link's terms a token binds, as signed (lib/schemas/token-request.ts checked them at issue). */
const termsClaimSchema = z.object({
  callbackUrl: text(2048),
  returnUrl: text(2048),
  paymentMethodCode: text(32),
  paymentOperatorCode: text(32),
  customer: z
    .object({
      emailAddress: text(254),
      phoneNumber: text(32),
      accountName: text(140),
      accountNumber: text(64),
    })
    .optional(),
});

/**
 * The claims of our tokens: the specification's (operations, exp, iat, jti, sub) plus the optional
 * money and payment restrictions and the customer-session marker. exp, iat, jti and sub are required: a token without them is invalid.
 */
export const tokenClaimsSchema = z.object({
  sub: z.string().min(1).max(64),
  operations: z.array(z.string().max(300)).min(1).max(20),
  iat: z.int(),
  exp: z.int(),
  jti: z.string().min(8).max(64),
  money: z.object({ amount: z.number().positive(), currencyCode: z.enum(CURRENCY_CODES) }).optional(),
  idPayment: z.string().min(1).max(64).optional(),
  terms: termsClaimSchema.optional(),
  /** The API key whose secret minted the token (absent: the merchants file's secret); the audit log's actor. */
  kid: z.string().min(1).max(64).optional(),
  /**
   * Set on the console's tokens (server/people): the person's session, which must still be open for
   * the token to be taken (docs/decisions/035), the person, and their name for the audit log.
   */
  console: z
    .object({
      sid: z.string().min(1).max(64),
      uid: z.string().min(1).max(64),
      name: z.string().max(120),
    })
    .optional(),
  /**
   * Set on the customer sessions a payment link opens (server/payment-links, docs/decisions/051): the
   * link the payin is made from, and the methods it allows (every method of the currency when absent).
   */
  link: z
    .object({
      id: z.string().min(1).max(48),
      methods: z.array(z.string().max(32)).min(1).max(32).optional(),
    })
    .optional(),
  /** Set on customer sessions (server/customer-sessions): the page's token, confined to one payin. */
  session: z
    .object({
      /** Until when (epoch seconds) the payin may still be created with this session. */
      createBefore: z.int(),
      /** The returnUrl the merchant's link gave, checked when the session was opened. */
      returnUrl: z.string().max(2048).optional(),
    })
    .optional(),
});

export type TokenClaims = z.infer<typeof tokenClaimsSchema>;
