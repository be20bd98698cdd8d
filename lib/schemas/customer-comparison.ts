import { parsePhone } from '../methods/phone-numbers';
import type { CurrencyCode } from '../money';
import type { CustomerField } from './customer-fields';

/**
 * A customer-data value as bound terms are compared (docs/decisions/030), the same for the API and
 * the hosted page: trimmed, e-mail addresses without case, phone numbers in E.164 for the payment's
 * country when they read as one. Empty is no value.
 */
export function comparableCustomerValue(
  field: CustomerField,
  value: string | undefined,
  currency: CurrencyCode | undefined,
): string | undefined {
  const text = value?.trim();
  if (text === undefined || text === '') return undefined;
  if (field === 'emailAddress') return text.toLowerCase();
  if (field === 'phoneNumber' && currency) {
    const phone = parsePhone(text, currency);
    return phone.ok ? phone.e164 : text;
  }
  return text;
}
