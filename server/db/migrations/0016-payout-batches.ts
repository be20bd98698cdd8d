import { sql, type Kysely } from 'kysely';

/**
 * Bank payouts by file (docs/decisions/038-bank-payouts-by-file.md): a live merchant's payouts to
 * bank accounts wait in the queue of the collection account that pays them, are cut into batches,
 * each downloaded as one ISO 20022 pain.001 file for the bank's business portal, and end when the
 * account's statement reports their debit (or their return) by EndToEndId.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table payout_batches (
      id bigint generated always as identity primary key,
      merchant_code text not null references merchants (merchant_code),
      -- pb_ and 24 base32 characters: the file's MsgId and PmtInfId (ISO 20022 Max35Text).
      id_batch text not null unique,
      -- The collection account (merchants file) that pays the batch, and its currency.
      account_id text not null,
      currency_code text not null,
      format text not null check (format in ('pain.001.001.09')),
      status text not null check (status in ('READY', 'DOWNLOADED', 'CANCELLED')),
      payout_count integer not null check (payout_count > 0),
      total_minor bigint not null check (total_minor > 0),
      -- The day the bank is asked to execute it (ReqdExctnDt), in the account currency's home time.
      execution_date text not null,
      actor text,
      created_at timestamptz not null,
      downloaded_at timestamptz,
      cancelled_at timestamptz
    )`.execute(db);
  await sql`create index payout_batches_by_merchant on payout_batches (merchant_code, id)`.execute(db);

  // A live payout by file names the account paying it and its EndToEndId from creation; its batch
  // while one holds it (a cancelled batch gives its payouts back to the queue).
  await sql`alter table payouts add column payout_account_id text`.execute(db);
  await sql`alter table payouts add column end_to_end_id text`.execute(db);
  await sql`alter table payouts add column batch_id bigint references payout_batches (id)`.execute(db);
  await sql`
    create unique index payouts_by_end_to_end on payouts (merchant_code, payout_account_id, end_to_end_id)
    where end_to_end_id is not null`.execute(db);
  await sql`
    create index payouts_queued on payouts (merchant_code, payout_account_id, id)
    where status = 'PENDING' and payout_account_id is not null and batch_id is null`.execute(db);
  await sql`create index payouts_by_batch on payouts (batch_id, id) where batch_id is not null`.execute(db);
}
