import { sql, type Kysely } from 'kysely';

/**
 * The money ledger and payouts (docs/decisions/027-ledger-balances-payouts.md).
 *
 * Double entry: every movement is a transfer of balanced entries between accounts, in minor units.
 * An account keeps its posted debits and credits (updated in the transfer's transaction, so a
 * balance is one row read); accounts that must never go negative say so and a check constraint
 * holds them to it, whatever the code does. Transfers and entries are immutable (triggers refuse
 * updates and deletes); a correction is a new transfer. A transfer's event_key is unique, so
 * replaying the event that causes it posts nothing the second time.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table ledger_accounts (
      id bigint generated always as identity primary key,
      -- 'merchant:<code>' or 'operator:test' / 'operator:live'
      owner text not null,
      kind text not null check (kind in ('PENDING', 'AVAILABLE', 'RESERVED', 'CASH', 'FEES', 'VAT')),
      currency_code text not null,
      debits_minor bigint not null default 0 check (debits_minor >= 0),
      credits_minor bigint not null default 0 check (credits_minor >= 0),
      -- Credit-normal accounts whose balance (credits - debits) must stay >= 0.
      no_overdraft boolean not null,
      created_at timestamptz not null,
      unique (owner, kind, currency_code),
      constraint ledger_accounts_no_overdraft check (not no_overdraft or credits_minor >= debits_minor)
    )`.execute(db);

  await sql`
    create table ledger_transfers (
      id bigint generated always as identity primary key,
      event_key text not null unique,
      kind text not null check (kind in (
        'PAYIN_CREDIT', 'PAYIN_SETTLEMENT', 'PAYOUT_RESERVE', 'PAYOUT_DEBIT', 'PAYOUT_RELEASE'
      )),
      merchant_code text not null,
      currency_code text not null,
      payin_id bigint,
      payout_id bigint,
      created_at timestamptz not null
    )`.execute(db);
  await sql`create index ledger_transfers_by_merchant on ledger_transfers (merchant_code, id)`.execute(db);
  await sql`create index ledger_transfers_by_payin on ledger_transfers (payin_id) where payin_id is not null`.execute(
    db,
  );
  await sql`create index ledger_transfers_by_payout on ledger_transfers (payout_id) where payout_id is not null`.execute(
    db,
  );

  await sql`
    create table ledger_entries (
      id bigint generated always as identity primary key,
      transfer_id bigint not null references ledger_transfers (id),
      account_id bigint not null references ledger_accounts (id),
      direction text not null check (direction in ('DEBIT', 'CREDIT')),
      amount_minor bigint not null check (amount_minor > 0)
    )`.execute(db);
  await sql`create index ledger_entries_by_transfer on ledger_entries (transfer_id)`.execute(db);
  await sql`create index ledger_entries_by_account on ledger_entries (account_id)`.execute(db);

  // Settlements waiting for their merchant's delay: pending -> available when due.
  await sql`
    create table ledger_settlements (
      payin_id bigint primary key references payins (id) on delete cascade,
      due_at timestamptz not null
    )`.execute(db);
  await sql`create index ledger_settlements_due on ledger_settlements (due_at)`.execute(db);

  await sql`
    create function ledger_immutable() returns trigger language plpgsql as $$
    begin
      raise exception 'ledger rows are immutable: post a correcting transfer instead';
    end
    $$`.execute(db);
  for (const table of ['ledger_transfers', 'ledger_entries']) {
    await sql`
      create trigger ${sql.raw(`${table}_immutable`)} before update or delete on ${sql.raw(table)}
      for each row execute function ledger_immutable()`.execute(db);
  }

  await sql`
    create table payouts (
      id bigint generated always as identity primary key,
      merchant_code text not null references merchants (merchant_code),
      id_payout text not null,
      status text not null check (status in ('PENDING', 'SUCCESS', 'REFUSED')),
      processor_status text,
      payment_method_code text not null,
      payment_operator_code text,
      payment_operator_name text,
      currency_code text not null,
      amount_minor bigint not null check (amount_minor > 0),
      fee_minor bigint not null check (fee_minor >= 0),
      vat_minor bigint check (vat_minor >= 0),
      is_test boolean not null,
      callback_url text not null,
      destination json not null,
      reference text not null,
      created_at timestamptz not null,
      processed_at timestamptz,
      updated_at timestamptz not null,
      unique (merchant_code, id_payout)
    )`.execute(db);
  await sql`create index payouts_by_merchant on payouts (merchant_code, id)`.execute(db);

  // Sandbox outcomes of test payouts, applied when due (magic amounts, the default delay, simulate with a delay).
  await sql`
    create table sandbox_payout_simulations (
      id bigint generated always as identity primary key,
      payout_id bigint not null references payouts (id) on delete cascade,
      status text not null check (status in ('SUCCESS', 'REFUSED')),
      processor_status text,
      due_at timestamptz not null
    )`.execute(db);
  await sql`create index sandbox_payout_simulations_due on sandbox_payout_simulations (due_at)`.execute(db);

  // Callbacks announce payouts too: a delivery belongs to a payin or to a payout.
  await sql`alter table callback_deliveries alter column payin_id drop not null`.execute(db);
  await sql`alter table callback_deliveries alter column id_payin drop not null`.execute(db);
  await sql`alter table callback_deliveries add column payout_id bigint references payouts (id) on delete cascade`.execute(
    db,
  );
  await sql`alter table callback_deliveries add column id_payout text`.execute(db);
  await sql`
    alter table callback_deliveries add constraint callback_deliveries_one_subject
    check ((payin_id is null) <> (payout_id is null) and (id_payin is null) = (payin_id is null))`.execute(
    db,
  );
  await sql`create index callback_deliveries_by_payout on callback_deliveries (payout_id, id) where payout_id is not null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from callback_deliveries where payout_id is not null`.execute(db);
  await sql`alter table callback_deliveries drop constraint callback_deliveries_one_subject`.execute(db);
  await sql`alter table callback_deliveries drop column id_payout`.execute(db);
  await sql`alter table callback_deliveries drop column payout_id`.execute(db);
  await sql`alter table callback_deliveries alter column id_payin set not null`.execute(db);
  await sql`alter table callback_deliveries alter column payin_id set not null`.execute(db);
  await sql`drop table sandbox_payout_simulations`.execute(db);
  await sql`drop table payouts`.execute(db);
  await sql`drop table ledger_settlements`.execute(db);
  await sql`drop table ledger_entries`.execute(db);
  await sql`drop table ledger_transfers`.execute(db);
  await sql`drop table ledger_accounts`.execute(db);
  await sql`drop function ledger_immutable`.execute(db);
}
