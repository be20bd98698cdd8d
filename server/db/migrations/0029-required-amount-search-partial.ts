import { sql, type Kysely } from 'kysely';

/**
 * The search by exact amount reads two indexes: the order's amount, and the amount to pay. The two
 * are the same for most payins (a unique amount is first tried as the order's own), so the second
 * index now holds only the payins whose amount to pay differs: one index entry less for most
 * creates, and the search finds the same payins (payin-search.repository.ts, docs/decisions/050).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists payins_search_required_amount`.execute(db);
  await sql`
    create index payins_search_required_amount on payins (merchant_code, required_amount_minor, id)
    where required_amount_minor is not null and required_amount_minor <> amount_minor`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index payins_search_required_amount`.execute(db);
  await sql`
    create index payins_search_required_amount on payins (merchant_code, required_amount_minor, id)
    where required_amount_minor is not null`.execute(db);
}
