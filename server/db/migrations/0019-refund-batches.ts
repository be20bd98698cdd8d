import { sql, type Kysely } from 'kysely';

/**
 * Live refunds by file (docs/decisions/042-live-refunds-by-file.md): a live merchant's refund to a
 * bank account waits in the queue of the collection account paying its currency, as a payout does
 * (0016), and leaves in the same batches: one pain.001 credit transfer per payout or refund.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // A batch counts its payouts and its refunds; one of them at least.
  await sql`alter table payout_batches add column refund_count integer not null default 0`.execute(db);
  await sql`alter table payout_batches drop constraint payout_batches_payout_count_check`.execute(db);
  await sql`
    alter table payout_batches add constraint payout_batches_counts_check
    check (payout_count >= 0 and refund_count >= 0 and payout_count + refund_count > 0)`.execute(db);

  // A live refund names the account paying it and its EndToEndId from creation; its batch while one
  // holds it. EndToEndIds of refunds carry a "/" that no payout's can (decision 042), so an account's
  // EndToEndIds are unique across its payouts and refunds.
  await sql`alter table refunds add column payout_account_id text`.execute(db);
  await sql`alter table refunds add column end_to_end_id text`.execute(db);
  await sql`alter table refunds add column batch_id bigint references payout_batches (id)`.execute(db);
  await sql`
    create unique index refunds_by_end_to_end on refunds (merchant_code, payout_account_id, end_to_end_id)
    where end_to_end_id is not null`.execute(db);
  // Waiting for a batch: pending, paid by an account, in no batch, and knowing where it goes (a
  // refund waiting for its payer's claim joins the queue when claimed).
  await sql`
    create index refunds_queued on refunds (merchant_code, payout_account_id, id)
    where status = 'PENDING' and payout_account_id is not null and batch_id is null
      and destination is not null`.execute(db);
  await sql`create index refunds_by_batch on refunds (batch_id, id) where batch_id is not null`.execute(db);
}
