import type { Money } from '../money/money';
import { magicOutcomeOf } from './magic-amounts';

/** What a test banner says a magic amount will do: a message key of `sandbox.magic` and its values. */
export type MagicNote =
  | { key: 'succeeds' | 'over'; values: { code: string; seconds: number } }
  | { key: 'refuses'; values: { code: string; seconds: number; reason: string } }
  | { key: 'expires'; values: { code: string; seconds: number } }
  | { key: 'short' | 'late'; values: { code: string; seconds: number; expiry: number } };

/** The note for a test payin's order amount, or undefined when the amount is not a magic one. */
export function magicNoteOf(money: Money): MagicNote | undefined {
  const outcome = magicOutcomeOf(money);
  if (!outcome) return undefined;
  const { code, scheduled, expireAfterSeconds } = outcome;
  if (!scheduled) return { key: 'expires', values: { code, seconds: expireAfterSeconds ?? 0 } };
  const seconds = scheduled.afterSeconds;
  if ('refusal' in scheduled) return { key: 'refuses', values: { code, seconds, reason: scheduled.refusal } };
  if (expireAfterSeconds !== undefined)
    return {
      key: scheduled.payment === 'SHORT' ? 'short' : 'late',
      values: { code, seconds, expiry: expireAfterSeconds },
    };
  return { key: scheduled.payment === 'OVER' ? 'over' : 'succeeds', values: { code, seconds } };
}
