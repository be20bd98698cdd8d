/**
 * The currencies the specification names (Money.currencyCode), with the precision we accept.
 * `decimals` is the number of fraction digits an `amount` may carry and the exponent of the integer
 * minor units we store (docs/decisions/004-money-in-minor-units.md). Changing it needs a data migration.
 */
export const CURRENCY_CODES = [
  'CNY',
  'GHS',
  'IDR',
  'INR',
  'JPY',
  'KES',
  'KRW',
  'LAK',
  'MYR',
  'NGN',
  'PHP',
  'THB',
  'USDC',
  'USDT',
  'VND',
  'ZAR',
] as const;

export type CurrencyCode = (typeof CURRENCY_CODES)[number];

export interface CurrencyInfo {
  /** Fraction digits accepted in `amount` and used for minor units. */
  decimals: number;
  /** ISO 4217 numeric code (EMVCo tag 53); null for tokens that are not ISO currencies. */
  isoNumeric: string | null;
  /** Country whose payment rails settle this currency (ISO 3166-1 alpha-2); null for tokens. */
  country: string | null;
}

export const CURRENCIES: Record<CurrencyCode, CurrencyInfo> = {
  CNY: { decimals: 2, isoNumeric: '156', country: 'CN' },
  GHS: { decimals: 2, isoNumeric: '936', country: 'GH' },
  // ISO gives IDR two decimals, but rupiah amounts are whole on every Indonesian rail (QRIS, VA, e-wallets).
  IDR: { decimals: 0, isoNumeric: '360', country: 'ID' },
  INR: { decimals: 2, isoNumeric: '356', country: 'IN' },
  JPY: { decimals: 0, isoNumeric: '392', country: 'JP' },
  KES: { decimals: 2, isoNumeric: '404', country: 'KE' },
  KRW: { decimals: 0, isoNumeric: '410', country: 'KR' },
  // ISO gives LAK two decimals (att), which no Lao bank transfer uses.
  LAK: { decimals: 0, isoNumeric: '418', country: 'LA' },
  MYR: { decimals: 2, isoNumeric: '458', country: 'MY' },
  NGN: { decimals: 2, isoNumeric: '566', country: 'NG' },
  PHP: { decimals: 2, isoNumeric: '608', country: 'PH' },
  THB: { decimals: 2, isoNumeric: '764', country: 'TH' },
  // Stablecoin tokens: six decimals on chain (ERC-20 and TRC-20 USDT/USDC).
  USDC: { decimals: 6, isoNumeric: null, country: null },
  USDT: { decimals: 6, isoNumeric: null, country: null },
  VND: { decimals: 0, isoNumeric: '704', country: 'VN' },
  ZAR: { decimals: 2, isoNumeric: '710', country: 'ZA' },
};

export function isCurrencyCode(value: string): value is CurrencyCode {
  return Object.hasOwn(CURRENCIES, value);
}
