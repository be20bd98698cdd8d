import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import type { SendResult } from './callback';
import {
  JITTER_RATIO,
  MAX_RETRY_AFTER_MS,
  jittered,
  judgeAttempt,
  parseRetryAfter,
  planAfterAttempt,
} from './callback.retry-policy';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DEFAULT_SCHEDULE = [
  0,
  5 * SECOND,
  5 * MINUTE,
  30 * MINUTE,
  2 * HOUR,
  5 * HOUR,
  10 * HOUR,
  14 * HOUR,
  20 * HOUR,
  24 * HOUR,
];

const response = (status: number, retryAfter?: string): SendResult => ({
  kind: 'response',
  status,
  excerpt: '',
  retryAfter,
  location: undefined,
  durationMs: 1,
});
const networkError: SendResult = { kind: 'error', error: 'ECONNREFUSED', durationMs: 1 };

describe('the retry schedule', () => {
  it('defaults to Standard Webhooks-like delays spanning more than 24 hours, and is configurable', () => {
    const config = loadConfig({});
    expect(config.CALLBACK_RETRY_SCHEDULE).toEqual(DEFAULT_SCHEDULE);
    expect(config.CALLBACK_RETRY_SCHEDULE.reduce((sum, delay) => sum + delay, 0)).toBeGreaterThan(24 * HOUR);
    expect(loadConfig({ CALLBACK_RETRY_SCHEDULE: '0, 250ms, 2, 1m, 1d' }).CALLBACK_RETRY_SCHEDULE).toEqual([
      0,
      250,
      2 * SECOND,
      MINUTE,
      24 * HOUR,
    ]);
    expect(() => loadConfig({ CALLBACK_RETRY_SCHEDULE: '0,5x' })).toThrow(/CALLBACK_RETRY_SCHEDULE/);
    expect(() => loadConfig({ CALLBACK_RETRY_SCHEDULE: '8d' })).toThrow(/at most 7 days/);
    expect(() => loadConfig({ CALLBACK_TIMEOUT_SECS: '20' })).toThrow(/CALLBACK_TIMEOUT_SECS/);
    expect(() => loadConfig({ CALLBACK_TIMEOUT_SECS: '10', CALLBACK_LEASE_SECS: '10' })).toThrow(
      /CALLBACK_LEASE_SECS/,
    );
  });

  it('spreads every delay by at most ±10 % and leaves zero at zero', () => {
    expect(JITTER_RATIO).toBe(0.1);
    for (const delay of DEFAULT_SCHEDULE) {
      const low = jittered(delay, () => 0);
      const high = jittered(delay, () => 0.999999);
      expect(low).toBe(Math.round(delay * 0.9));
      expect(high).toBeLessThanOrEqual(Math.round(delay * 1.1));
      if (delay > 0) expect(high).toBeGreaterThan(delay);
      for (let i = 0; i < 50; i++) {
        const sample = jittered(delay);
        expect(sample).toBeGreaterThanOrEqual(low);
        expect(sample).toBeLessThanOrEqual(Math.round(delay * 1.1));
      }
    }
    expect(jittered(0, () => 0.7)).toBe(0);
  });
});

describe('Retry-After', () => {
  const now = new Date('2026-03-01T12:00:00Z');

  it('reads delay-seconds and the three HTTP-date forms', () => {
    expect(parseRetryAfter('120', now)).toBe(120 * SECOND);
    expect(parseRetryAfter(' 0 ', now)).toBe(0);
    expect(parseRetryAfter('Sun, 01 Mar 2026 12:02:30 GMT', now)).toBe(150 * SECOND);
    expect(parseRetryAfter('Sunday, 01-Mar-26 12:00:10 GMT', now)).toBe(10 * SECOND);
    expect(parseRetryAfter('Sun Mar  1 12:00:05 2026', now)).toBe(5 * SECOND);
  });

  it('clamps to [0, 1 hour] and ignores what it cannot read', () => {
    expect(parseRetryAfter('86400', now)).toBe(MAX_RETRY_AFTER_MS);
    expect(MAX_RETRY_AFTER_MS).toBe(HOUR);
    expect(parseRetryAfter('Sun, 01 Mar 2026 11:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter(undefined, now)).toBeUndefined();
    expect(parseRetryAfter('', now)).toBeUndefined();
    expect(parseRetryAfter('-5', now)).toBeUndefined();
    expect(parseRetryAfter('1.5', now)).toBeUndefined();
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter('Xyz, 99 Foo 2026 99:99:99 GMT', now)).toBeUndefined();
  });
});

describe('judging an attempt', () => {
  it('delivers on 2xx, stops on 410 and retries everything else, honouring Retry-After on 429 and 5xx', () => {
    for (const status of [200, 201, 202, 204, 299])
      expect(judgeAttempt(response(status))).toEqual({ kind: 'delivered' });
    expect(judgeAttempt(response(410))).toEqual({ kind: 'gone' });
    for (const status of [301, 302, 307, 308, 400, 401, 404, 408, 422])
      expect(judgeAttempt(response(status))).toEqual({ kind: 'retryable', honoursRetryAfter: false });
    for (const status of [429, 500, 502, 503, 504])
      expect(judgeAttempt(response(status))).toEqual({ kind: 'retryable', honoursRetryAfter: true });
    expect(judgeAttempt(networkError)).toEqual({ kind: 'retryable', honoursRetryAfter: false });
  });
});

describe('planning after an attempt', () => {
  const now = new Date('2026-03-01T12:00:00Z');
  const plan = (overrides: Partial<Parameters<typeof planAfterAttempt>[0]> = {}) =>
    planAfterAttempt({
      judgement: { kind: 'retryable', honoursRetryAfter: false },
      attemptsInRun: 1,
      schedule: DEFAULT_SCHEDULE,
      now,
      retryAfterMs: undefined,
      random: () => 0.5,
      ...overrides,
    });

  it('walks the schedule, then fails for good', () => {
    expect(plan()).toEqual({
      outcome: 'RETRY',
      failureReason: undefined,
      nextAttemptAt: new Date(now.getTime() + 5 * SECOND),
    });
    expect(plan({ attemptsInRun: 4 }).nextAttemptAt).toEqual(new Date(now.getTime() + 2 * HOUR));
    expect(plan({ attemptsInRun: 9 }).nextAttemptAt).toEqual(new Date(now.getTime() + 24 * HOUR));
    expect(plan({ attemptsInRun: 10 })).toEqual({
      outcome: 'FAILED',
      failureReason: 'SCHEDULE_EXHAUSTED',
      nextAttemptAt: undefined,
    });
  });

  it('ends on success and on 410 whatever the schedule says', () => {
    expect(plan({ judgement: { kind: 'delivered' } })).toEqual({
      outcome: 'DELIVERED',
      failureReason: undefined,
      nextAttemptAt: undefined,
    });
    expect(plan({ judgement: { kind: 'gone' } })).toEqual({
      outcome: 'FAILED',
      failureReason: 'GONE',
      nextAttemptAt: undefined,
    });
  });

  it('waits for Retry-After when it is longer than the scheduled delay, and only where it applies', () => {
    const throttled = { kind: 'retryable', honoursRetryAfter: true } as const;
    expect(plan({ judgement: throttled, retryAfterMs: 120 * SECOND }).nextAttemptAt).toEqual(
      new Date(now.getTime() + 120 * SECOND),
    );
    expect(plan({ judgement: throttled, retryAfterMs: 1 * SECOND }).nextAttemptAt).toEqual(
      new Date(now.getTime() + 5 * SECOND),
    );
    expect(plan({ retryAfterMs: 120 * SECOND }).nextAttemptAt).toEqual(new Date(now.getTime() + 5 * SECOND));
    expect(plan({ judgement: throttled, attemptsInRun: 10, retryAfterMs: SECOND }).outcome).toBe('FAILED');
  });
});
