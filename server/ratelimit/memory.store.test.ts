import { afterEach, describe, expect, it } from 'vitest';
import { MemoryRateLimitStore } from './memory.store';

describe('MemoryRateLimitStore (sliding log)', () => {
  let now = 0;
  const store = new MemoryRateLimitStore(() => now);
  afterEach(() => store.close());

  it('allows 10 in any second and refuses the 11th without counting it', async () => {
    now = 10_000;
    for (let i = 0; i < 10; i++) {
      now += 50;
      expect((await store.hit([{ bucket: 'b', limit: 10, windowMs: 1000 }])).allowed).toBe(true);
    }
    const refused = await store.hit([{ bucket: 'b', limit: 10, windowMs: 1000 }]);
    expect(refused).toMatchObject({ allowed: false, remaining: 0 });
    expect(refused.retryAfterMs).toBe(10_050 + 1000 - now);
    // Across what would be a fixed-window edge, still no more than 10 in the trailing second.
    now = 11_049;
    expect((await store.hit([{ bucket: 'b', limit: 10, windowMs: 1000 }])).allowed).toBe(false);
    now = 11_051;
    expect((await store.hit([{ bucket: 'b', limit: 10, windowMs: 1000 }])).allowed).toBe(true);
    expect((await store.hit([{ bucket: 'b', limit: 10, windowMs: 1000 }])).allowed).toBe(false);
  });

  it('keeps buckets apart', async () => {
    now = 50_000;
    for (let i = 0; i < 10; i++) await store.hit([{ bucket: 'x', limit: 10, windowMs: 1000 }]);
    expect((await store.hit([{ bucket: 'x', limit: 10, windowMs: 1000 }])).allowed).toBe(false);
    expect((await store.hit([{ bucket: 'y', limit: 10, windowMs: 1000 }])).allowed).toBe(true);
  });
});
