import 'server-only';
import { createHash } from 'node:crypto';
import type { CurrencyCode } from '@/lib/money';

/** Account number lengths of the domestic rails (digits), for realistic sandbox accounts. */
const ACCOUNT_DIGITS: Partial<Record<CurrencyCode, number>> = {
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
  const digits = ACCOUNT_DIGITS[currency] ?? 12;
  const hash = createHash('sha256').update(`${merchantCode}\u0000${operatorCode}\u0000${currency}`).digest();
  let number = '';
  for (let i = 0; number.length < digits; i++) number += (hash[i % hash.length]! % 10).toString();
  // Never a leading zero: some banking apps drop it when the customer pastes the number.
  return (number[0] === '0' ? '1' : number[0]) + number.slice(1);
}
