import type { CurrencyCode } from '../money/currencies';
import type { CustomerFieldRules } from '../schemas/customer-fields';
import type { MethodDescriptor } from './descriptor';
import { BANKA_PAY } from './descriptors/banka-pay';
import { CRYPTO_OFFLINE } from './descriptors/crypto-offline';
import { EWALLET } from './descriptors/ewallet';
import { MOBILE_MONEY } from './descriptors/mobile-money';
import { NETBANKING } from './descriptors/netbanking';
import { OFFLINE } from './descriptors/offline';
import { ONLINE } from './descriptors/online';
import { P2A_V2 } from './descriptors/p2a-v2';
import { PAY_ME } from './descriptors/pay-me';
import { QRID } from './descriptors/qrid';
import { QRIN } from './descriptors/qrin';
import { QRMY } from './descriptors/qrmy';
import { QRPH } from './descriptors/qrph';
import { QRTH } from './descriptors/qrth';
import { QRVN } from './descriptors/qrvn';
import { VAPAY } from './descriptors/vapay';

export { COMPLETION_KINDS, type CompletionKind, type MethodDescriptor } from './descriptor';

/** Every payment method of the specification's "Payment methods" table, in its order: one descriptor each. */
const DESCRIPTORS = [
  BANKA_PAY,
  CRYPTO_OFFLINE,
  QRMY,
  EWALLET,
  P2A_V2,
  ONLINE,
  MOBILE_MONEY,
  NETBANKING,
  OFFLINE,
  PAY_ME,
  QRTH,
  QRID,
  QRPH,
  QRIN,
  VAPAY,
  QRVN,
] as const;

export type MethodCode = (typeof DESCRIPTORS)[number]['code'];

/** Every method code, in the specification's order (a tuple, for z.enum). */
export const METHOD_CODES = DESCRIPTORS.map((descriptor) => descriptor.code) as unknown as readonly [
  MethodCode,
  ...MethodCode[],
];

/** Each method's descriptor by its code. */
export const METHODS = Object.fromEntries(
  DESCRIPTORS.map((descriptor) => [descriptor.code, descriptor]),
) as unknown as { readonly [Code in MethodCode]: MethodDescriptor<Code> };

export function isMethodCode(value: string): value is MethodCode {
  return Object.hasOwn(METHODS, value);
}

export function methodTakesCurrency(method: MethodCode, currency: CurrencyCode): boolean {
  return METHODS[method].currencies.includes(currency);
}

/**
 * Which customer data a method needs, from the specification's method-dependent request rules; the
 * operator matters where it selects a variant (EWALLET push or redirect, P2A_V2 UPI ID or wire).
 * One descriptor drives the server's validation and the hosted app's form, so they cannot disagree.
 */
export function customerFieldRules(
  method: MethodCode,
  currency: CurrencyCode,
  operatorCode?: string,
): CustomerFieldRules {
  return METHODS[method].customerFields(currency, operatorCode);
}

/**
 * Whether the phone must be a mobile number of the payment's country: where the method hands it to
 * the rail (a push to approve, a wallet login: the method requires it), and where the specification
 * validates it (NETBANKING, 2.10). Elsewhere an optional phone that is not a valid number is dropped
 * rather than refused: nothing depends on it.
 */
export function phoneMustBeDomesticMobile(
  method: MethodCode,
  currency: CurrencyCode,
  operatorCode?: string,
): boolean {
  return (
    METHODS[method].validatesPhone ||
    customerFieldRules(method, currency, operatorCode).phoneNumber === 'required'
  );
}
