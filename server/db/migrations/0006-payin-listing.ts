import { sql, type Kysely } from 'kysely';

/**
 * GET /payins (docs/decisions/024-listing-and-cancelling-payins.md): a merchant's payins newest
 * first, keyset on the internal id, so one index walk per page. Optional filters run on that walk;
 * only a created-at range can be narrow enough among many payins to want an index of its own.
 * Status needs none: open payins are the newest (they expire), final ones the bulk. "if not exists":
 * on a large table an operator may build them beforehand with CREATE INDEX CONCURRENTLY.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index if not exists payins_by_merchant on payins (merchant_code, id desc)`.execute(db);
  await sql`create index if not exists payins_by_merchant_created on payins (merchant_code, created_at)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists payins_by_merchant_created`.execute(db);
  await sql`drop index if exists payins_by_merchant`.execute(db);
}
