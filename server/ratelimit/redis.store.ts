import 'server-only';
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { RateLimitDecision, RateLimitStore } from './rate-limiter';

/** Sliding log in a sorted set; Redis' own clock and one atomic script per request. */
const SLIDING_LOG = `
local now_parts = redis.call('TIME')
local now = tonumber(now_parts[1]) * 1000 + math.floor(tonumber(now_parts[2]) / 1000)
local limit = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
local count = redis.call('ZCARD', KEYS[1])
if count < limit then
  redis.call('ZADD', KEYS[1], now, ARGV[3])
  redis.call('PEXPIRE', KEYS[1], window)
  return {1, limit - count - 1, 0}
end
local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
return {0, 0, tonumber(oldest[2]) + window - now}
`;

export class RedisRateLimitStore implements RateLimitStore {
  readonly kind = 'redis';
  private readonly redis: Redis;

  private constructor(url: string) {
    // Fail fast when Redis is away (the limiter then lets requests through) instead of queueing them.
    this.redis = new Redis(url, {
      lazyConnect: true,
      maxRetriesPerRequest: 1,
      enableOfflineQueue: false,
      enableAutoPipelining: true,
      connectTimeout: 2000,
    });
    this.redis.on('error', () => undefined); // surfaced per command; avoid unhandled 'error' events
    this.redis.defineCommand('slidingLog', { numberOfKeys: 1, lua: SLIDING_LOG });
  }

  /** Connects before the first request; if Redis is unreachable now, ioredis keeps reconnecting. */
  static async open(url: string, onUnavailable: (error: unknown) => void): Promise<RedisRateLimitStore> {
    const store = new RedisRateLimitStore(url);
    await store.redis.connect().catch(onUnavailable);
    return store;
  }

  async hit(bucket: string, limit: number, windowMs: number): Promise<RateLimitDecision> {
    const command = (
      this.redis as unknown as Record<string, (...args: unknown[]) => Promise<[number, number, number]>>
    ).slidingLog!;
    const [allowed, remaining, retryAfterMs] = await command.call(
      this.redis,
      `payin:rl:${bucket}`,
      limit,
      windowMs,
      randomUUID(),
    );
    return { allowed: allowed === 1, remaining, retryAfterMs: allowed === 1 ? 0 : Math.max(1, retryAfterMs) };
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
