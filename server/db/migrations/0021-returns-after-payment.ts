import { sql, type Kysely } from 'kysely';

const KINDS_BEFORE = sql`(
  'PAYIN_CREDIT', 'PAYIN_SETTLEMENT', 'PAYOUT_RESERVE', 'PAYOUT_DEBIT', 'PAYOUT_RELEASE',
  'COLLECTION_RECEIPT', 'COLLECTION_REFUND', 'REFUND_RESERVE', 'REFUND_DEBIT', 'REFUND_RELEASE'
)`;

/**
 * Returns after payment (docs/decisions/044-returns-after-payment.md): a bank transfer that was
 * debited and reported paid can come back in a later statement. The payout or refund then ends
 * REFUSED after all, its money back on the merchant's balance by a PAYOUT_RETURN or REFUND_RETURN
 * transfer, and returned_at says when (processed_at keeps when it was paid).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table ledger_transfers drop constraint ledger_transfers_kind_check`.execute(db);
  await sql`
    alter table ledger_transfers add constraint ledger_transfers_kind_check check (kind in (
      'PAYIN_CREDIT', 'PAYIN_SETTLEMENT', 'PAYOUT_RESERVE', 'PAYOUT_DEBIT', 'PAYOUT_RELEASE',
      'COLLECTION_RECEIPT', 'COLLECTION_REFUND', 'REFUND_RESERVE', 'REFUND_DEBIT', 'REFUND_RELEASE',
      'PAYOUT_RETURN', 'REFUND_RETURN'
    ))`.execute(db);
  for (const table of ['payouts', 'refunds']) {
    await sql`alter table ${sql.table(table)} add column returned_at timestamptz`.execute(db);
    // Only a refused one was returned.
    await sql`
      alter table ${sql.table(table)} add constraint ${sql.raw(`${table}_returned_is_refused`)}
      check (returned_at is null or status = 'REFUSED')`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['payouts', 'refunds']) {
    await sql`alter table ${sql.table(table)} drop constraint ${sql.raw(`${table}_returned_is_refused`)}`.execute(
      db,
    );
    await sql`alter table ${sql.table(table)} drop column returned_at`.execute(db);
  }
  // A posted return cannot be undone without rewriting the books: refuse rather than lose it.
  const { rows } = await sql<{ n: string }>`
    select count(*)::text as n from ledger_transfers where kind in ('PAYOUT_RETURN', 'REFUND_RETURN')`.execute(
    db,
  );
  if (rows[0]?.n !== '0') throw new Error('Returns are posted in the ledger: 0021 cannot be reverted.');
  await sql`alter table ledger_transfers drop constraint ledger_transfers_kind_check`.execute(db);
  await sql`alter table ledger_transfers add constraint ledger_transfers_kind_check check (kind in ${KINDS_BEFORE})`.execute(
    db,
  );
}
