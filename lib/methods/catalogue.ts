import type { CurrencyCode } from '../money/currencies';

/** Every payment method code of the specification's "Payment methods" table. */
export const METHOD_CODES = [
  'BANKA_PAY',
  'CRYPTO_OFFLINE',
  'QRMY',
  'EWALLET',
  'P2A_V2',
  'ONLINE',
  'MOBILE_MONEY',
  'NETBANKING',
  'OFFLINE',
  'PAY_ME',
  'QRTH',
  'QRID',
  'QRPH',
  'QRIN',
  'VAPAY',
  'QRVN',
] as const;

export type MethodCode = (typeof METHOD_CODES)[number];

/** How the customer completes a payment (docs: architecture guide, "Completion kinds"). */
export const COMPLETION_KINDS = [
  'redirect',
  'instructions',
  'qr',
  'deeplink',
  'push',
  'external-reference',
] as const;
export type CompletionKind = (typeof COMPLETION_KINDS)[number];

export interface MethodInfo {
  /** English display name; the hosted app translates by method code. */
  name: string;
  /** Exactly the currencies the specification lists for the method. */
  currencies: readonly CurrencyCode[];
  /** The usual completion kind; an adapter may pick another for a currency or operator. */
  completion: CompletionKind;
}

export const METHODS: Record<MethodCode, MethodInfo> = {
  BANKA_PAY: { name: 'Bank A Pay', currencies: ['ZAR'], completion: 'push' },
  CRYPTO_OFFLINE: { name: 'Crypto', currencies: ['USDC', 'USDT'], completion: 'instructions' },
  QRMY: { name: 'Malaysian QR', currencies: ['MYR'], completion: 'qr' },
  EWALLET: { name: 'E-Wallet', currencies: ['IDR'], completion: 'redirect' },
  P2A_V2: { name: 'India bank transfer', currencies: ['INR'], completion: 'external-reference' },
  ONLINE: {
    name: 'Instant bank transfer',
    currencies: ['INR', 'THB', 'MYR', 'VND', 'ZAR'],
    completion: 'redirect',
  },
  MOBILE_MONEY: { name: 'Mobile money', currencies: ['GHS', 'KES'], completion: 'push' },
  NETBANKING: { name: 'Netbanking', currencies: ['INR'], completion: 'redirect' },
  OFFLINE: {
    name: 'Bank transfer',
    currencies: ['CNY', 'JPY', 'KRW', 'LAK', 'NGN', 'PHP', 'THB', 'VND'],
    completion: 'instructions',
  },
  PAY_ME: { name: 'Pay Me', currencies: ['ZAR'], completion: 'push' },
  QRTH: { name: 'Thai QR', currencies: ['THB'], completion: 'qr' },
  QRID: { name: 'Indonesian QR', currencies: ['IDR'], completion: 'qr' },
  QRPH: { name: 'Philippine QR', currencies: ['PHP'], completion: 'qr' },
  QRIN: { name: 'Indian QR (UPI)', currencies: ['INR'], completion: 'deeplink' },
  VAPAY: { name: 'Virtual account', currencies: ['IDR', 'KRW'], completion: 'instructions' },
  QRVN: { name: 'Vietnamese QR', currencies: ['VND'], completion: 'qr' },
};

export function isMethodCode(value: string): value is MethodCode {
  return Object.hasOwn(METHODS, value);
}

export function methodTakesCurrency(method: MethodCode, currency: CurrencyCode): boolean {
  return METHODS[method].currencies.includes(currency);
}
