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
