import 'server-only';
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { BucketLimit, RateLimitDecision, RateLimitStore } from './rate-limiter';

/**
 * Sliding logs in sorted sets, decided by one atomic script per request on Redis' own clock: every
 * bucket (KEYS) is trimmed and checked against its limit and window (ARGV pairs), and only when
 * all have room is the request added to all of them.
 */
const SLIDING_LOGS = `
local now_parts = redis.call('TIME')
local now = tonumber(now_parts[1]) * 1000 + math.floor(tonumber(now_parts[2]) / 1000)
local retry = 0
local remaining = -1
for i, key in ipairs(KEYS) do
  local limit = tonumber(ARGV[2 * i - 1])
  local window = tonumber(ARGV[2 * i])
  redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
  local count = redis.call('ZCARD', key)
  if count >= limit then
    local freeing = redis.call('ZRANGE', key, count - limit, count - limit, 'WITHSCORES')
    local wait = tonumber(freeing[2]) + window - now
    if wait < 1 then wait = 1 end
    if wait > retry then retry = wait end
  elseif remaining < 0 or limit - count - 1 < remaining then
    remaining = limit - count - 1
  end
end
if retry > 0 then return {0, 0, retry} end
local member = ARGV[#ARGV]
for i, key in ipairs(KEYS) do
  redis.call('ZADD', key, now, member)
  redis.call('PEXPIRE', key, tonumber(ARGV[2 * i]))
end
return {1, remaining, 0}
`;

const COUNT = `
local now_parts = redis.call('TIME')
local now = tonumber(now_parts[1]) * 1000 + math.floor(tonumber(now_parts[2]) / 1000)
return redis.call('ZCOUNT', KEYS[1], '(' .. (now - tonumber(ARGV[1])), '+inf')
`;

type Command = (...args: unknown[]) => Promise<unknown>;

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
    this.redis.defineCommand('slidingLogs', { lua: SLIDING_LOGS });
    this.redis.defineCommand('slidingLogCount', { numberOfKeys: 1, lua: COUNT });
  }

  /** Connects before the first request; if Redis is unreachable now, ioredis keeps reconnecting. */
  static async open(url: string, onUnavailable: (error: unknown) => void): Promise<RedisRateLimitStore> {
    const store = new RedisRateLimitStore(url);
    await store.redis.connect().catch(onUnavailable);
    return store;
  }

  private command(name: string): Command {
    return (this.redis as unknown as Record<string, Command>)[name]!.bind(this.redis);
  }

  async hit(buckets: readonly BucketLimit[]): Promise<RateLimitDecision> {
    const keys = buckets.map(({ bucket }) => `payin:rl:${bucket}`);
    const limits = buckets.flatMap(({ limit, windowMs }) => [limit, windowMs]);
    const [allowed, remaining, retryAfterMs] = (await this.command('slidingLogs')(
      keys.length,
      ...keys,
      ...limits,
      randomUUID(),
    )) as [number, number, number];
    return { allowed: allowed === 1, remaining, retryAfterMs };
  }

  async count(bucket: string, windowMs: number): Promise<number> {
    return Number(await this.command('slidingLogCount')(`payin:rl:${bucket}`, windowMs));
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
