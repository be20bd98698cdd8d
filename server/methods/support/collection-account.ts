import 'server-only';
import type { CurrencyCode } from '@/lib/money';
import { BANK_RULES, bankOf, isBankCurrency } from '../../rails';
import type { BankOperator } from '../operators/banks';
import { derivedDigits } from './derived';

/** How many digits a sandbox account number of the currency has: its rail's usual length. */
export function sandboxAccountDigits(currency: CurrencyCode): number {
  return isBankCurrency(currency) ? BANK_RULES[currency].typicalDigits : 12;
}

/**
 * The collection account a merchant's customers pay into at an operator. Stable per merchant and
 * operator (derived, not random), so instructions a customer saved stay valid across payins.
 */
export function collectionAccountNumber(
  merchantCode: string,
  operatorCode: string,
  currency: CurrencyCode,
): string {
  return derivedDigits([merchantCode, operatorCode, currency], sandboxAccountDigits(currency));
}

function bankOperator(currency: 'THB' | 'VND', code: string): BankOperator {
  const { name, bankCode } = bankOf(currency, code);
  return { code, name, bankCode };
}

/** The banks behind the sandbox's PromptPay ID and VietQR account. */
export const SANDBOX_PROMPTPAY_BANK = bankOperator('THB', 'KBANK');
export const SANDBOX_VIETQR_BANK = bankOperator('VND', 'VCB');
