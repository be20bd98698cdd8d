import 'server-only';
import type { ExpressionBuilder, Selectable } from 'kysely';
import type { ChainCursorsTable, ChainTransfersTable, Database, Db } from '../db';

// The chain watcher's tables (server/chain owns them): a cursor per network, the transfers it saw.

export type ChainCursor = Selectable<ChainCursorsTable>;
export type ChainTransfer = Selectable<ChainTransfersTable>;
export type NewChainTransfer = Omit<ChainTransfer, 'id' | 'status' | 'settled_at'>;

/**
 * The network's cursor, leased to `owner` until `until`: created at `firstBlock` on the first
 * scan; undefined while another instance holds an unexpired lease.
 */
export async function leaseCursor(
  db: Db,
  lease: {
    network: string;
    chainId: number;
    owner: string;
    now: Date;
    until: Date;
    firstBlock: () => bigint;
  },
): Promise<ChainCursor | undefined> {
  await db
    .insertInto('chain_cursors')
    .values({
      network: lease.network,
      chain_id: BigInt(lease.chainId),
      next_block: lease.firstBlock(),
      confirmed_hash: null,
      lease_owner: null,
      leased_until: null,
      updated_at: lease.now,
    })
    .onConflict((conflict) => conflict.column('network').doNothing())
    .execute();
  return db
    .updateTable('chain_cursors')
    .set({ lease_owner: lease.owner, leased_until: lease.until })
    .where('network', '=', lease.network)
    .where((eb) => leasable(eb, lease.owner, lease.now))
    .returningAll()
    .executeTakeFirst();
}

/** A row this owner may lease now: free, already its own, or its lease run out (the holder died). */
export function leasable(
  eb: ExpressionBuilder<Database, 'chain_cursors' | 'chain_wallets'>,
  owner: string,
  now: Date,
) {
  return eb.or([eb('lease_owner', 'is', null), eb('lease_owner', '=', owner), eb('leased_until', '<', now)]);
}

/** Moves the cursor on, if this owner still holds it; whether it did. */
export async function advanceCursor(
  db: Db,
  change: { network: string; owner: string; nextBlock: bigint; confirmedHash: string; now: Date },
): Promise<boolean> {
  const result = await db
    .updateTable('chain_cursors')
    .set({ next_block: change.nextBlock, confirmed_hash: change.confirmedHash, updated_at: change.now })
    .where('network', '=', change.network)
    .where('lease_owner', '=', change.owner)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Gives the lease up (a stopping instance), so another takes the network at once. */
export async function releaseCursor(db: Db, network: string, owner: string): Promise<void> {
  await db
    .updateTable('chain_cursors')
    .set({ lease_owner: null, leased_until: null })
    .where('network', '=', network)
    .where('lease_owner', '=', owner)
    .execute();
}

/**
 * Records transfers as seen; one seen before (same block, transaction and log) is left as it is.
 * How many were new.
 */
export async function recordSeen(db: Db, transfers: readonly NewChainTransfer[]): Promise<number> {
  if (transfers.length === 0) return 0;
  const inserted = await db
    .insertInto('chain_transfers')
    .values(transfers.map((transfer) => ({ ...transfer, status: 'SEEN' as const, settled_at: null })))
    .onConflict((conflict) => conflict.columns(['network', 'block_hash', 'tx_hash', 'log_index']).doNothing())
    .returning('id')
    .execute();
  return inserted.length;
}

/** The network's transfers waiting for confirmations, oldest block first. */
export function seenTransfers(db: Db, network: string): Promise<ChainTransfer[]> {
  return db
    .selectFrom('chain_transfers')
    .selectAll()
    .where('network', '=', network)
    .where('status', '=', 'SEEN')
    .orderBy('block_number')
    .orderBy('log_index')
    .execute();
}

/** Ends seen transfers: confirmed (handed to reconciliation) or withdrawn (their block left the chain). */
export async function settleTransfers(
  db: Db,
  ids: readonly bigint[],
  status: 'CONFIRMED' | 'WITHDRAWN',
  now: Date,
): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('chain_transfers')
    .set({ status, settled_at: now })
    .where('id', 'in', ids)
    .where('status', '=', 'SEEN')
    .execute();
}

/** Every transfer the watcher recorded for a transaction, for tests and support. */
export function transfersOfTransaction(db: Db, network: string, txHash: string): Promise<ChainTransfer[]> {
  return db
    .selectFrom('chain_transfers')
    .selectAll()
    .where('network', '=', network)
    .where('tx_hash', '=', txHash.toLowerCase())
    .orderBy('id')
    .execute();
}
