import 'server-only';
import type { CallbackAttemptOutcome, CallbackFailureReason, SendResult } from './callback';

/** A receiver's Retry-After is honoured up to this (a misread header must not stall delivery for days). */
export const MAX_RETRY_AFTER_MS = 3_600_000;
/** Each scheduled delay is spread by ±10 % so receivers recovering from an outage are not stampeded. */
export const JITTER_RATIO = 0.1;

/** A scheduled delay with jitter: within [delay × 0.9, delay × 1.1], zero stays zero. */
export function jittered(delayMs: number, random: () => number = Math.random): number {
  return Math.round(delayMs * (1 - JITTER_RATIO + 2 * JITTER_RATIO * random()));
}

const ASCTIME = /^[A-Za-z]{3} [A-Za-z]{3} [ \d]\d \d\d:\d\d:\d\d \d{4}$/;

/**
 * Retry-After (RFC 9110 §10.2.3) as milliseconds from `now`: delay-seconds or an HTTP-date (IMF,
 * RFC 850 or asctime, all GMT), clamped to [0, MAX_RETRY_AFTER_MS]; undefined when absent or unreadable.
 */
export function parseRetryAfter(value: string | undefined, now: Date): number | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  let ms: number;
  if (/^\d+$/.test(text)) ms = Number(text) * 1000;
  else if (/ GMT$/i.test(text)) ms = Date.parse(text) - now.getTime();
  else if (ASCTIME.test(text)) ms = Date.parse(`${text} GMT`) - now.getTime();
  else return undefined;
  if (Number.isNaN(ms)) return undefined;
  return Math.min(Math.max(ms, 0), MAX_RETRY_AFTER_MS);
}

export type AttemptJudgement =
  { kind: 'delivered' } | { kind: 'gone' } | { kind: 'retryable'; honoursRetryAfter: boolean };

/**
 * 2xx delivers; 410 Gone stops this delivery (Standard Webhooks); everything else (network
 * errors, timeouts, 3xx never followed, 408, 429, other 4xx, 5xx) is retried on the schedule,
 * 429 and 5xx honouring Retry-After.
 */
export function judgeAttempt(result: SendResult): AttemptJudgement {
  if (result.kind === 'error') return { kind: 'retryable', honoursRetryAfter: false };
  if (result.status >= 200 && result.status < 300) return { kind: 'delivered' };
  if (result.status === 410) return { kind: 'gone' };
  return { kind: 'retryable', honoursRetryAfter: result.status === 429 || result.status >= 500 };
}

export interface AttemptPlan {
  outcome: CallbackAttemptOutcome;
  failureReason: CallbackFailureReason | undefined;
  /** When to try again; set exactly when outcome is RETRY. */
  nextAttemptAt: Date | undefined;
}

/**
 * What follows an attempt. `attemptsInRun` counts the attempts of this run of the schedule,
 * this one included; the schedule's length is the number of attempts a run may make.
 */
export function planAfterAttempt(input: {
  judgement: AttemptJudgement;
  attemptsInRun: number;
  schedule: readonly number[];
  now: Date;
  retryAfterMs: number | undefined;
  random?: () => number;
}): AttemptPlan {
  const { judgement, attemptsInRun, schedule, now } = input;
  if (judgement.kind === 'delivered')
    return { outcome: 'DELIVERED', failureReason: undefined, nextAttemptAt: undefined };
  if (judgement.kind === 'gone')
    return { outcome: 'FAILED', failureReason: 'GONE', nextAttemptAt: undefined };
  const scheduled = schedule[attemptsInRun];
  if (scheduled === undefined) {
    return { outcome: 'FAILED', failureReason: 'SCHEDULE_EXHAUSTED', nextAttemptAt: undefined };
  }
  let delay = jittered(scheduled, input.random);
  if (judgement.honoursRetryAfter && input.retryAfterMs !== undefined)
    delay = Math.max(delay, input.retryAfterMs);
  return { outcome: 'RETRY', failureReason: undefined, nextAttemptAt: new Date(now.getTime() + delay) };
}
