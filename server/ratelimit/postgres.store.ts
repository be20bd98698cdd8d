import 'server-only';
import { sql, type Kysely } from 'kysely';
import { MicroBatcher } from '../db';
import type { Database } from '../db';
import {
  decideAgainstLogs,
  LONGEST_WINDOW_MS,
  type BucketLimit,
  type RateLimitDecision,
  type RateLimitStore,
} from './rate-limiter';

interface LockedRow {
  bucket: string;
  hits: (bigint | number | string)[];
  now_ms: bigint | number | string;
}

/**
 * The sliding logs in PostgreSQL, shared by every instance. Concurrent requests of this instance
 * are decided in batches: one transaction locks the batch's bucket rows (in bucket order, so
 * instances never deadlock), decides every request in arrival order against the database clock
 * (so instances with skewed clocks agree) and writes the logs back. Exact like one upsert per
 * request, at a fraction of the round trips under load. The table is unlogged; stale buckets are
 * swept every minute.
 */
export class PostgresRateLimitStore implements RateLimitStore {
  readonly kind = 'postgres';
  private readonly sweeper: NodeJS.Timeout;
  // Several batches at once: their rows are locked in bucket order, so they only wait for each
  // other where they share buckets, and never deadlock.
  private readonly batcher = new MicroBatcher<readonly BucketLimit[], RateLimitDecision>(
    (requests) => this.decide(requests),
    { concurrency: 4 },
  );

  constructor(private readonly db: Kysely<Database>) {
    this.sweeper = setInterval(() => void this.sweep(), 60_000).unref();
  }

  hit(buckets: readonly BucketLimit[]): Promise<RateLimitDecision> {
    return this.batcher.load(buckets);
  }

  async count(bucket: string, windowMs: number): Promise<number> {
    const result = await sql<{ count: number }>`
      select coalesce((select cardinality(array(
        select h from unnest(hits) as h where h > (extract(epoch from clock_timestamp()) * 1000)::bigint - ${windowMs}::bigint
      )) from rate_limit_windows where bucket = ${bucket}), 0)::int as count`.execute(this.db);
    return result.rows[0]?.count ?? 0;
  }

  private decide(requests: readonly (readonly BucketLimit[])[]): Promise<RateLimitDecision[]> {
    const names = [...new Set(requests.flatMap((request) => request.map(({ bucket }) => bucket)))].sort();
    return this.db.transaction().execute(async (tx) => {
      // The no-op update locks existing rows and returns them; missing rows are created locked.
      const locked = await sql<LockedRow>`
        insert into rate_limit_windows as w (bucket, hits, updated_at)
        select name, '{}'::bigint[], now() from unnest(${names}::text[]) as name order by name
        on conflict (bucket) do update set updated_at = w.updated_at
        returning w.bucket, w.hits, (extract(epoch from clock_timestamp()) * 1000)::bigint as now_ms`.execute(
        tx,
      );
      const now = Number(locked.rows[0]?.now_ms ?? Date.now());
      const logs = new Map(locked.rows.map((row) => [row.bucket, row.hits.map(Number)]));
      const decisions = requests.map((request) => decideAgainstLogs(logs, request, now));
      const written = names.map((name) => `{${(logs.get(name) ?? []).join(',')}}`);
      await sql`
        update rate_limit_windows as w set hits = v.hits::bigint[], updated_at = now()
        from unnest(${names}::text[], ${written}::text[]) as v(bucket, hits)
        where w.bucket = v.bucket`.execute(tx);
      return decisions;
    });
  }

  async sweep(): Promise<void> {
    await sql`delete from rate_limit_windows where updated_at < now() - make_interval(secs => ${LONGEST_WINDOW_MS / 1000})`
      .execute(this.db)
      .catch(() => undefined);
  }

  close(): Promise<void> {
    clearInterval(this.sweeper);
    return Promise.resolve();
  }
}
