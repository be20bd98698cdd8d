import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, type DatabaseHandle } from '@/server/db';
import { pino } from 'pino';
import {
  PostgresRateLimitStore,
  RedisRateLimitStore,
  SharedRateLimitStore,
  type RateLimitStore,
} from '@/server/ratelimit';
import { ALL_PAYIN_OPERATIONS } from '../support/api-client';
import { expectProblem } from '../support/problem';
import { openTestDatabase } from '../support/test-database';
import { startTestApi } from '../support/test-api';

/** Two "instances" (two stores) share one budget: 10 accepted in total out of 16 released together. */
async function expectSharedBudget(first: RateLimitStore, second: RateLimitStore): Promise<void> {
  const bucket = `m:${randomUUID()}`;
  const decisions = await Promise.all(
    Array.from({ length: 16 }, (_, i) =>
      (i % 2 === 0 ? first : second).hit([{ bucket, limit: 10, windowMs: 1000 }]),
    ),
  );
  expect(decisions.filter((decision) => decision.allowed)).toHaveLength(10);
  const refused = decisions.filter((decision) => !decision.allowed);
  expect(refused).toHaveLength(6);
  for (const decision of refused) {
    expect(decision.retryAfterMs).toBeGreaterThan(0);
    expect(decision.retryAfterMs).toBeLessThanOrEqual(1000);
  }
  // Another bucket is untouched.
  expect((await first.hit([{ bucket: `m:${randomUUID()}`, limit: 10, windowMs: 1000 }])).allowed).toBe(true);
}

describe('exact PostgreSQL store, RATE_LIMIT_SHARING=exact (on the test database: PostgreSQL or PGlite)', () => {
  let database: DatabaseHandle;
  let stores: PostgresRateLimitStore[];
  beforeAll(async () => {
    database = await openTestDatabase();
    await migrateToLatest(database.db);
    stores = [new PostgresRateLimitStore(database.db), new PostgresRateLimitStore(database.db)];
  });
  afterAll(async () => {
    for (const store of stores) await store.close();
    await database.close();
  });

  it('shares one sliding window between instances', async () => {
    await expectSharedBudget(stores[0]!, stores[1]!);
  });

  it('sweeps buckets idle for a minute', async () => {
    await stores[0]!.hit([{ bucket: 'm:stale', limit: 10, windowMs: 1000 }]);
    await database.db
      .updateTable('rate_limit_windows')
      .set({ updated_at: new Date(Date.now() - 180_000) })
      .where('bucket', '=', 'm:stale')
      .execute();
    await stores[0]!.sweep();
    const left = await database.db
      .selectFrom('rate_limit_windows')
      .select('bucket')
      .where('bucket', '=', 'm:stale')
      .execute();
    expect(left).toEqual([]);
  });
});

describe('periodic sharing through PostgreSQL (the default with DATABASE_URL)', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase();
    await migrateToLatest(database.db);
  });
  afterAll(() => database.close());

  const silent = pino({ level: 'silent' });
  const limit = (bucket: string) => [{ bucket, limit: 10, windowMs: 1000 }];

  it('is exact for one instance, and counts the hits of another once they are exchanged', async () => {
    const first = new SharedRateLimitStore(database.db, silent);
    const second = new SharedRateLimitStore(database.db, silent);
    await first.start();
    await second.start();
    try {
      // Each sees the other's presence; from now on they publish their hits.
      await first.exchange();
      await second.exchange();
      const bucket = `p:${randomUUID()}`;
      const firstDecisions = await Promise.all(Array.from({ length: 12 }, () => first.hit(limit(bucket))));
      expect(firstDecisions.filter((decision) => decision.allowed)).toHaveLength(10);
      await first.exchange();
      await second.exchange();
      // The budget spent on the first instance is spent for the second.
      const refused = await second.hit(limit(bucket));
      expect(refused.allowed).toBe(false);
      expect(refused.retryAfterMs).toBeGreaterThan(0);
      expect(await second.count(bucket, 1000)).toBe(10);
      // Another bucket is untouched.
      expect((await second.hit(limit(`p:${randomUUID()}`))).allowed).toBe(true);
    } finally {
      await first.close();
      await second.close();
    }
  });

  it('alone, publishes its presence only; a peer that appears gets everything it holds', async () => {
    const alone = new SharedRateLimitStore(database.db, silent);
    await alone.start();
    const bucket = `p:${randomUUID()}`;
    try {
      for (let i = 0; i < 4; i++) expect((await alone.hit(limit(bucket))).allowed).toBe(true);
      await alone.exchange();
      const published = await database.db
        .selectFrom('rate_limit_shares')
        .select('bucket')
        .where('bucket', '=', bucket)
        .execute();
      expect(published).toEqual([]);
      const late = new SharedRateLimitStore(database.db, silent);
      await late.start();
      try {
        await alone.exchange(); // sees the newcomer
        await alone.exchange(); // publishes what it holds
        await late.exchange();
        expect(await late.count(bucket, 1000)).toBe(4);
      } finally {
        await late.close();
      }
    } finally {
      await alone.close();
    }
  });
});

describe.skipIf(!process.env.TEST_REDIS_URL)('Redis store (TEST_REDIS_URL)', () => {
  it('shares one sliding window between instances', async () => {
    const stores = await Promise.all(
      [1, 2].map(() =>
        RedisRateLimitStore.open(process.env.TEST_REDIS_URL!, (error) => {
          throw error;
        }),
      ),
    );
    try {
      await expectSharedBudget(stores[0]!, stores[1]!);
    } finally {
      for (const store of stores) await store.close();
    }
  });

  it('is what the API uses when REDIS_URL is set', async () => {
    const api = await startTestApi({ REDIS_URL: process.env.TEST_REDIS_URL! });
    try {
      expect(api.runtime.deps.rateLimit.kind).toBe('redis');
      const merchant = await api.createMerchant();
      const token = await api.client.token(merchant, ALL_PAYIN_OPERATIONS);
      const responses = await Promise.all(
        Array.from({ length: 10 }, () => api.client.request('GET', '/merchant-info', { token })),
      );
      expect(responses.filter((response) => response.status === 200)).toHaveLength(9);
      expectProblem(
        responses.find((response) => response.status === 429)!,
        429,
        'RATE_LIMITED',
      );
    } finally {
      await api.close();
    }
  });
});

describe('a failing store', () => {
  it('lets requests through rather than refusing payments', async () => {
    const api = await startTestApi({ REDIS_URL: 'redis://127.0.0.1:1' });
    try {
      const merchant = await api.createMerchant();
      const token = await api.client.token(merchant, ALL_PAYIN_OPERATIONS);
      expect((await api.client.request('GET', '/merchant-info', { token })).status).toBe(200);
    } finally {
      await api.close().catch(() => undefined);
    }
  });
});
