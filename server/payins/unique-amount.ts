import type { Money } from '@/lib/money';
import { moneyOf } from '@/lib/money';

/** How far below the order amount a moneyRequired may go, in minor units (at most 0.99 THB, 99 VND). */
export const MAX_AMOUNT_DISCOUNT = 99n;

/**
 * Picks the amount a customer pays so that no other open payin of the merchant expects the same
 * amount: the order amount itself when free, else the nearest lower one. The customer never pays
 * more than the order; the merchant is still credited the full order amount.
 */
export function pickRequiredAmount(money: Money, taken: ReadonlySet<bigint>): Money | undefined {
  const floor = money.minor - MAX_AMOUNT_DISCOUNT > 0n ? money.minor - MAX_AMOUNT_DISCOUNT : 1n;
  for (let candidate = money.minor; candidate >= floor; candidate--) {
    if (!taken.has(candidate)) return moneyOf(money.currency, candidate);
  }
  return undefined;
}
