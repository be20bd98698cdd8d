import 'server-only';
import {
  decideAgainstLogs,
  LONGEST_WINDOW_MS,
  trimLog,
  type BucketLimit,
  type RateLimitDecision,
  type RateLimitStore,
} from './rate-limiter';

/** In-process sliding logs: correct only for a single instance (the embedded PGlite setup). */
export class MemoryRateLimitStore implements RateLimitStore {
  readonly kind = 'memory';
  private readonly logs = new Map<string, number[]>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(private readonly now: () => number = () => performance.timeOrigin + performance.now()) {
    this.sweeper = setInterval(() => this.sweep(), 10_000).unref();
  }

  hit(buckets: readonly BucketLimit[]): Promise<RateLimitDecision> {
    return Promise.resolve(decideAgainstLogs(this.logs, buckets, this.now()));
  }

  count(bucket: string, windowMs: number): Promise<number> {
    const log = this.logs.get(bucket) ?? [];
    trimLog(log, this.now() - windowMs);
    return Promise.resolve(log.length);
  }

  /** Drops logs whose newest hit is older than any window we use. */
  private sweep(): void {
    const since = this.now() - LONGEST_WINDOW_MS;
    for (const [bucket, log] of this.logs) if ((log.at(-1) ?? 0) < since) this.logs.delete(bucket);
  }

  close(): Promise<void> {
    clearInterval(this.sweeper);
    return Promise.resolve();
  }
}
