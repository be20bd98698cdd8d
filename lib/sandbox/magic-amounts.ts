import { z } from 'zod';
import { CURRENCIES } from '../money/currencies';
import type { Money } from '../money/money';
import type { ProcessorStatus } from '../payins/statuses';
import type { SimulatedPayment } from './simulated-payments';
import type { FinalStatus } from '../payins/statuses';

/**
 * Magic amounts: a test payin (of a sandbox merchant) whose order amount ends in one of these codes
 * plays an outcome by itself, with no API call (docs/decisions/021-sandbox-payments-and-magic-amounts.md).
 * The code is the last three digits of the amount written with at most two decimals: THB 19.01,
 * JPY 1901, IDR 10901 and USDT 19.01 all end in 901. Pure and isomorphic: the hosted app may show
 * what a test amount will do.
 */
export const MAGIC_CODES = [
  '901',
  '902',
  '903',
  '904',
  '905',
  '906',
  '911',
  '912',
  '913',
  '921',
  '922',
  '923',
] as const;
export const magicCodeSchema = z.enum(MAGIC_CODES);
export type MagicCode = z.infer<typeof magicCodeSchema>;

/** The refusals a magic amount can play. */
export type MagicRefusal = Extract<
  ProcessorStatus,
  'DECLINED' | 'INSUFFICIENT_FUNDS' | 'CANCELLED_BY_CUSTOMER' | 'LIMIT_EXCEEDED' | 'SUSPECTED_FRAUD'
>;

export interface MagicOutcome {
  /** The payin expires this long after its creation instead of after its method's validity. */
  readonly expireAfterSeconds?: number;
  /**
   * What happens by itself this long after creation: a payment arrives (relative to the amount to
   * pay, as the simulate API's EXACT, SHORT and OVER), or the institution refuses the payin.
   */
  readonly scheduled?:
    | { readonly afterSeconds: number; readonly payment: SimulatedPayment }
    | { readonly afterSeconds: number; readonly refusal: MagicRefusal };
  /** How the payin ends; `receivedLate`: a payment arrives after the end (moneyReceivedLate). */
  readonly ends: {
    readonly status: FinalStatus;
    readonly processorStatus: ProcessorStatus;
    readonly receivedLate?: boolean;
  };
}

const refusedAfter3s = (refusal: MagicRefusal): MagicOutcome => ({
  scheduled: { afterSeconds: 3, refusal },
  ends: { status: 'REFUSED', processorStatus: refusal },
});
const expiresAfter = (seconds: number): MagicOutcome => ({
  expireAfterSeconds: seconds,
  ends: { status: 'REFUSED', processorStatus: 'EXPIRED' },
});

/** The one table of magic amounts. Every other ending: nothing happens by itself. */
export const MAGIC_AMOUNTS: Readonly<Record<MagicCode, MagicOutcome>> = {
  '901': {
    scheduled: { afterSeconds: 3, payment: 'EXACT' },
    ends: { status: 'SUCCESS', processorStatus: 'APPROVED' },
  },
  '902': refusedAfter3s('DECLINED'),
  '903': refusedAfter3s('INSUFFICIENT_FUNDS'),
  '904': refusedAfter3s('CANCELLED_BY_CUSTOMER'),
  '905': refusedAfter3s('LIMIT_EXCEEDED'),
  '906': refusedAfter3s('SUSPECTED_FRAUD'),
  '911': expiresAfter(10),
  '912': expiresAfter(30),
  '913': expiresAfter(60),
  '921': {
    expireAfterSeconds: 15,
    scheduled: { afterSeconds: 3, payment: 'SHORT' },
    ends: { status: 'REFUSED', processorStatus: 'UNDERPAID' },
  },
  '922': {
    scheduled: { afterSeconds: 3, payment: 'OVER' },
    ends: { status: 'SUCCESS', processorStatus: 'OVERPAID' },
  },
  '923': {
    expireAfterSeconds: 5,
    scheduled: { afterSeconds: 10, payment: 'EXACT' },
    ends: { status: 'REFUSED', processorStatus: 'EXPIRED', receivedLate: true },
  },
};

/**
 * The magic code of an order amount: `amount × 10^min(decimals, 2) mod 1000` when that is a whole
 * number (USDT 19.010000 → 901; USDT 19.015 has none), if it is one of MAGIC_CODES.
 */
export function magicCodeOf(money: Money): MagicCode | undefined {
  const { decimals } = CURRENCIES[money.currency];
  const scale = 10n ** BigInt(Math.max(decimals - 2, 0));
  if (money.minor % scale !== 0n) return undefined;
  const code = ((money.minor / scale) % 1000n).toString().padStart(3, '0');
  const parsed = magicCodeSchema.safeParse(code);
  return parsed.success ? parsed.data : undefined;
}

/**
 * What a test payin of this order amount (`money`, not moneyRequired) does by itself, or undefined
 * when nothing. Live payins are never affected: check `process.isTest` (or the merchant) first.
 */
export function magicOutcomeOf(money: Money): (MagicOutcome & { code: MagicCode }) | undefined {
  const code = magicCodeOf(money);
  return code === undefined ? undefined : { code, ...MAGIC_AMOUNTS[code] };
}
