import type { MethodCode } from '../methods/catalogue';
import type { CurrencyCode } from '../money/currencies';

/** Customer data fields a payment request can carry under `paymentMethod`. */
export const CUSTOMER_FIELDS = ['emailAddress', 'phoneNumber', 'accountName', 'accountNumber'] as const;
export type CustomerField = (typeof CUSTOMER_FIELDS)[number];

export type FieldRule = 'required' | 'optional';
export type CustomerFieldRules = Record<CustomerField, FieldRule>;

const ALL_OPTIONAL: CustomerFieldRules = {
  emailAddress: 'optional',
  phoneNumber: 'optional',
  accountName: 'optional',
  accountNumber: 'optional',
};

/**
 * Which customer data a method needs, from the specification's method-dependent request rules.
 * One table drives the server's validation and the hosted app's form, so they cannot disagree.
 */
export function customerFieldRules(method: MethodCode, currency: CurrencyCode): CustomerFieldRules {
  switch (method) {
    case 'OFFLINE':
      return {
        ...ALL_OPTIONAL,
        accountName: currency === 'KRW' ? 'required' : 'optional',
        emailAddress: currency === 'JPY' ? 'required' : 'optional',
      };
    case 'QRTH':
      return { ...ALL_OPTIONAL, accountNumber: 'required' };
    // Push methods reach the customer on the phone their wallet or banking app is registered to.
    case 'MOBILE_MONEY':
    case 'BANKA_PAY':
    case 'PAY_ME':
      return { ...ALL_OPTIONAL, phoneNumber: 'required' };
    default:
      return ALL_OPTIONAL;
  }
}
