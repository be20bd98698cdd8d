import 'server-only';

/** The specification's limit: 10 requests in any second (a sliding window, not fixed seconds). */
export const RATE_LIMIT = { limit: 10, windowMs: 1000 } as const;

export interface RateLimitDecision {
  allowed: boolean;
  /** Requests still allowed in the current window after this one. */
  remaining: number;
  /** When refused: milliseconds until the oldest counted request leaves the window. */
  retryAfterMs: number;
}

/**
 * A sliding-log limiter store: a request is accepted when fewer than `limit` requests were accepted
 * in the last `windowMs`, and refused requests are not counted, so "at most N in any window" holds
 * exactly (a fixed window would let 2N through across its edge).
 */
export interface RateLimitStore {
  readonly kind: 'memory' | 'postgres' | 'redis';
  hit(bucket: string, limit: number, windowMs: number): Promise<RateLimitDecision>;
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
