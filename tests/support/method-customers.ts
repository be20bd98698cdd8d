import { customerFieldRules, phoneExampleE164, type MethodCode } from '@/lib/methods';
import type { CurrencyCode } from '@/lib/money';
import type { CustomerData } from '@/server/methods';

/** Customer data that satisfies every rule of the method, with every field it uses filled in. */
export function completeCustomer(
  method: MethodCode,
  currency: CurrencyCode,
  operatorCode?: string,
): CustomerData {
  const rules = customerFieldRules(method, currency, operatorCode);
  const takes = (field: keyof typeof rules) => rules[field] !== 'unused';
  return {
    ...(takes('emailAddress') && { emailAddress: 'customer@example.com' }),
    ...(takes('phoneNumber') && { phoneNumber: phoneExampleE164(currency) }),
    ...(takes('accountName') && { accountName: 'Pat Customer' }),
    ...(takes('accountNumber') && { accountNumber: '9876543210' }),
  };
}

/**
 * A value for a field a request schema says is missing, as a merchant's generator would fill it
 * (customer data; else the schema's first enum value, when it has one).
 */
export function sampleField(
  property: string,
  currency: CurrencyCode,
  schema?: Record<string, unknown>,
): unknown {
  switch (property) {
    case 'emailAddress':
      return 'customer@example.com';
    case 'phoneNumber':
      return phoneExampleE164(currency);
    case 'accountName':
      return 'Pat Customer';
    case 'accountNumber':
      return '1234567890';
    case 'account':
      return {};
    default:
      return (schema?.enum as unknown[] | undefined)?.[0];
  }
}
