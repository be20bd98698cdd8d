import 'server-only';
import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db';
import type { RateLimitDecision, RateLimitStore } from './rate-limiter';

/**
 * The sliding log in PostgreSQL, shared by every instance: one upsert decides atomically (the row
 * lock serialises concurrent requests of a bucket) using the database clock, so instances with
 * skewed clocks still agree. The table is unlogged; stale buckets are swept every minute.
 */
export class PostgresRateLimitStore implements RateLimitStore {
  readonly kind = 'postgres';
  private readonly sweeper: NodeJS.Timeout;

  constructor(private readonly db: Kysely<Database>) {
    this.sweeper = setInterval(() => void this.sweep(), 60_000).unref();
  }

  async hit(bucket: string, limit: number, windowMs: number): Promise<RateLimitDecision> {
    const requestId = randomUUID();
    const now = sql`(extract(epoch from now()) * 1000)::bigint`;
    const recent = sql`array(select h from unnest(w.hits) as h where h > ${now} - ${windowMs}::bigint)`;
    const result = await sql<{ allowed: boolean; count: number; oldest: bigint; now_ms: bigint }>`
      insert into rate_limit_windows as w (bucket, hits, last_accepted, updated_at)
      values (${bucket}, array[${now}], ${requestId}, now())
      on conflict (bucket) do update set
        hits = case when cardinality(${recent}) < ${limit}::int then ${recent} || ${now} else ${recent} end,
        last_accepted = case when cardinality(${recent}) < ${limit}::int then ${requestId} else w.last_accepted end,
        updated_at = now()
      returning w.last_accepted = ${requestId} as allowed, cardinality(w.hits)::int as count,
        w.hits[1] as oldest, ${now} as now_ms`.execute(this.db);
    const row = result.rows[0];
    if (!row) throw new Error('rate limit upsert returned no row');
    if (row.allowed) return { allowed: true, remaining: Math.max(0, limit - row.count), retryAfterMs: 0 };
    return {
      allowed: false,
      remaining: 0,
      retryAfterMs: Math.max(1, Number(row.oldest) + windowMs - Number(row.now_ms)),
    };
  }

  async sweep(): Promise<void> {
    await sql`delete from rate_limit_windows where updated_at < now() - interval '1 minute'`
      .execute(this.db)
      .catch(() => undefined);
  }

  close(): Promise<void> {
    clearInterval(this.sweeper);
    return Promise.resolve();
  }
}
