import type { MethodCode } from '@/lib/methods';
import { moneyOf, type Money } from '@/lib/money';
import type { FeeRule, MerchantSettings } from '../merchants';

/** The fee when neither the method nor "default" has a rule in the merchants file: 2 %, nothing fixed. */
export const DEFAULT_FEE_RULE: FeeRule = { percentBps: 200 };

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
  const rule = settings.fees?.[method] ?? settings.fees?.default ?? DEFAULT_FEE_RULE;
  const fixed = BigInt(rule.fixedMinor?.[money.currency] ?? '0');
  const fee = divideRounded(money.minor * BigInt(rule.percentBps), 10_000n) + fixed;
  const vat = settings.vatBps
    ? moneyOf(money.currency, divideRounded(fee * BigInt(settings.vatBps), 10_000n))
    : undefined;
  return { fee: moneyOf(money.currency, fee), vat };
}
