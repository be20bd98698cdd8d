import { sql, type Kysely } from 'kysely';

/**
 * The chain watcher (docs/decisions/041-chain-watcher.md): ERC-20 transfers to merchants' crypto
 * collection addresses, seen on the chain, kept until they have their confirmations (or vanish in a
 * reorganisation) and then handed to reconciliation as incoming transactions (source CHAIN).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table chain_cursors (
      -- The catalogue's network code (ETHEREUM, POLYGON).
      network text primary key,
      chain_id bigint not null,
      -- The first block whose transfers are not yet confirmed: every scan starts here.
      next_block bigint not null check (next_block >= 0),
      -- The hash block next_block - 1 had when it was confirmed (a reorganisation deeper than the
      -- confirmations shows as another hash there).
      confirmed_hash text,
      -- One instance scans a network at a time: the one holding the lease.
      lease_owner text,
      leased_until timestamptz,
      updated_at timestamptz not null
    )`.execute(db);
  await sql`
    create table chain_transfers (
      id bigint generated always as identity primary key,
      network text not null,
      block_number bigint not null,
      block_hash text not null,
      tx_hash text not null,
      log_index integer not null,
      -- The token contract and recipient, lower case; the sender as logged.
      token text not null,
      currency_code text not null,
      from_address text not null,
      to_address text not null,
      amount_minor bigint not null check (amount_minor > 0),
      merchant_code text not null references merchants (merchant_code),
      account_id text not null,
      status text not null check (status in ('SEEN', 'CONFIRMED', 'WITHDRAWN')),
      seen_at timestamptz not null,
      -- When it was confirmed (handed to reconciliation) or withdrawn (its block left the chain).
      settled_at timestamptz,
      unique (network, block_hash, tx_hash, log_index)
    )`.execute(db);
  await sql`create index chain_transfers_seen on chain_transfers (network, block_number) where status = 'SEEN'`.execute(
    db,
  );
  await sql`create index chain_transfers_by_tx on chain_transfers (network, tx_hash)`.execute(db);

  // Money to a rotating address after its payin ended is that payin's, late: found by the address
  // among every payin it was handed to, not only the open one (payins_open_collection_address).
  await sql`
    create index payins_by_collection_address on payins (merchant_code, collection_account_id, collection_address, id)
    where collection_address is not null`.execute(db);

  await sql`alter table collection_transactions drop constraint collection_transactions_source_check`.execute(
    db,
  );
  await sql`
    alter table collection_transactions add constraint collection_transactions_source_check
      check (source in ('FEED', 'SEPAY', 'CSV', 'CAMT053', 'CHAIN'))`.execute(db);
}
