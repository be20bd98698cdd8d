import 'server-only';
export * from './rate-limiter';
export { MemoryRateLimitStore } from './memory.store';
export { PostgresRateLimitStore } from './postgres.store';
export { SharedRateLimitStore, SHARE_INTERVAL_MS } from './shared.store';
export { RedisRateLimitStore } from './redis.store';
export { AuthFailureGuard, type AuthFailurePolicy, type KnownAddresses } from './auth-failures';
