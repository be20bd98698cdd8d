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
 * A phone number as a person writes it, nationally ("081 234 5678") or internationally
 * ("+66 81 234 5678"): digits with the usual separators, 6 to 15 digits. Which country's number it
 * is, and whether it is one, the API decides with the payment's currency
 * (lib/methods/phone-numbers.ts); this shape check is what the browser can afford.
 */
export const phoneNumberSchema = z.string().check(
  z.maxLength(32, 'At most 32 characters.'),
  z.regex(/^\+?[\d\s().-]*$/, 'Enter a phone number, e.g. 081 234 5678 or +66 81 234 5678.'),
  z.refine((value) => {
    const digits = value.replace(/\D/g, '').length;
    return digits >= 6 && digits <= 15;
  }, 'Enter a phone number, e.g. 081 234 5678 or +66 81 234 5678.'),
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
 * The schema of a flat customer-data form: each field required or optional as the method says.
 * Phone numbers are checked for shape only; the API normalises them for the payment's country and
 * refuses those a method cannot use.
 */
export function customerDataSchema(fields: readonly { field: CustomerField; required: boolean }[]) {
  const shape: Record<string, z.ZodMiniType> = {};
  for (const { field, required } of fields) {
    const schema = CUSTOMER_FIELD_SCHEMAS[field];
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
