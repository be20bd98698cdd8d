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
  /**
   * Whose institution the payment operator is. `customer`: the customer's own bank, wallet, mobile
   * network or crypto network, where they log in, approve or send from; the customer picks it.
   * `service`: where the money is collected (our bank account, the QR acquirer); the service assigns
   * it and the customer is never asked (docs/decisions/023-hosted-payment-flows.md).
   */
  operatorChosenBy: 'customer' | 'service';
}

export const METHODS: Record<MethodCode, MethodInfo> = {
  BANKA_PAY: {
    name: 'Bank A Pay',
    currencies: ['ZAR'],
    completion: 'push',
    requestObject: 'BankAPayMethod',
    operatorChosenBy: 'customer',
  },
  CRYPTO_OFFLINE: {
    name: 'Crypto',
    currencies: ['USDC', 'USDT'],
    completion: 'instructions',
    requestObject: 'CryptoOfflineMethod',
    operatorChosenBy: 'customer',
  },
  QRMY: {
    name: 'Malaysian QR',
    currencies: ['MYR'],
    completion: 'qr',
    requestObject: 'QrMyMethod',
    operatorChosenBy: 'service',
  },
  EWALLET: {
    name: 'E-Wallet',
    currencies: ['IDR'],
    completion: 'redirect',
    requestObject: 'EWalletMethod',
    operatorChosenBy: 'customer',
  },
  P2A_V2: {
    name: 'India bank transfer',
    currencies: ['INR'],
    completion: 'external-reference',
    requestObject: 'P2AV2Method',
    operatorChosenBy: 'customer',
  },
  ONLINE: {
    name: 'Instant bank transfer',
    currencies: ['INR', 'THB', 'MYR', 'VND', 'ZAR'],
    completion: 'redirect',
    requestObject: 'OnlineMethod',
    operatorChosenBy: 'customer',
  },
  MOBILE_MONEY: {
    name: 'Mobile money',
    currencies: ['GHS', 'KES'],
    completion: 'push',
    requestObject: 'MobileMoneyMethod',
    operatorChosenBy: 'customer',
  },
  NETBANKING: {
    name: 'Netbanking',
    currencies: ['INR'],
    completion: 'redirect',
    requestObject: 'NetBankingMethod',
    operatorChosenBy: 'customer',
  },
  OFFLINE: {
    name: 'Bank transfer',
    currencies: ['CNY', 'JPY', 'KRW', 'LAK', 'NGN', 'PHP', 'THB', 'VND'],
    completion: 'instructions',
    requestObject: 'OfflineMethod',
    operatorChosenBy: 'service',
  },
  PAY_ME: {
    name: 'Pay Me',
    currencies: ['ZAR'],
    completion: 'push',
    requestObject: 'PayMeMethod',
    operatorChosenBy: 'customer',
  },
  QRTH: {
    name: 'Thai QR',
    currencies: ['THB'],
    completion: 'qr',
    requestObject: 'QrThMethod',
    operatorChosenBy: 'service',
  },
  QRID: {
    name: 'Indonesian QR',
    currencies: ['IDR'],
    completion: 'qr',
    requestObject: 'QrIdMethod',
    operatorChosenBy: 'service',
  },
  QRPH: {
    name: 'Philippine QR',
    currencies: ['PHP'],
    completion: 'qr',
    requestObject: 'QRPhMethod',
    operatorChosenBy: 'service',
  },
  QRIN: {
    name: 'Indian QR (UPI)',
    currencies: ['INR'],
    completion: 'deeplink',
    requestObject: 'QrInMethod',
    operatorChosenBy: 'service',
  },
  VAPAY: {
    name: 'Virtual account',
    currencies: ['IDR', 'KRW'],
    completion: 'instructions',
    requestObject: 'VaPayMethod',
    operatorChosenBy: 'customer',
  },
  QRVN: {
    name: 'Vietnamese QR',
    currencies: ['VND'],
    completion: 'qr',
    requestObject: 'QrVnMethod',
    operatorChosenBy: 'service',
  },
};

export function isMethodCode(value: string): value is MethodCode {
  return Object.hasOwn(METHODS, value);
}

export function methodTakesCurrency(method: MethodCode, currency: CurrencyCode): boolean {
  return METHODS[method].currencies.includes(currency);
}
