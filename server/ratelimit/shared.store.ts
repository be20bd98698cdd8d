import 'server-only';
import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db';
import type { Logger } from '../logger';
import {
  decideAgainstLogs,
  LONGEST_WINDOW_MS,
  trimLog,
  type BucketLimit,
  type RateLimitDecision,
  type RateLimitStore,
} from './rate-limiter';

/** How often an instance publishes its hits and learns the others'. */
export const SHARE_INTERVAL_MS = 100;
/** Every instance says it is there, under this bucket name, at every exchange. */
const PRESENCE = '';
/** Peers not heard from for this long are gone (a crash): their hits stop counting when they age out. */
const PEER_SILENCE_MS = 5_000;

interface ShareRow {
  bucket: string;
  instance_id: string;
  hits: (bigint | number | string)[];
  updated_at: Date;
  now_ms: bigint | number | string;
}

/**
 * Sliding logs decided in memory and shared through PostgreSQL in the background: every instance
 * counts its own requests exactly and, every SHARE_INTERVAL_MS, publishes its recent hits and reads
 * the other instances', which count in its decisions from then on. A request costs no database
 * round trip. One instance is exact; several hold steady traffic at the limit, and a burst shorter
 * than the interval that lands on n instances at once can get up to n times the limit through
 * (docs/decisions/010-rate-limiting.md). Timestamps are on the database clock (an offset measured
 * at every exchange), so instances with skewed clocks agree.
 */
export class SharedRateLimitStore implements RateLimitStore {
  readonly kind = 'postgres';
  private readonly instance = randomUUID();
  private readonly own = new Map<string, number[]>();
  private readonly windows = new Map<string, number>();
  private readonly others = new Map<string, Map<string, number[]>>();
  private readonly unsent = new Set<string>();
  private offsetMs = 0;
  private since: Date | undefined;
  private timer: NodeJS.Timeout | undefined;
  /** Exchanges run one after another; the timer skips a turn while one is still queued. */
  private exchanges: Promise<void> = Promise.resolve();
  private queued = 0;
  private lastSweep = 0;
  /** When another instance last showed up: hits are published only while someone can read them. */
  private peerSeenAt = Number.NEGATIVE_INFINITY;
  /** A database that stays away would otherwise be reported ten times a second. */
  private lastFailureLog = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly logger: Logger,
    /** This instance's clock, epoch ms (the database's offset from the machine's wall clock is added to it). */
    private readonly clock: () => number = Date.now,
  ) {}

  /** Starts the background exchange (and makes one now, to learn the clock offset). */
  async start(): Promise<void> {
    await this.exchange();
    this.timer = setInterval(() => {
      if (this.queued === 0) void this.exchange();
    }, SHARE_INTERVAL_MS);
    this.timer.unref();
  }

  private now(): number {
    return this.clock() + this.offsetMs;
  }

  /** This instance's log of a bucket, trimmed (in place) to the window. */
  private ownLog(bucket: string, since: number): number[] {
    let own = this.own.get(bucket);
    if (!own) this.own.set(bucket, (own = []));
    trimLog(own, since);
    return own;
  }

  /** Own and others' hits of a bucket in its window, oldest first. */
  private merged(bucket: string, since: number): number[] {
    const own = this.ownLog(bucket, since);
    const others = this.others.get(bucket);
    if (!others || others.size === 0) return [...own];
    return [...own, ...[...others.values()].flat()].filter((time) => time > since).sort((a, b) => a - b);
  }

  private othersCount(bucket: string, since: number): number {
    const others = this.others.get(bucket);
    if (!others) return 0;
    let count = 0;
    for (const log of others.values()) for (const time of log) if (time > since) count++;
    return count;
  }

  hit(buckets: readonly BucketLimit[]): Promise<RateLimitDecision> {
    const now = this.now();
    // Counting is enough to allow (the common case, without allocating); a refusal is decided on
    // the merged logs, which also say when there is room again.
    let remaining = Number.POSITIVE_INFINITY;
    for (const { bucket, limit, windowMs } of buckets) {
      const count = this.ownLog(bucket, now - windowMs).length + this.othersCount(bucket, now - windowMs);
      if (count >= limit) {
        const logs = new Map<string, number[]>();
        for (const other of buckets) logs.set(other.bucket, this.merged(other.bucket, now - other.windowMs));
        return Promise.resolve(decideAgainstLogs(logs, buckets, now));
      }
      remaining = Math.min(remaining, limit - count - 1);
    }
    for (const { bucket, windowMs } of buckets) {
      this.own.get(bucket)!.push(now);
      this.windows.set(bucket, windowMs);
      this.unsent.add(bucket);
    }
    return Promise.resolve({
      allowed: true,
      remaining: Number.isFinite(remaining) ? remaining : 0,
      retryAfterMs: 0,
    });
  }

  count(bucket: string, windowMs: number): Promise<number> {
    return Promise.resolve(this.merged(bucket, this.now() - windowMs).length);
  }

  /**
   * Publishes what changed since the last exchange and takes in what the others published; resolves
   * once an exchange that started after this call has finished.
   */
  exchange(): Promise<void> {
    this.queued++;
    this.exchanges = this.exchanges
      .then(() => this.exchangeOnce())
      .catch((error: unknown) => {
        // Decisions go on from what this instance knows; the next exchange catches up.
        if (Date.now() - this.lastFailureLog < 60_000) return;
        this.lastFailureLog = Date.now();
        this.logger.warn({ err: error }, 'rate limit exchange failed; deciding locally');
      })
      .finally(() => this.queued--);
    return this.exchanges;
  }

  private async exchangeOnce(): Promise<void> {
    const started = this.clock();
    // The offset is the database's clock against this machine's: measured by the wall clock, so a
    // clock given to the store (a test holding a second still) is not pulled back to real time by it.
    const wallStarted = Date.now();
    // Alone, nobody reads our hits: only presence is published (a peer that appears sees us and
    // we see it at the next exchange, then everything we hold goes out).
    const peers = started - this.peerSeenAt < PEER_SILENCE_MS;
    const buckets = peers ? [PRESENCE, ...this.unsent] : [PRESENCE];
    this.unsent.clear();
    const now = this.now();
    const hits = buckets.map((bucket) => {
      if (bucket === PRESENCE) return '{}';
      const log = this.own.get(bucket) ?? [];
      trimLog(log, now - (this.windows.get(bucket) ?? LONGEST_WINDOW_MS));
      return `{${log.join(',')}}`;
    });
    // One round trip: publish ours, read theirs (changed since the last look, with a margin for
    // transactions that committed late).
    const since = this.since ? new Date(this.since.getTime() - 250) : new Date(0);
    const result = await sql<ShareRow>`
      with published as (
        insert into rate_limit_shares as s (instance_id, bucket, hits, updated_at)
        select ${this.instance}, b.bucket, b.hits::bigint[], now()
        from unnest(${buckets}::text[], ${hits}::text[]) as b(bucket, hits)
        on conflict (instance_id, bucket) do update set hits = excluded.hits, updated_at = excluded.updated_at
        returning 1
      )
      select bucket, instance_id, hits, updated_at, (extract(epoch from clock_timestamp()) * 1000)::bigint as now_ms
      from rate_limit_shares
      where instance_id <> ${this.instance} and updated_at >= ${since}
      union all
      select null, null, null, null, (extract(epoch from clock_timestamp()) * 1000)::bigint
      from (select count(*) from published) as p`.execute(this.db);
    const finished = this.clock();
    const wallFinished = Date.now();
    for (const row of result.rows) {
      if (row.bucket === null) {
        // The database clock at the middle of the round trip.
        this.offsetMs = Math.round(Number(row.now_ms) - (wallStarted + wallFinished) / 2);
        continue;
      }
      if (row.updated_at.getTime() > this.now() - PEER_SILENCE_MS) {
        // A peer is here: if it is new to us, it gets all we hold at the next exchange.
        if (!peers) for (const bucket of this.own.keys()) this.unsent.add(bucket);
        this.peerSeenAt = finished;
      }
      if (row.bucket === PRESENCE) continue;
      let byInstance = this.others.get(row.bucket);
      if (!byInstance) this.others.set(row.bucket, (byInstance = new Map<string, number[]>()));
      byInstance.set(row.instance_id, row.hits.map(Number));
      if (!this.since || row.updated_at > this.since) this.since = row.updated_at;
    }
    this.sweep(finished);
  }

  /** Forgets hits past every window, here and in the table. */
  private sweep(now: number): void {
    if (now - this.lastSweep < 10_000) return;
    this.lastSweep = now;
    const cutoff = this.now() - LONGEST_WINDOW_MS;
    for (const [bucket, log] of this.own) if ((log.at(-1) ?? 0) <= cutoff) this.own.delete(bucket);
    for (const [bucket, byInstance] of this.others) {
      for (const [instance, log] of byInstance) if ((log.at(-1) ?? 0) <= cutoff) byInstance.delete(instance);
      if (byInstance.size === 0) this.others.delete(bucket);
    }
    void sql`delete from rate_limit_shares where updated_at < now() - interval '3 minutes'`
      .execute(this.db)
      .catch(() => undefined);
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.exchanges;
    await sql`delete from rate_limit_shares where instance_id = ${this.instance}`
      .execute(this.db)
      .catch(() => undefined);
  }
}
