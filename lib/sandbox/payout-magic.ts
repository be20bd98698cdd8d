import { CURRENCIES } from '../money/currencies';
import type { Money } from '../money/money';
import type { FinalStatus } from '../payins/statuses';

/**
 * Magic amounts of test payouts (docs/decisions/027): like a payin's, the last three digits of
 * the amount written with at most two decimals (THB 19.02, VND 10902, USDT 9.02 end in 902) pick
 * what the payout does by itself. Any other amount succeeds after the sandbox's payout delay.
 * Pure and isomorphic: the console shows what a test amount will do.
 */
export const PAYOUT_MAGIC = {
  '901': { afterSeconds: 3, status: 'SUCCESS', processorStatus: 'APPROVED' },
  '902': { afterSeconds: 3, status: 'REFUSED', processorStatus: 'ACCOUNT_INVALID' },
  '903': { afterSeconds: 3, status: 'REFUSED', processorStatus: 'ACCOUNT_CLOSED' },
  '904': { afterSeconds: 3, status: 'REFUSED', processorStatus: 'NAME_MISMATCH' },
  '905': { afterSeconds: 3, status: 'REFUSED', processorStatus: 'LIMIT_EXCEEDED' },
  '906': { afterSeconds: 3, status: 'REFUSED', processorStatus: 'DECLINED' },
  /** Stays PENDING: only the simulate endpoint moves it. */
  '910': undefined,
} as const satisfies Record<
  string,
  { afterSeconds: number; status: FinalStatus; processorStatus: string } | undefined
>;

export type PayoutMagicCode = keyof typeof PAYOUT_MAGIC;

/** What a test payout of this amount does by itself: a scheduled outcome, `'manual'`, or `'default'`. */
export function payoutMagicOf(
  money: Money,
): (typeof PAYOUT_MAGIC)[Exclude<PayoutMagicCode, '910'>] | 'manual' | 'default' {
  const scale = 10n ** BigInt(Math.max(CURRENCIES[money.currency].decimals - 2, 0));
  if (money.minor % scale !== 0n) return 'default';
  const code = ((money.minor / scale) % 1000n).toString().padStart(3, '0');
  if (!Object.hasOwn(PAYOUT_MAGIC, code)) return 'default';
  const outcome = PAYOUT_MAGIC[code as PayoutMagicCode];
  return outcome ?? 'manual';
}
