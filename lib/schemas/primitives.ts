import { z } from 'zod';
import { optional as miniOptional } from 'zod/mini';
import { CURRENCY_CODES, describeAmountProblem, parseAmount, type Money } from '../money';
import { accountNameSchema, accountNumberSchema } from './customer-data';

/**
 * A merchant order ID: 1–64 characters of letters, digits and `- _ . ~ : + =`, so UUIDs, nanoid,
 * base64url (even with a leading `-` or `_`) and standard base64 without `/` all fit; `+` and `=`
 * are percent-encoded in URLs (%2B, %3D). Never "." or ".." (path traversal), never "/" (an encoded
 * slash is mangled by many proxies), never "!" (our action segments). docs/decisions/009.
 */
export const ID_PAYIN_PATTERN = /^(?!\.{1,2}$)[A-Za-z0-9._~:+=-]{1,64}$/;
export const idPayinSchema = z
  .string()
  .regex(
    ID_PAYIN_PATTERN,
    'Use 1–64 characters: letters, digits and - _ . ~ : + = (base64url rather than base64 with "/").',
  );

/** Merchant codes: 1–64 letters, digits, _ or - (as the merchants file allows them). */
export const MERCHANT_CODE_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
export const merchantCodeSchema = z
  .string()
  .regex(MERCHANT_CODE_PATTERN, 'Use the merchant code you were given: 1–64 letters, digits, _ or -.');

export const currencyCodeSchema = z.enum(CURRENCY_CODES, { error: 'Unknown currency code.' });

/** The API's Money object, parsed into exact minor units (never a float past this point). */
export const moneySchema = z
  .object({
    amount: z.number({ error: 'Amount must be a number.' }),
    currencyCode: currencyCodeSchema,
  })
  .transform((value, ctx): Money => {
    const parsed = parseAmount(value.amount, value.currencyCode);
    if (!parsed.ok) {
      ctx.addIssue({
        code: 'custom',
        path: ['amount'],
        message: describeAmountProblem(parsed.problem, value.currencyCode),
      });
      return z.NEVER;
    }
    return parsed.money;
  });

// The customer-data fields are zod/mini schemas shared with the hosted app's form (customer-data.ts).
export { emailSchema, phoneNumberSchema } from './customer-data';

const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

/**
 * An absolute http(s) URL without credentials or control characters, at most 2048 characters.
 * Whether plain http is allowed for a host is the server's policy (server/payins/url-policy.ts).
 */
export const absoluteUrlSchema = z
  .string()
  .max(2048, 'URL is longer than 2048 characters.')
  .refine((value) => !CONTROL_CHARACTERS.test(value), 'URL contains control characters.')
  .refine((value) => {
    if (!URL.canParse(value)) return false;
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
  }, 'Must be an absolute http(s) URL.')
  .refine((value) => {
    if (!URL.canParse(value)) return true;
    const url = new URL(value);
    return url.username === '' && url.password === '';
  }, 'URL must not contain credentials.');

export const accountSchema = z.object({
  accountName: miniOptional(accountNameSchema),
  accountNumber: miniOptional(accountNumberSchema),
});
