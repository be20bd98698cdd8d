import { z } from 'zod';
import { absoluteUrlSchema, idPayinSchema, merchantCodeSchema, moneySchema } from './primitives';

const credentials = {
  merchantCode: merchantCodeSchema,
  secret: z.string().min(1).max(256),
  /** Seconds the token stays valid; default 1800, at most the operator's maximum (86400 by default). */
  validitySecs: z.int().min(1).optional(),
  /** Limits the token to creating payments of exactly this amount and currency. */
  money: moneySchema.optional(),
};

export const authTokenRequestSchema = z.object({
  ...credentials,
  /** "METHOD path-regex" entries, e.g. "GET /payins/order-1"; patterns are fully anchored. */
  operations: z.array(z.string().max(300)).min(1, 'At least one operation is required.'),
  /** Extension: confines the token to one payin (derived automatically from literal operations). */
  idPayment: idPayinSchema.optional(),
});

export const TOKEN_ACTION_VALUES = ['PAYIN_CREATE', 'PAYIN_INFO'] as const;

export const authTokenByActionRequestSchema = z.object({
  ...credentials,
  action: z.enum(TOKEN_ACTION_VALUES, { error: 'Use PAYIN_CREATE or PAYIN_INFO.' }),
  idPayment: idPayinSchema,
});

export type AuthTokenRequest = z.infer<typeof authTokenRequestSchema>;
export type AuthTokenByActionRequest = z.infer<typeof authTokenByActionRequestSchema>;

/** Body of POST /payins/{idPayin}/!customerSession: what the merchant's link says, checked at once. */
export const customerSessionRequestSchema = z.object({
  /** Where the customer goes back to; shown on every screen before the payin exists. */
  returnUrl: absoluteUrlSchema.optional(),
  /** The amount the page will create: refused now when the token allows another. */
  money: moneySchema.optional(),
});

export type CustomerSessionRequest = z.infer<typeof customerSessionRequestSchema>;
