import type { MethodCode } from '../methods/catalogue';
import { ewalletFlowOf, p2aV2VariantOf } from '../methods/variants';
import type { CurrencyCode } from '../money/currencies';

/** Customer data fields a payment request can carry under `paymentMethod`. */
export const CUSTOMER_FIELDS = ['emailAddress', 'phoneNumber', 'accountName', 'accountNumber'] as const;
export type CustomerField = (typeof CUSTOMER_FIELDS)[number];

/**
 * required: the request is refused without it; optional: the form offers it and the server keeps it;
 * unused: not part of the method's request object, so the form does not ask for it and the server
 * drops it (the specification's rule for unknown properties).
 */
export const FIELD_RULES = ['required', 'optional', 'unused'] as const;
export type FieldRule = (typeof FIELD_RULES)[number];
export type CustomerFieldRules = Record<CustomerField, FieldRule>;

const NONE: CustomerFieldRules = {
  emailAddress: 'unused',
  phoneNumber: 'unused',
  accountName: 'unused',
  accountNumber: 'unused',
};

function fields(rules: Partial<CustomerFieldRules>): CustomerFieldRules {
  return { ...NONE, ...rules };
}

/** Push methods reach the customer on the phone their wallet or banking app is registered to. */
const PUSH = fields({ phoneNumber: 'required', accountName: 'optional' });
/** The customer account funds are expected from (accountCustomer, payer matching). */
const PAYER_ACCOUNT = fields({ accountName: 'optional', accountNumber: 'optional' });

type RuleOf = (currency: CurrencyCode, operatorCode: string | undefined) => CustomerFieldRules;

const RULES: Record<MethodCode, RuleOf> = {
  BANKA_PAY: () => PUSH,
  CRYPTO_OFFLINE: () => fields({ emailAddress: 'optional' }),
  QRMY: () => PAYER_ACCOUNT,
  EWALLET: (_currency, operatorCode) =>
    ewalletFlowOf(operatorCode) === 'push'
      ? PUSH
      : fields({ phoneNumber: 'optional', accountName: 'optional' }),
  // The Indian ID-based (UPI ID) variant takes an optional email; the wire variant the payer's account.
  P2A_V2: (_currency, operatorCode) =>
    p2aV2VariantOf(operatorCode) === 'phone-to-account'
      ? fields({ emailAddress: 'optional', accountName: 'optional' })
      : PAYER_ACCOUNT,
  ONLINE: () => PAYER_ACCOUNT,
  MOBILE_MONEY: () => PUSH,
  NETBANKING: () => fields({ accountName: 'optional', emailAddress: 'optional', phoneNumber: 'optional' }),
  OFFLINE: (currency) => ({
    emailAddress: currency === 'JPY' ? 'required' : 'optional',
    phoneNumber: 'optional',
    accountName: currency === 'KRW' ? 'required' : 'optional',
    accountNumber: 'optional',
  }),
  PAY_ME: () => fields({ phoneNumber: 'required', accountName: 'optional', accountNumber: 'optional' }),
  QRTH: () => fields({ accountName: 'optional', accountNumber: 'required' }),
  QRID: () => NONE,
  QRPH: () => NONE,
  QRIN: () => NONE,
  VAPAY: () => PAYER_ACCOUNT,
  QRVN: () => fields({ emailAddress: 'optional' }),
};

/**
 * Which customer data a method needs, from the specification's method-dependent request rules; the
 * operator matters where it selects a variant (EWALLET push or redirect, P2A_V2 UPI ID or wire).
 * One table drives the server's validation and the hosted app's form, so they cannot disagree.
 */
export function customerFieldRules(
  method: MethodCode,
  currency: CurrencyCode,
  operatorCode?: string,
): CustomerFieldRules {
  return RULES[method](currency, operatorCode);
}

/**
 * Whether the phone must be a mobile number of the payment's country: where the method hands it to
 * the rail (a push to approve, a wallet login: the method requires it), and for NETBANKING, whose
 * phone the specification says is validated (2.10). Elsewhere an optional phone that is not a valid
 * number is dropped rather than refused: nothing depends on it.
 */
export function phoneMustBeDomesticMobile(
  method: MethodCode,
  currency: CurrencyCode,
  operatorCode?: string,
): boolean {
  return (
    method === 'NETBANKING' || customerFieldRules(method, currency, operatorCode).phoneNumber === 'required'
  );
}
