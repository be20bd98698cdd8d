import 'server-only';
import type { CurrencyCode } from '@/lib/money';
import { derivedDigits } from './derived';

/** Account number lengths of the domestic rails (digits), for realistic sandbox accounts. */
export const ACCOUNT_DIGITS: Partial<Record<CurrencyCode, number>> = {
  CNY: 19,
  JPY: 7,
  KRW: 12,
  LAK: 16,
  NGN: 10,
  PHP: 12,
  THB: 10,
  VND: 13,
  IDR: 10,
  INR: 14,
  ZAR: 10,
  MYR: 12,
};

/**
 * The collection account a merchant's customers pay into at an operator. Stable per merchant and
 * operator (derived, not random), so instructions a customer saved stay valid across payins.
 */
export function collectionAccountNumber(
  merchantCode: string,
  operatorCode: string,
  currency: CurrencyCode,
): string {
  return derivedDigits([merchantCode, operatorCode, currency], ACCOUNT_DIGITS[currency] ?? 12);
}
