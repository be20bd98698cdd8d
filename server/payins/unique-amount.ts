import type { CurrencyCode, Money } from '@/lib/money';
import { moneyOf } from '@/lib/money';

/**
 * The most a unique amount may lie below the order, per currency, in minor units: about USD 0.30
 * worth, a cost the merchant hardly notices (it is credited the full order amount), and never below
 * 99 minor units. Currencies no unique-amount method takes fall back to 99.
 */
const MAX_DISCOUNT_MINOR: Partial<Record<CurrencyCode, bigint>> = {
  CNY: 199n,
  INR: 2_499n,
  JPY: 99n,
  KRW: 499n,
  LAK: 9_999n,
  MYR: 149n,
  NGN: 49_999n,
  PHP: 1_999n,
  THB: 999n,
  VND: 9_999n,
  ZAR: 499n,
};
export const MIN_DISCOUNT_MINOR = 99n;
/** The discount never exceeds this share of the order (in basis points) beyond the 99-unit floor. */
const MAX_DISCOUNT_SHARE_BPS = 100n;

/**
 * The amounts a customer may be asked to pay for an order: from the order amount down to the
 * largest discount allowed, at most 1 % of the order (but always 99 minor units), capped per
 * currency, and never below one minor unit.
 */
export function uniqueAmountBand(money: Money): { low: bigint; high: bigint } {
  const share = (money.minor * MAX_DISCOUNT_SHARE_BPS) / 10_000n;
  const cap = MAX_DISCOUNT_MINOR[money.currency] ?? MIN_DISCOUNT_MINOR;
  const discount = share < MIN_DISCOUNT_MINOR ? MIN_DISCOUNT_MINOR : share > cap ? cap : share;
  const low = money.minor - discount > 0n ? money.minor - discount : 1n;
  return { low, high: money.minor };
}

/**
 * Picks the amount a customer pays so that no other open payin of the merchant expects the same
 * amount: the order amount itself when free, else a random free amount of the band, so concurrent
 * creates of one amount spread out instead of all reaching for the same candidate (their inserts
 * still decide: the open-amount unique index admits one per amount). The customer never pays more
 * than the order; the merchant is credited the full order amount.
 */
export function pickRequiredAmount(
  money: Money,
  taken: ReadonlySet<bigint>,
  random: () => number = Math.random,
): Money | undefined {
  if (!taken.has(money.minor)) return money;
  const { low, high } = uniqueAmountBand(money);
  const size = Number(high - low + 1n);
  // Random probes find a free amount at once unless the band is nearly full; then scan from a random start.
  for (let probe = 0; probe < 32; probe++) {
    const candidate = low + BigInt(Math.floor(random() * size));
    if (!taken.has(candidate)) return moneyOf(money.currency, candidate);
  }
  const start = Math.floor(random() * size);
  for (let step = 0; step < size; step++) {
    const candidate = low + BigInt((start + step) % size);
    if (!taken.has(candidate)) return moneyOf(money.currency, candidate);
  }
  return undefined;
}
