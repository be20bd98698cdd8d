import { sql, type Kysely } from 'kysely';

/**
 * Live crypto payouts and refunds from the operator's hot wallets (docs/decisions/043-crypto-payouts.md): one
 * sender per wallet at a time (a lease), nonces handed out here, and each payout's (or refund's) signed
 * transaction written before it is broadcast, so a crash resends the same transaction, never a
 * second one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table chain_wallets (
      network text primary key,
      -- The hot wallet's address (lower case): a new key is a new wallet, its nonces start again.
      address text not null,
      -- The nonce the next transaction takes; null until read from the chain.
      next_nonce bigint check (next_nonce >= 0),
      lease_owner text,
      leased_until timestamptz,
      updated_at timestamptz not null
    )`.execute(db);
  await sql`
    create table chain_payouts (
      -- The payout (server/payouts) or refund (server/refunds) this transaction pays: one each.
      kind text not null check (kind in ('PAYOUT', 'REFUND')),
      item_id bigint not null,
      network text not null,
      wallet text not null,
      nonce bigint not null check (nonce >= 0),
      tx_hash text not null unique,
      -- The signed transaction, resent as it is until it is mined or its nonce is taken.
      raw_tx text not null,
      status text not null check (status in ('SENT', 'CONFIRMED', 'FAILED', 'REPLACED')),
      block_number bigint,
      sent_at timestamptz not null,
      settled_at timestamptz,
      primary key (kind, item_id),
      unique (network, wallet, nonce)
    )`.execute(db);
  await sql`create index chain_payouts_sent on chain_payouts (network, nonce) where status = 'SENT'`.execute(
    db,
  );
}
