import 'server-only';
import type { Insertable, Transaction } from 'kysely';
import { moneyOf, type CurrencyCode } from '@/lib/money';
import type { Database, Db, PayoutBatchesTable, PayoutBatchRow } from '../../db';
import type { Payout } from '../payout';
import { toPayout } from '../payout.repository';
import { PAYOUT_FILE_FORMAT, type PayoutBatch, type PayoutBatchRowStatus } from './payout-batch';

function toBatch(row: PayoutBatchRow): PayoutBatch {
  return {
    id: row.id,
    merchantCode: row.merchant_code,
    idBatch: row.id_batch,
    accountId: row.account_id,
    format: PAYOUT_FILE_FORMAT,
    status: row.status as PayoutBatchRowStatus,
    payoutCount: row.payout_count,
    refundCount: row.refund_count,
    total: moneyOf(row.currency_code as CurrencyCode, row.total_minor),
    executionDate: row.execution_date,
    actor: row.actor ?? undefined,
    createdAt: row.created_at,
    downloadedAt: row.downloaded_at ?? undefined,
    cancelledAt: row.cancelled_at ?? undefined,
  };
}

/**
 * The account's payouts waiting for a batch, oldest first, locked for this transaction; rows another
 * batch being cut holds are skipped, so two cuts at once never share a payout.
 */
export async function lockQueuedPayouts(
  tx: Transaction<Database>,
  input: { merchantCode: string; accountId: string; limit: number },
): Promise<Payout[]> {
  const rows = await tx
    .selectFrom('payouts')
    .selectAll()
    .where('merchant_code', '=', input.merchantCode)
    .where('payout_account_id', '=', input.accountId)
    .where('status', '=', 'PENDING')
    .where('batch_id', 'is', null)
    .orderBy('id')
    .limit(input.limit)
    .forUpdate()
    .skipLocked()
    .execute();
  return rows.map(toPayout);
}

export async function insertBatch(
  tx: Transaction<Database>,
  row: Insertable<PayoutBatchesTable>,
): Promise<PayoutBatch> {
  const inserted = await tx.insertInto('payout_batches').values(row).returningAll().executeTakeFirstOrThrow();
  return toBatch(inserted);
}

/** Puts the payouts in the batch (the payouts source's attach). */
export async function attachPayouts(
  tx: Transaction<Database>,
  batchId: bigint,
  payoutIds: readonly bigint[],
): Promise<void> {
  if (payoutIds.length === 0) return;
  await tx.updateTable('payouts').set({ batch_id: batchId }).where('id', 'in', payoutIds).execute();
}

/** Gives a cancelled batch's payouts back to the account's queue. */
export async function detachPayouts(tx: Transaction<Database>, batchId: bigint): Promise<void> {
  await tx.updateTable('payouts').set({ batch_id: null }).where('batch_id', '=', batchId).execute();
}

export async function findBatch(
  db: Db,
  merchantCode: string,
  idBatch: string,
): Promise<PayoutBatch | undefined> {
  const row = await db
    .selectFrom('payout_batches')
    .selectAll()
    .where('merchant_code', '=', merchantCode)
    .where('id_batch', '=', idBatch)
    .executeTakeFirst();
  return row && toBatch(row);
}

/** The batch's row, locked: downloading and cancelling decide on it one at a time. */
export async function lockBatch(tx: Transaction<Database>, id: bigint): Promise<PayoutBatch> {
  const row = await tx
    .selectFrom('payout_batches')
    .selectAll()
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirstOrThrow();
  return toBatch(row);
}

export async function markDownloaded(tx: Transaction<Database>, id: bigint, at: Date): Promise<PayoutBatch> {
  const row = await tx
    .updateTable('payout_batches')
    .set({ status: 'DOWNLOADED', downloaded_at: at })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return toBatch(row);
}

/** Marks the batch cancelled (its sources give its items back to the queue first). */
export async function cancelBatch(tx: Transaction<Database>, id: bigint, at: Date): Promise<PayoutBatch> {
  const row = await tx
    .updateTable('payout_batches')
    .set({ status: 'CANCELLED', cancelled_at: at })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return toBatch(row);
}

/** The batch's payouts in file order. */
export async function payoutsOfBatch(db: Db, batchId: bigint): Promise<Payout[]> {
  const rows = await db
    .selectFrom('payouts')
    .selectAll()
    .where('batch_id', '=', batchId)
    .orderBy('id')
    .execute();
  return rows.map(toPayout);
}

/** A page of the merchant's batches, newest first. */
export async function listBatches(
  db: Db,
  input: { merchantCode: string; beforeId: bigint | undefined; limit: number },
): Promise<PayoutBatch[]> {
  let query = db.selectFrom('payout_batches').selectAll().where('merchant_code', '=', input.merchantCode);
  if (input.beforeId !== undefined) query = query.where('id', '<', input.beforeId);
  const rows = await query.orderBy('id', 'desc').limit(input.limit).execute();
  return rows.map(toBatch);
}

/** How many of each batch's payouts are still pending. */
export async function pendingPayoutCounts(db: Db, batchIds: readonly bigint[]): Promise<Map<bigint, number>> {
  if (batchIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('payouts')
    .select(['batch_id', (eb) => eb.fn.countAll<string>().as('pending')])
    .where('batch_id', 'in', batchIds)
    .where('status', '=', 'PENDING')
    .groupBy('batch_id')
    .execute();
  return new Map(rows.map((row) => [row.batch_id!, Number(row.pending)]));
}

/** The account's payouts with these EndToEndIds. */
export async function payoutsByEndToEnd(
  db: Db,
  input: { merchantCode: string; accountId: string; endToEndIds: readonly string[] },
): Promise<Payout[]> {
  if (input.endToEndIds.length === 0) return [];
  const rows = await db
    .selectFrom('payouts')
    .selectAll()
    .where('merchant_code', '=', input.merchantCode)
    .where('payout_account_id', '=', input.accountId)
    .where('end_to_end_id', 'in', input.endToEndIds)
    .execute();
  return rows.map(toPayout);
}

/** Each batch's row status, by internal id. */
export async function batchStatuses(
  db: Db,
  ids: readonly bigint[],
): Promise<Map<bigint, PayoutBatchRowStatus>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('payout_batches')
    .select(['id', 'status'])
    .where('id', 'in', ids)
    .execute();
  return new Map(rows.map((row) => [row.id, row.status as PayoutBatchRowStatus]));
}
