import { CURRENCIES, CURRENCY_CODES, type CurrencyCode } from '../money/currencies';

/**
 * Payout methods: how a merchant's money leaves for an account it names (docs/decisions/027). The
 * destination rules of each (bank codes, wallet numbers, addresses) are the server's
 * (server/payouts/destinations); this closed set is isomorphic so the console can list it.
 */
export const PAYOUT_METHOD_CODES = ['BANK_TRANSFER', 'PROMPTPAY', 'UPI', 'MOBILE_MONEY', 'CRYPTO'] as const;
export type PayoutMethodCode = (typeof PAYOUT_METHOD_CODES)[number];

export function isPayoutMethodCode(value: string): value is PayoutMethodCode {
  return (PAYOUT_METHOD_CODES as readonly string[]).includes(value);
}

/**
 * The processorStatus values a payout ends with: APPROVED on SUCCESS, otherwise why the receiving
 * institution or we refused it. A processor may report others, so reads type it as a string.
 */
export const PAYOUT_PROCESSOR_STATUSES = [
  'APPROVED',
  'ACCOUNT_INVALID',
  'ACCOUNT_CLOSED',
  'NAME_MISMATCH',
  'LIMIT_EXCEEDED',
  'DECLINED',
  'CANCELLED',
  // Crypto payouts (docs/decisions/043): the transaction reverted on chain, or its nonce was taken by another.
  'TRANSACTION_FAILED',
  'TRANSACTION_REPLACED',
] as const;
export type PayoutProcessorStatus = (typeof PAYOUT_PROCESSOR_STATUSES)[number];

/**
 * The currencies each method pays out in. Every currency with a country has a domestic bank transfer;
 * Thailand's PromptPay and India's UPI also pay to an alias (a PromptPay ID, a UPI ID) that the
 * payer knows by heart; the stablecoins have no bank and go to a wallet address instead.
 */
export const payoutMethodCurrencies: Record<PayoutMethodCode, readonly CurrencyCode[]> = {
  BANK_TRANSFER: CURRENCY_CODES.filter((code) => CURRENCIES[code].country !== null),
  PROMPTPAY: ['THB'],
  UPI: ['INR'],
  MOBILE_MONEY: ['GHS', 'KES'],
  CRYPTO: ['USDT', 'USDC'],
};
