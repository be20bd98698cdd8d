import type { MethodCode } from '@/lib/methods';
import type { PayoutMethodCode } from '@/lib/payouts/methods';
import { moneyOf, type Money } from '@/lib/money';
import type { FeeRule, MerchantSettings } from './merchant';

/** The fee when neither the method nor "default" has a rule in the merchants file: 2 %, nothing fixed. */
export const DEFAULT_FEE_RULE: FeeRule = { percentBps: 200 };
/** The payout fee without a rule in the merchants file: 1 %, nothing fixed (docs/decisions/027). */
export const DEFAULT_PAYOUT_FEE_RULE: FeeRule = { percentBps: 100 };

/** Rounds numerator / denominator half away from zero, in exact integer arithmetic. */
export function divideRounded(numerator: bigint, denominator: bigint): bigint {
  const quotient = numerator / denominator;
  const remainder = numerator % denominator;
  return remainder * 2n >= denominator ? quotient + 1n : quotient;
}

/**
 * The fee charged on a payin (percentage of the order amount plus the fixed part for its currency)
 * and the VAT levied on that fee, both in the payin's currency, rounded half-up to its precision.
 */
export function computeFee(
  settings: MerchantSettings,
  method: MethodCode,
  money: Money,
): { fee: Money; vat: Money | undefined } {
  return applyFeeRule(settings.fees?.[method] ?? settings.fees?.default ?? DEFAULT_FEE_RULE, settings, money);
}

/** The fee on a payout: its method's payout rule, else "default", else DEFAULT_PAYOUT_FEE_RULE; VAT as on payins. */
export function computePayoutFee(
  settings: MerchantSettings,
  method: PayoutMethodCode,
  money: Money,
): { fee: Money; vat: Money | undefined } {
  const rule = settings.payoutFees?.[method] ?? settings.payoutFees?.default ?? DEFAULT_PAYOUT_FEE_RULE;
  return applyFeeRule(rule, settings, money);
}

/** The fee on a refund: the merchant's refund rule, none without one; VAT as on payins. */
export function computeRefundFee(
  settings: MerchantSettings,
  money: Money,
): { fee: Money; vat: Money | undefined } {
  if (!settings.refundFee) return { fee: moneyOf(money.currency, 0n), vat: undefined };
  return applyFeeRule(settings.refundFee, settings, money);
}

function applyFeeRule(
  rule: FeeRule,
  settings: MerchantSettings,
  money: Money,
): { fee: Money; vat: Money | undefined } {
  const fixed = BigInt(rule.fixedMinor?.[money.currency] ?? '0');
  const fee = divideRounded(money.minor * BigInt(rule.percentBps), 10_000n) + fixed;
  const vat = settings.vatBps
    ? moneyOf(money.currency, divideRounded(fee * BigInt(settings.vatBps), 10_000n))
    : undefined;
  return { fee: moneyOf(money.currency, fee), vat };
}
