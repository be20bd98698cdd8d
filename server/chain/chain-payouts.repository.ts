import 'server-only';
import type { Selectable } from 'kysely';
import type { ChainPayoutsTable, ChainWalletsTable, Db } from '../db';
import { leasable } from './chain.repository';

// The hot wallets' nonces and each crypto payout's transaction (server/chain owns them).

export type ChainWalletRow = Selectable<ChainWalletsTable>;
export type ChainPayoutRow = Selectable<ChainPayoutsTable>;

/**
 * The network's wallet row, leased to `owner` until `until` (created on first use); undefined while
 * another instance holds it. A different address (a new key) starts its nonces again.
 */
export async function leaseWallet(
  db: Db,
  lease: { network: string; address: string; owner: string; now: Date; until: Date },
): Promise<ChainWalletRow | undefined> {
  await db
    .insertInto('chain_wallets')
    .values({
      network: lease.network,
      address: lease.address,
      next_nonce: null,
      lease_owner: null,
      leased_until: null,
      updated_at: lease.now,
    })
    .onConflict((conflict) => conflict.column('network').doNothing())
    .execute();
  const leased = await db
    .updateTable('chain_wallets')
    .set({ lease_owner: lease.owner, leased_until: lease.until })
    .where('network', '=', lease.network)
    .where((eb) => leasable(eb, lease.owner, lease.now))
    .returningAll()
    .executeTakeFirst();
  if (leased && leased.address !== lease.address)
    return db
      .updateTable('chain_wallets')
      .set({ address: lease.address, next_nonce: null, updated_at: lease.now })
      .where('network', '=', lease.network)
      .where('lease_owner', '=', lease.owner)
      .returningAll()
      .executeTakeFirst();
  return leased;
}

export async function releaseWallet(db: Db, network: string, owner: string): Promise<void> {
  await db
    .updateTable('chain_wallets')
    .set({ lease_owner: null, leased_until: null })
    .where('network', '=', network)
    .where('lease_owner', '=', owner)
    .execute();
}

/** Sets the next nonce from the chain's count, if this owner still holds the wallet. */
export async function setNextNonce(db: Db, network: string, owner: string, nonce: bigint): Promise<boolean> {
  const result = await db
    .updateTable('chain_wallets')
    .set({ next_nonce: nonce })
    .where('network', '=', network)
    .where('lease_owner', '=', owner)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * Takes nonce `nonce` for a payout's signed transaction: the transaction is recorded and the
 * wallet's next nonce moved on together, only while this owner holds the wallet at that nonce.
 * Whether it did (false: another instance took the wallet; nothing was recorded).
 */
export async function recordSent(
  db: Db,
  input: {
    owner: string;
    row: Omit<ChainPayoutRow, 'status' | 'block_number' | 'settled_at'>;
  },
): Promise<boolean> {
  const { row } = input;
  const moved = await db
    .updateTable('chain_wallets')
    .set({ next_nonce: row.nonce + 1n, updated_at: row.sent_at })
    .where('network', '=', row.network)
    .where('lease_owner', '=', input.owner)
    .where('next_nonce', '=', row.nonce)
    .executeTakeFirst();
  if (moved.numUpdatedRows === 0n) return false;
  await db
    .insertInto('chain_payouts')
    .values({ ...row, status: 'SENT', block_number: null, settled_at: null })
    .execute();
  return true;
}

/** The network's transactions sent and not yet ended, by nonce. */
export function sentPayouts(db: Db, network: string): Promise<ChainPayoutRow[]> {
  return db
    .selectFrom('chain_payouts')
    .selectAll()
    .where('network', '=', network)
    .where('status', '=', 'SENT')
    .orderBy('nonce')
    .execute();
}

/** The transactions of these payouts or refunds, by their id. */
export async function itemTransactions(
  db: Db,
  kind: ChainPayoutRow['kind'],
  ids: readonly bigint[],
): Promise<Map<bigint, ChainPayoutRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('chain_payouts')
    .selectAll()
    .where('kind', '=', kind)
    .where('item_id', 'in', ids)
    .execute();
  return new Map(rows.map((row) => [row.item_id, row]));
}

/** The wallet's highest nonce recorded, if any. */
export async function highestNonce(db: Db, network: string, wallet: string): Promise<bigint | undefined> {
  const row = await db
    .selectFrom('chain_payouts')
    .select((eb) => eb.fn.max('nonce').as('nonce'))
    .where('network', '=', network)
    .where('wallet', '=', wallet)
    .executeTakeFirst();
  return row?.nonce === null || row?.nonce === undefined ? undefined : BigInt(row.nonce);
}

/** Ends a sent transaction (in its payout's or refund's own transaction); whether it was still SENT. */
export async function settleSent(
  db: Db,
  item: Pick<ChainPayoutRow, 'kind' | 'item_id'>,
  change: { status: 'CONFIRMED' | 'FAILED' | 'REPLACED'; blockNumber: bigint | null; at: Date },
): Promise<boolean> {
  const result = await db
    .updateTable('chain_payouts')
    .set({ status: change.status, block_number: change.blockNumber, settled_at: change.at })
    .where('kind', '=', item.kind)
    .where('item_id', '=', item.item_id)
    .where('status', '=', 'SENT')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
