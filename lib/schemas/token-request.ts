import { z } from 'zod';
import { optional as miniOptional } from 'zod/mini';
import { parsePhone } from '../methods/phone-numbers';
import type { Money } from '../money';
import { CUSTOMER_FIELD_SCHEMAS } from './customer-data';
import { methodCodeSchema, paymentOperatorCodeSchema } from './payin-request';
import { absoluteUrlSchema, idPayinSchema, merchantCodeSchema, moneySchema } from './primitives';

/**
 * The terms of a payment link a token binds (docs/decisions/030): where the callback goes, where the
 * customer returns, the method and operator the merchant fixed, and customer data the customer may
 * not change. The hosted page and POST /payins/{idPayin} refuse a link or a request that contradicts
 * them; what a token leaves out stays the link's to say. The amount is bound by `money`.
 */
export const checkoutTermsSchema = z
  .object({
    callbackUrl: absoluteUrlSchema.optional(),
    returnUrl: absoluteUrlSchema.optional(),
    paymentMethodCode: methodCodeSchema.optional(),
    paymentOperatorCode: paymentOperatorCodeSchema.optional(),
    /** Customer data the customer may not change (scenario 2), as the link gives it. */
    // By the rules a create applies to each field, so a link cannot bind what no payment would take.
    customer: z
      .object({
        emailAddress: miniOptional(CUSTOMER_FIELD_SCHEMAS.emailAddress),
        phoneNumber: miniOptional(CUSTOMER_FIELD_SCHEMAS.phoneNumber),
        accountName: miniOptional(CUSTOMER_FIELD_SCHEMAS.accountName),
        accountNumber: miniOptional(CUSTOMER_FIELD_SCHEMAS.accountNumber),
      })
      .optional(),
  })
  .refine((terms) => terms.paymentOperatorCode === undefined || terms.paymentMethodCode !== undefined, {
    message: 'An operator is bound with its method: give paymentMethodCode too.',
    path: ['paymentOperatorCode'],
  });

export type CheckoutTerms = z.infer<typeof checkoutTermsSchema>;

/** What a token request asks for besides the operations: validity, money, terms. */
const tokenTerms = {
  /** Seconds the token stays valid; default 1800, at most the operator's maximum (86400 by default). */
  validitySecs: z.int().min(1).optional(),
  /** Limits the token to creating payments of exactly this amount and currency. */
  money: moneySchema.optional(),
  /** Binds the payment link's other terms (see checkoutTermsSchema). */
  terms: checkoutTermsSchema.optional(),
};

const credentials = {
  merchantCode: merchantCodeSchema,
  secret: z.string().min(1).max(256),
  ...tokenTerms,
};

/**
 * A bound phone number must read as a number of the payment's country or as an international one:
 * the customer cannot correct it on the page (whether a wallet rail takes it is the method's to say).
 * Checked once the request reads otherwise (a phone of the wrong shape is said once, by its field).
 */
function boundPhoneReads(request: { money?: Money | undefined; terms?: CheckoutTerms | undefined }): boolean {
  const phone = request.terms?.customer?.phoneNumber;
  return phone === undefined || !request.money || parsePhone(phone, request.money.currency).ok;
}

const BOUND_PHONE_ISSUE = {
  path: ['terms', 'customer', 'phoneNumber'],
  message: 'Not a valid phone number for the payment’s currency: give it with its country code.',
  when: (payload: z.core.ParsePayload) => payload.issues.length === 0,
};

const generalRequest = {
  /** "METHOD path-regex" entries, e.g. "GET /payins/order-1"; patterns are fully anchored. */
  operations: z.array(z.string().max(300)).min(1, 'At least one operation is required.'),
  /** Extension: confines the token to one payin (derived automatically from literal operations). */
  idPayment: idPayinSchema.optional(),
};

export const authTokenRequestSchema = z
  .object({ ...credentials, ...generalRequest })
  .refine(boundPhoneReads, BOUND_PHONE_ISSUE);

/** The same request from the console, whose signed-in person stands for the credentials. */
export const consoleAuthTokenRequestSchema = z
  .object({ ...tokenTerms, ...generalRequest })
  .refine(boundPhoneReads, BOUND_PHONE_ISSUE);

export const TOKEN_ACTION_VALUES = ['PAYIN_CREATE', 'PAYIN_INFO'] as const;

const actionRequest = {
  action: z.enum(TOKEN_ACTION_VALUES, { error: 'Use PAYIN_CREATE or PAYIN_INFO.' }),
  idPayment: idPayinSchema,
};

export const authTokenByActionRequestSchema = z
  .object({ ...credentials, ...actionRequest })
  .refine(boundPhoneReads, BOUND_PHONE_ISSUE);

export const consoleAuthTokenByActionRequestSchema = z
  .object({ ...tokenTerms, ...actionRequest })
  .refine(boundPhoneReads, BOUND_PHONE_ISSUE);

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
