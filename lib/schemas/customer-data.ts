import * as z from 'zod/mini';
import type { CustomerField } from './customer-fields';

/**
 * Customer data fields, written with zod/mini so the hosted app's browser bundle carries them for a
 * few kilobytes (classic zod pulls ~90 kB gzip): the API validates with these very schemas and the
 * payment form validates with them before submitting (docs/decisions/015-hosted-app.md).
 */

/** RFC 5321 caps a mailbox at 254 characters. */
export const emailSchema = z
  .email('Enter a valid email address.')
  .check(z.maxLength(254, 'At most 254 characters.'));

/**
 * Phone numbers in international E.164 form (+ and 8–15 digits). Spaces, dots, dashes and
 * parentheses are accepted on input and removed, so "+66 81-234-5678" is "+66812345678".
 */
export const phoneNumberSchema = z.pipe(
  z.pipe(
    z.string().check(z.maxLength(32, 'At most 32 characters.')),
    z.transform((value) => value.replace(/[\s().-]/g, '')),
  ),
  z
    .string()
    .check(z.regex(/^\+[1-9]\d{7,14}$/, 'Enter the phone number in international form, e.g. +66812345678.')),
);

/** Text without C0 or C1 control characters (NUL included), which no person types and no rail carries. */
export const WITHOUT_CONTROL_CHARACTERS = /^[^\u0000-\u001f\u007f-\u009f]*$/;
const noControlCharacters = z.regex(WITHOUT_CONTROL_CHARACTERS, 'Must not contain control characters.');

export const accountNameSchema = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, 'Required.'),
    z.maxLength(140, 'At most 140 characters.'),
    noControlCharacters,
  );
export const accountNumberSchema = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, 'Required.'),
    z.maxLength(64, 'At most 64 characters.'),
    noControlCharacters,
  );

export const CUSTOMER_FIELD_SCHEMAS = {
  emailAddress: emailSchema,
  phoneNumber: phoneNumberSchema,
  accountName: accountNameSchema,
  accountNumber: accountNumberSchema,
} as const satisfies Record<CustomerField, z.ZodMiniType>;

/**
 * The schema of a flat customer-data form: each field required or optional as the method says, and
 * the phone a mobile number of the payment's country where the rail needs one (the same pattern the
 * API applies, lib/methods/phone-numbers.ts).
 */
export function customerDataSchema(
  fields: readonly { field: CustomerField; required: boolean }[],
  options: { domesticPhonePattern?: RegExp | undefined } = {},
) {
  const shape: Record<string, z.ZodMiniType> = {};
  for (const { field, required } of fields) {
    const schema =
      field === 'phoneNumber' && options.domesticPhonePattern
        ? z.pipe(
            phoneNumberSchema,
            z.string().check(z.regex(options.domesticPhonePattern, 'Enter a mobile number of this country.')),
          )
        : CUSTOMER_FIELD_SCHEMAS[field];
    // An optional field left empty in a form is absent, not an empty string to validate.
    shape[field] = required
      ? schema
      : z.optional(
          z.pipe(
            z.transform((value: unknown) => (value === '' ? undefined : value)),
            z.optional(schema),
          ),
        );
  }
  return z.object(shape);
}
