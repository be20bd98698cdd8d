import { sql, type Kysely } from 'kysely';

/**
 * Hardening (issue 8): the rate limiter decides in the application (no last_accepted marker) and
 * instances exchange their hits in the background; addresses that authenticated as a merchant stay able to while its code is under attack;
 * callback deliveries know their endpoint (scheme, host and port) for per-endpoint concurrency.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table rate_limit_windows drop column last_accepted`.execute(db);
  // Each instance's recent hits per bucket, exchanged in the background (server/ratelimit/shared.store.ts).
  await sql`
    create unlogged table rate_limit_shares (
      instance_id text not null,
      bucket text not null,
      hits bigint[] not null,
      updated_at timestamptz not null,
      primary key (instance_id, bucket)
    )`.execute(db);
  await sql`create index rate_limit_shares_by_time on rate_limit_shares (updated_at)`.execute(db);

  await sql`
    create table merchant_client_addresses (
      merchant_code text not null references merchants (merchant_code) on delete cascade,
      address text not null,
      last_success_at timestamptz not null,
      primary key (merchant_code, address)
    )`.execute(db);

  await sql`alter table callback_deliveries add column endpoint text`.execute(db);
  await sql`
    update callback_deliveries
    set endpoint = lower(coalesce(substring(url from '^[A-Za-z][A-Za-z0-9+.-]*://[^/?#]+'), url))`.execute(
    db,
  );
  await sql`alter table callback_deliveries alter column endpoint set not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table callback_deliveries drop column endpoint`.execute(db);
  await sql`drop table merchant_client_addresses`.execute(db);
  await sql`drop table rate_limit_shares`.execute(db);
  await sql`alter table rate_limit_windows add column last_accepted text`.execute(db);
}
