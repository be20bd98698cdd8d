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
  /**
   * The specification's request data object; its response object is `<requestObject>Response`
   * (OfflineMethod, OfflineMethodResponse). P2A_V2 has a second object for its wire variant.
   */
  requestObject: string;
}

export const METHODS: Record<MethodCode, MethodInfo> = {
  BANKA_PAY: { name: 'Bank A Pay', currencies: ['ZAR'], completion: 'push', requestObject: 'BankAPayMethod' },
  CRYPTO_OFFLINE: {
    name: 'Crypto',
    currencies: ['USDC', 'USDT'],
    completion: 'instructions',
    requestObject: 'CryptoOfflineMethod',
  },
  QRMY: { name: 'Malaysian QR', currencies: ['MYR'], completion: 'qr', requestObject: 'QrMyMethod' },
  EWALLET: { name: 'E-Wallet', currencies: ['IDR'], completion: 'redirect', requestObject: 'EWalletMethod' },
  P2A_V2: {
    name: 'India bank transfer',
    currencies: ['INR'],
    completion: 'external-reference',
    requestObject: 'P2AV2Method',
  },
  ONLINE: {
    name: 'Instant bank transfer',
    currencies: ['INR', 'THB', 'MYR', 'VND', 'ZAR'],
    completion: 'redirect',
    requestObject: 'OnlineMethod',
  },
  MOBILE_MONEY: {
    name: 'Mobile money',
    currencies: ['GHS', 'KES'],
    completion: 'push',
    requestObject: 'MobileMoneyMethod',
  },
  NETBANKING: {
    name: 'Netbanking',
    currencies: ['INR'],
    completion: 'redirect',
    requestObject: 'NetBankingMethod',
  },
  OFFLINE: {
    name: 'Bank transfer',
    currencies: ['CNY', 'JPY', 'KRW', 'LAK', 'NGN', 'PHP', 'THB', 'VND'],
    completion: 'instructions',
    requestObject: 'OfflineMethod',
  },
  PAY_ME: { name: 'Pay Me', currencies: ['ZAR'], completion: 'push', requestObject: 'PayMeMethod' },
  QRTH: { name: 'Thai QR', currencies: ['THB'], completion: 'qr', requestObject: 'QrThMethod' },
  QRID: { name: 'Indonesian QR', currencies: ['IDR'], completion: 'qr', requestObject: 'QrIdMethod' },
  QRPH: { name: 'Philippine QR', currencies: ['PHP'], completion: 'qr', requestObject: 'QRPhMethod' },
  QRIN: { name: 'Indian QR (UPI)', currencies: ['INR'], completion: 'deeplink', requestObject: 'QrInMethod' },
  VAPAY: {
    name: 'Virtual account',
    currencies: ['IDR', 'KRW'],
    completion: 'instructions',
    requestObject: 'VaPayMethod',
  },
  QRVN: { name: 'Vietnamese QR', currencies: ['VND'], completion: 'qr', requestObject: 'QrVnMethod' },
};

export function isMethodCode(value: string): value is MethodCode {
  return Object.hasOwn(METHODS, value);
}

export function methodTakesCurrency(method: MethodCode, currency: CurrencyCode): boolean {
  return METHODS[method].currencies.includes(currency);
}
