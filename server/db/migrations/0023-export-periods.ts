import { sql, type Kysely } from 'kysely';

/** The tables an export reads by period (docs/decisions/045), with the column that dates their rows. */
const PERIOD_INDEXES = [
  ['payouts_by_merchant_created', 'payouts', 'created_at'],
  ['refunds_by_merchant_created', 'refunds', 'created_at'],
  ['ledger_transfers_by_merchant_created', 'ledger_transfers', 'created_at'],
  ['collection_transactions_by_merchant_booked', 'collection_transactions', 'booked_at'],
] as const;

/**
 * Exports and the settlement report (docs/decisions/045) read a merchant's rows of a period in
 * (time, id) order, a page at a time: one index range per page. Payins have theirs since 0006
 * (merchant_code, created_at). "if not exists": on a large table an operator may build them
 * beforehand with CREATE INDEX CONCURRENTLY.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [name, table, column] of PERIOD_INDEXES)
    await sql`create index if not exists ${sql.id(name)} on ${sql.table(table)} (merchant_code, ${sql.ref(column)}, id)`.execute(
      db,
    );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [name] of PERIOD_INDEXES) await sql`drop index if exists ${sql.id(name)}`.execute(db);
}
