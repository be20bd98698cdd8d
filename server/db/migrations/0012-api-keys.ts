import { sql, type Kysely } from 'kysely';

/**
 * A merchant's API keys beside the merchants file's secret (docs/decisions/033): each with a name,
 * optionally the operations its tokens may carry, an expiry and the addresses it may be used from;
 * revoked, never deleted. Secrets only as keyed hashes, unique across merchants.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table api_keys (
      id text primary key,
      merchant_code text not null references merchants (merchant_code),
      name text not null,
      secret_hash text not null unique,
      operations text[],
      allowed_addresses text[],
      expires_at timestamptz,
      created_at timestamptz not null default now(),
      last_used_at timestamptz,
      revoked_at timestamptz,
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index api_keys_merchant on api_keys (merchant_code, created_at)`.execute(db);
  await sql`create index api_keys_updated_at on api_keys (updated_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table api_keys`.execute(db);
}
