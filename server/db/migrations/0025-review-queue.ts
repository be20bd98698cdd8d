import { sql, type Kysely } from 'kysely';

/**
 * The reconciliation review queue, cheap to count (docs/decisions/037, the metrics gauge
 * payin_reconciliation_review_queue) and to list per merchant: a partial index over the incoming
 * transactions whose money nobody has taken yet, the same predicate as awaitingReview() in
 * server/reconciliation/transaction.repository.ts. Almost every transaction is applied in full and
 * stays out of it, so the index stays the size of the queue.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create index collection_transactions_for_review on collection_transactions (merchant_code, id)
    where outcome <> 'RECEIVED'
      and (resolution is null or resolution <> 'REFUNDED')
      and amount_minor > applied_minor`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index collection_transactions_for_review`.execute(db);
}
