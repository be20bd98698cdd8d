import { sql, type Kysely } from 'kysely';

/**
 * Refunds (docs/decisions/036-refunds.md): money back to the payer of a successful payin, reserved
 * from the merchant's available balance like a payout, sent to the payer's own account or to where
 * the payer says through a claim link. The ledger and the callback outbox learn a third subject.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table refunds (
      id bigint generated always as identity primary key,
      merchant_code text not null references merchants (merchant_code),
      payin_id bigint not null references payins (id),
      -- The payin's merchant-facing id (never changes): a refund is read without its payin's row.
      id_payin text not null,
      id_refund text not null,
      status text not null check (status in ('PENDING', 'SUCCESS', 'REFUSED')),
      processor_status text,
      currency_code text not null,
      amount_minor bigint not null check (amount_minor > 0),
      fee_minor bigint not null check (fee_minor >= 0),
      vat_minor bigint check (vat_minor >= 0),
      is_test boolean not null,
      reason text,
      callback_url text not null,
      -- Where the money goes (server/payouts/destinations, as JSON text); null while a claim waits.
      destination text,
      -- How the destination was chosen: the payer's own account, given by the merchant, or claimed.
      destination_source text check (destination_source in ('PAYER_ACCOUNT', 'MERCHANT', 'CLAIM')),
      -- SHA-256 of the claim link's secret; the link itself is shown once, at creation.
      claim_token_hash text unique,
      claim_expires_at timestamptz,
      claimed_at timestamptz,
      -- Who asked for it: an API key, a console person, or null for a token of the merchant secret.
      actor text,
      reference text not null,
      created_at timestamptz not null,
      processed_at timestamptz,
      updated_at timestamptz not null,
      unique (merchant_code, id_refund),
      constraint refunds_claim_or_destination check (destination is not null or claim_token_hash is not null)
    )`.execute(db);
  await sql`create index refunds_by_payin on refunds (payin_id, id)`.execute(db);
  await sql`create index refunds_by_merchant on refunds (merchant_code, id)`.execute(db);
  await sql`
    create index refunds_claims_due on refunds (claim_expires_at)
    where status = 'PENDING' and destination is null`.execute(db);

  // Sandbox outcomes of test refunds, applied when due (as sandbox_payout_simulations).
  await sql`
    create table sandbox_refund_simulations (
      id bigint generated always as identity primary key,
      refund_id bigint not null references refunds (id) on delete cascade,
      status text not null check (status in ('SUCCESS', 'REFUSED')),
      processor_status text,
      due_at timestamptz not null
    )`.execute(db);
  await sql`create index sandbox_refund_simulations_due on sandbox_refund_simulations (due_at)`.execute(db);

  await sql`alter table ledger_transfers drop constraint ledger_transfers_kind_check`.execute(db);
  await sql`
    alter table ledger_transfers add constraint ledger_transfers_kind_check check (kind in (
      'PAYIN_CREDIT', 'PAYIN_SETTLEMENT', 'PAYOUT_RESERVE', 'PAYOUT_DEBIT', 'PAYOUT_RELEASE',
      'COLLECTION_RECEIPT', 'COLLECTION_REFUND', 'REFUND_RESERVE', 'REFUND_DEBIT', 'REFUND_RELEASE'
    ))`.execute(db);
  await sql`alter table ledger_transfers add column refund_id bigint references refunds (id)`.execute(db);
  await sql`create index ledger_transfers_by_refund on ledger_transfers (refund_id) where refund_id is not null`.execute(
    db,
  );

  // A refund's callback belongs to its payin (listed with the payin's) and names the refund too.
  await sql`alter table callback_deliveries add column refund_id bigint references refunds (id) on delete cascade`.execute(
    db,
  );
  await sql`alter table callback_deliveries add column id_refund text`.execute(db);
  await sql`
    alter table callback_deliveries add constraint callback_deliveries_refund_of_payin
    check (refund_id is null or (payin_id is not null and id_refund is not null))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from callback_deliveries where refund_id is not null`.execute(db);
  await sql`alter table callback_deliveries drop constraint callback_deliveries_refund_of_payin`.execute(db);
  await sql`alter table callback_deliveries drop column id_refund`.execute(db);
  await sql`alter table callback_deliveries drop column refund_id`.execute(db);
  await sql`alter table ledger_transfers drop column refund_id`.execute(db);
  await sql`alter table ledger_transfers drop constraint ledger_transfers_kind_check`.execute(db);
  await sql`
    alter table ledger_transfers add constraint ledger_transfers_kind_check check (kind in (
      'PAYIN_CREDIT', 'PAYIN_SETTLEMENT', 'PAYOUT_RESERVE', 'PAYOUT_DEBIT', 'PAYOUT_RELEASE',
      'COLLECTION_RECEIPT', 'COLLECTION_REFUND'
    ))`.execute(db);
  await sql`drop table sandbox_refund_simulations`.execute(db);
  await sql`drop table refunds`.execute(db);
}
