import 'server-only';

/** The specification's limit: 10 requests in any second (a sliding window, not fixed seconds). */
export const RATE_LIMIT = { limit: 10, windowMs: 1000 } as const;

/**
 * The longest window any bucket may use (failed authentication's is configurable up to it): the
 * stores forget a bucket once its newest hit is older than this.
 */
export const LONGEST_WINDOW_MS = 120_000;

/** A bucket and the budget it holds: at most `limit` counted requests in any `windowMs`. */
export interface BucketLimit {
  bucket: string;
  limit: number;
  windowMs: number;
}

export interface RateLimitDecision {
  allowed: boolean;
  /** Requests still allowed after this one, in the tightest of the buckets. */
  remaining: number;
  /** When refused: milliseconds until the refusing bucket has room again. */
  retryAfterMs: number;
}

/**
 * A sliding-log limiter store. A request names one or more buckets and is counted in all of them
 * when every one has room, else in none, so refused requests never count and "at most N in any
 * window" holds exactly (a fixed window would let 2N through across its edge).
 */
export interface RateLimitStore {
  readonly kind: 'memory' | 'postgres' | 'redis';
  hit(buckets: readonly BucketLimit[]): Promise<RateLimitDecision>;
  /** Requests counted in the bucket's current window, counting nothing. */
  count(bucket: string, windowMs: number): Promise<number>;
  close?(): Promise<void>;
}

/** Bucket for a merchant's general budget (general tokens and the token endpoints). */
export function merchantBucket(merchantCode: string): string {
  return `m:${merchantCode}`;
}

/** Bucket for a token confined to one payment: the customer's page cannot drain the merchant's. */
export function paymentBucket(merchantCode: string, idPayin: string): string {
  return `p:${merchantCode}:${idPayin}`;
}

/** Bucket that all of a merchant's payment-scoped tokens share: the ceiling on their total. */
export function paymentCeilingBucket(merchantCode: string): string {
  return `pc:${merchantCode}`;
}

/** Drops, in place, the hits of a log (oldest first) at or before `since`. */
export function trimLog(log: number[], since: number): void {
  let expired = 0;
  while (expired < log.length && log[expired]! <= since) expired++;
  if (expired > 0) log.splice(0, expired);
}

/**
 * Decides one request against sliding logs (timestamps in ms, oldest first), trimming them and
 * appending `now` to each when the request is allowed. The one algorithm of every store: memory
 * applies it to its map, PostgreSQL to the rows it locked, Redis in an equivalent script.
 */
export function decideAgainstLogs(
  logs: Map<string, number[]>,
  buckets: readonly BucketLimit[],
  now: number,
): RateLimitDecision {
  let retryAfterMs = 0;
  let remaining = Number.POSITIVE_INFINITY;
  for (const { bucket, limit, windowMs } of buckets) {
    let log = logs.get(bucket);
    if (!log) logs.set(bucket, (log = []));
    trimLog(log, now - windowMs);
    if (log.length >= limit) {
      // Room again once enough of the oldest hits have left the window.
      const freeing = log[log.length - limit] ?? now;
      retryAfterMs = Math.max(retryAfterMs, Math.max(1, freeing + windowMs - now));
    } else {
      remaining = Math.min(remaining, limit - log.length - 1);
    }
  }
  if (retryAfterMs > 0) return { allowed: false, remaining: 0, retryAfterMs };
  for (const { bucket } of buckets) logs.get(bucket)!.push(now);
  return { allowed: true, remaining: Number.isFinite(remaining) ? remaining : 0, retryAfterMs: 0 };
}
