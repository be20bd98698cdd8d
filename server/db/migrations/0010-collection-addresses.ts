import { sql, type Kysely } from 'kysely';

/**
 * A rotating crypto collection account hands each open payin an address of its own
 * (docs/decisions/028): of concurrent creates that picked the same free address, the index admits
 * one; the others pick again, as with unique amounts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create unique index payins_open_collection_address
    on payins (merchant_code, collection_account_id, collection_address)
    where status = 'PENDING' and collection_address is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index payins_open_collection_address`.execute(db);
}
