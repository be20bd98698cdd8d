import { describe, expect, it } from 'vitest';
import { decideAgainstLogs, type BucketLimit } from './rate-limiter';

const payment: BucketLimit = { bucket: 'p', limit: 3, windowMs: 1000 };
const ceiling: BucketLimit = { bucket: 'c', limit: 4, windowMs: 1000 };

describe('decideAgainstLogs', () => {
  it('counts a request in every bucket when all have room, and reports the tightest remainder', () => {
    const logs = new Map<string, number[]>();
    expect(decideAgainstLogs(logs, [payment, ceiling], 100)).toEqual({
      allowed: true,
      remaining: 2,
      retryAfterMs: 0,
    });
    expect(logs.get('p')).toEqual([100]);
    expect(logs.get('c')).toEqual([100]);
  });

  it('counts a request nowhere when any bucket is full, and says when that bucket has room', () => {
    const logs = new Map<string, number[]>([['c', [100, 200, 300, 400]]]);
    const refused = decideAgainstLogs(logs, [payment, ceiling], 500);
    expect(refused).toEqual({ allowed: false, remaining: 0, retryAfterMs: 600 });
    expect(logs.get('p')).toEqual([]);
    expect(logs.get('c')).toHaveLength(4);
    // Once the oldest hit of the ceiling leaves the window, the request goes through.
    expect(decideAgainstLogs(logs, [payment, ceiling], 1101).allowed).toBe(true);
  });

  it('lets another payment of a merchant through while one payment is at its own limit', () => {
    const logs = new Map<string, number[]>([['p', [10, 20, 30]]]);
    expect(decideAgainstLogs(logs, [payment, ceiling], 40).allowed).toBe(false);
    expect(decideAgainstLogs(logs, [{ ...payment, bucket: 'p2' }, ceiling], 40).allowed).toBe(true);
  });

  it('waits for as many old hits to leave as the log is over a lowered limit', () => {
    const logs = new Map<string, number[]>([['p', [10, 20, 30, 40, 50]]]);
    expect(decideAgainstLogs(logs, [payment], 60).retryAfterMs).toBe(30 + 1000 - 60);
  });
});
