import { sql, type Kysely } from 'kysely';

/**
 * Live collection and reconciliation (docs/decisions/028-live-collection-and-reconciliation.md).
 *
 * A payin payable to one of the merchant's collection accounts names it (and the address it was
 * handed, for rotating crypto addresses), so matching looks only among that account's open payins.
 * Every incoming transaction is stored once per account and bank transaction id, with the record
 * as received, in state RECEIVED; matching moves it on in the transaction that applies it, so a
 * crash in between leaves it RECEIVED for the next round, and two instances cannot apply it twice.
 * Money received and not (yet) owed to the merchant sits in the merchant's UNAPPLIED account.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table payins add column collection_account_id text`.execute(db);
  await sql`alter table payins add column collection_address text`.execute(db);
  await sql`
    create index payins_open_by_collection_account on payins (merchant_code, collection_account_id, currency_code)
    where status = 'PENDING' and collection_account_id is not null`.execute(db);

  await sql`
    create table collection_transactions (
      id bigint generated always as identity primary key,
      merchant_code text not null,
      account_id text not null,
      bank_transaction_id text not null,
      currency_code text not null,
      amount_minor bigint not null check (amount_minor > 0),
      booked_at timestamptz not null,
      note text not null,
      payer jsonb,
      to_address text,
      source text not null check (source in ('FEED', 'SEPAY', 'CSV', 'CAMT053')),
      -- The record exactly as received (JSON, CSV line with its header, XML entry).
      raw text not null,
      received_at timestamptz not null,
      -- RECEIVED until matched; then what matching found.
      outcome text not null default 'RECEIVED' check (outcome in (
        'RECEIVED', 'APPLIED', 'PARTIAL', 'OVERPAID', 'LATE', 'UNMATCHED'
      )),
      -- How the payin was found: REFERENCE (in the note), AMOUNT (exact moneyRequired), ADDRESS, LINKED (by an operator).
      matched_by text check (matched_by in ('REFERENCE', 'AMOUNT', 'ADDRESS', 'LINKED')),
      payin_id bigint references payins (id),
      -- The part of the amount a payin's credit took; the rest is unapplied.
      applied_minor bigint not null default 0 check (applied_minor >= 0 and applied_minor <= amount_minor),
      matched_at timestamptz,
      -- An operator's resolution of unapplied money: LINKED to a payin, or REFUNDED to the payer.
      resolution text check (resolution in ('LINKED', 'REFUNDED')),
      -- Why, as the operator wrote it (a refund's bank reference, a link's reason).
      resolution_note text,
      resolved_by text,
      resolved_at timestamptz,
      unique (merchant_code, account_id, bank_transaction_id)
    )`.execute(db);
  await sql`create index collection_transactions_to_match on collection_transactions (id) where outcome = 'RECEIVED'`.execute(
    db,
  );
  await sql`create index collection_transactions_by_merchant on collection_transactions (merchant_code, id)`.execute(
    db,
  );
  await sql`create index collection_transactions_by_payin on collection_transactions (payin_id) where payin_id is not null`.execute(
    db,
  );

  // The ledger learns unapplied money and who acted on it.
  await sql`alter table ledger_accounts drop constraint ledger_accounts_kind_check`.execute(db);
  await sql`
    alter table ledger_accounts add constraint ledger_accounts_kind_check
    check (kind in ('PENDING', 'AVAILABLE', 'RESERVED', 'UNAPPLIED', 'CASH', 'FEES', 'VAT'))`.execute(db);
  await sql`alter table ledger_transfers drop constraint ledger_transfers_kind_check`.execute(db);
  await sql`
    alter table ledger_transfers add constraint ledger_transfers_kind_check check (kind in (
      'PAYIN_CREDIT', 'PAYIN_SETTLEMENT', 'PAYOUT_RESERVE', 'PAYOUT_DEBIT', 'PAYOUT_RELEASE',
      'COLLECTION_RECEIPT', 'COLLECTION_REFUND'
    ))`.execute(db);
  await sql`alter table ledger_transfers add column collection_transaction_id bigint references collection_transactions (id)`.execute(
    db,
  );
  // Who caused the transfer when a person did (an operator's review action); null for the system.
  await sql`alter table ledger_transfers add column actor text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table ledger_transfers drop column actor`.execute(db);
  await sql`alter table ledger_transfers drop column collection_transaction_id`.execute(db);
  await sql`drop table collection_transactions`.execute(db);
  await sql`drop index payins_open_by_collection_account`.execute(db);
  await sql`alter table payins drop column collection_address`.execute(db);
  await sql`alter table payins drop column collection_account_id`.execute(db);
}
