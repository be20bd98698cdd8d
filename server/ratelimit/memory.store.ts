import 'server-only';
import type { RateLimitDecision, RateLimitStore } from './rate-limiter';

/** In-process sliding log: correct only for a single instance (the embedded PGlite setup). */
export class MemoryRateLimitStore implements RateLimitStore {
  readonly kind = 'memory';
  private readonly logs = new Map<string, number[]>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(private readonly now: () => number = () => performance.timeOrigin + performance.now()) {
    this.sweeper = setInterval(() => this.sweep(), 10_000).unref();
  }

  hit(bucket: string, limit: number, windowMs: number): Promise<RateLimitDecision> {
    const now = this.now();
    const since = now - windowMs;
    const log = (this.logs.get(bucket) ?? []).filter((time) => time > since);
    if (log.length < limit) {
      log.push(now);
      this.logs.set(bucket, log);
      return Promise.resolve({ allowed: true, remaining: limit - log.length, retryAfterMs: 0 });
    }
    this.logs.set(bucket, log);
    return Promise.resolve({
      allowed: false,
      remaining: 0,
      retryAfterMs: Math.max(1, log[0]! + windowMs - now),
    });
  }

  private sweep(): void {
    const since = this.now() - 60_000;
    for (const [bucket, log] of this.logs) if ((log.at(-1) ?? 0) < since) this.logs.delete(bucket);
  }

  close(): Promise<void> {
    clearInterval(this.sweeper);
    return Promise.resolve();
  }
}
