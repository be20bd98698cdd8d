// TEMPORARY until the payout-rules branch lands.
import type { CurrencyCode } from '../money/currencies';
export const PAYOUT_METHOD_CODES = ['BANK_TRANSFER', 'MOBILE_MONEY', 'CRYPTO'] as const;
export type PayoutMethodCode = (typeof PAYOUT_METHOD_CODES)[number];
export const PAYOUT_PROCESSOR_STATUSES = [
  'APPROVED',
  'ACCOUNT_INVALID',
  'ACCOUNT_CLOSED',
  'NAME_MISMATCH',
  'LIMIT_EXCEEDED',
  'DECLINED',
  'CANCELLED',
] as const;
export const payoutMethodCurrencies: Record<PayoutMethodCode, readonly CurrencyCode[]> = {
  BANK_TRANSFER: ['THB', 'INR'],
  MOBILE_MONEY: ['GHS', 'KES'],
  CRYPTO: ['USDT', 'USDC'],
};
