import { z } from 'zod';
import { CURRENCY_CODES, describeAmountProblem, parseAmount, type Money } from '../money';

/**
 * A merchant order ID: 1–64 characters that need no escaping in a URL path segment and start with a
 * letter or digit, so "." and ".." (path traversal) and "!..." (our action segments) can never be IDs.
 */
export const ID_PAYIN_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._:~-]{0,63}$/;
export const idPayinSchema = z
  .string()
  .regex(
    ID_PAYIN_PATTERN,
    'Use 1–64 characters: letters, digits and . _ : ~ - (starting with a letter or digit).',
  );

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

/** RFC 5321 caps a mailbox at 254 characters; z.email() checks the shape. */
export const emailSchema = z.email({ error: 'Enter a valid email address.' }).max(254);

/**
 * Phone numbers in international E.164 form (+ and 8–15 digits). Spaces, dots, dashes and
 * parentheses are accepted on input and removed, so "+66 81-234-5678" is "+66812345678".
 */
export const phoneNumberSchema = z
  .string()
  .max(32)
  .transform((value) => value.replace(/[\s().-]/g, ''))
  .pipe(
    z.string().regex(/^\+[1-9]\d{7,14}$/, 'Enter the phone number in international form, e.g. +66812345678.'),
  );

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
  accountName: z.string().trim().min(1).max(140).optional(),
  accountNumber: z.string().trim().min(1).max(64).optional(),
});
