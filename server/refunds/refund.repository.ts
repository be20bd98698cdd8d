import 'server-only';
import { sql, type Insertable, type Transaction } from 'kysely';
import { moneyOf, type CurrencyCode } from '@/lib/money';
import type { Database, Db, RefundRow, RefundsTable } from '../db';
import { readTimePage, type TimePage, type TimePageQuery } from '../paging';
import type { PayoutDestination } from '../payouts';
import type { Refund, RefundDestinationSource, RefundStatus } from './refund';

function toRefund(row: RefundRow): Refund {
  const currency = row.currency_code as CurrencyCode;
  return {
    id: row.id,
    merchantCode: row.merchant_code,
    payinId: row.payin_id,
    idPayin: row.id_payin,
    idRefund: row.id_refund,
    status: row.status as RefundStatus,
    processorStatus: row.processor_status ?? undefined,
    money: moneyOf(currency, row.amount_minor),
    fee: moneyOf(currency, row.fee_minor),
    vat: row.vat_minor === null ? undefined : moneyOf(currency, row.vat_minor),
    isTest: row.is_test,
    reason: row.reason ?? undefined,
    callbackUrl: row.callback_url,
    destination: row.destination === null ? undefined : (JSON.parse(row.destination) as PayoutDestination),
    destinationSource: (row.destination_source as RefundDestinationSource | null) ?? undefined,
    claimExpiresAt: row.claim_expires_at ?? undefined,
    claimedAt: row.claimed_at ?? undefined,
    actor: row.actor ?? undefined,
    reference: row.reference,
    createdAt: row.created_at,
    processedAt: row.processed_at ?? undefined,
    returnedAt: row.returned_at ?? undefined,
    updatedAt: row.updated_at,
    byFile:
      row.payout_account_id !== null && row.end_to_end_id !== null
        ? {
            accountId: row.payout_account_id,
            endToEndId: row.end_to_end_id,
            batchId: row.batch_id ?? undefined,
          }
        : undefined,
  };
}

function refunds(db: Db) {
  return db.selectFrom('refunds as r').selectAll('r');
}

/** Inserts a refund; undefined when the merchant already has one under this idRefund. */
export async function insertRefund(
  tx: Transaction<Database>,
  row: Insertable<RefundsTable>,
): Promise<Refund | undefined> {
  const inserted = await tx
    .insertInto('refunds')
    .values(row)
    .onConflict((conflict) => conflict.columns(['merchant_code', 'id_refund']).doNothing())
    .returningAll()
    .executeTakeFirst();
  return inserted && toRefund(inserted);
}

export async function findRefund(
  db: Db,
  merchantCode: string,
  idRefund: string,
): Promise<Refund | undefined> {
  const row = await refunds(db)
    .where('r.merchant_code', '=', merchantCode)
    .where('r.id_refund', '=', idRefund)
    .executeTakeFirst();
  return row && toRefund(row);
}

export async function findRefundById(db: Db, id: bigint): Promise<Refund | undefined> {
  const row = await refunds(db).where('r.id', '=', id).executeTakeFirst();
  return row && toRefund(row);
}

export async function findRefundByClaimHash(db: Db, claimHash: string): Promise<Refund | undefined> {
  const row = await refunds(db).where('r.claim_token_hash', '=', claimHash).executeTakeFirst();
  return row && toRefund(row);
}

/** A payin's refunds, oldest first. */
export async function refundsOfPayin(db: Db, payinId: bigint): Promise<Refund[]> {
  const rows = await refunds(db).where('r.payin_id', '=', payinId).orderBy('r.id').execute();
  return rows.map(toRefund);
}

/**
 * Live refunds with a destination that no bank file pays (payout_account_id null), pending, oldest
 * first: what a live rail other than files sends (docs/decisions/043).
 */
export async function pendingLiveUnfiled(db: Db, limit: number): Promise<Refund[]> {
  const rows = await refunds(db)
    .where('r.status', '=', 'PENDING')
    .where('r.is_test', '=', false)
    .where('r.destination', 'is not', null)
    .where('r.payout_account_id', 'is', null)
    .orderBy('r.id')
    .limit(limit)
    .execute();
  return rows.map(toRefund);
}

/** What the payin's refunds that are not REFUSED hold, in minor units (read under the payin's lock). */
export async function activeRefundedMinor(tx: Transaction<Database>, payinId: bigint): Promise<bigint> {
  const row = await tx
    .selectFrom('refunds')
    .select(sql<string>`coalesce(sum(amount_minor), 0)::text`.as('total'))
    .where('payin_id', '=', payinId)
    .where('status', '<>', 'REFUSED')
    .executeTakeFirstOrThrow();
  return BigInt(row.total);
}

/** The refund's row, locked until the transaction ends: changes decide on it, not on an earlier read. */
export async function lockRefund(tx: Transaction<Database>, id: bigint): Promise<Refund | undefined> {
  const row = await refunds(tx).where('r.id', '=', id).forUpdate().executeTakeFirst();
  return row && toRefund(row);
}

export async function updateRefundStatus(
  tx: Transaction<Database>,
  input: { id: bigint; status: RefundStatus; processorStatus: string; at: Date },
): Promise<Refund> {
  const row = await tx
    .updateTable('refunds')
    .set({
      status: input.status,
      processor_status: input.processorStatus,
      processed_at: input.at,
      updated_at: input.at,
    })
    .where('id', '=', input.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return toRefund(row);
}

/** A paid refund came back (docs/decisions/044): REFUSED with the bank's reason; processed_at stays when it was paid. */
export async function markRefundReturned(
  tx: Transaction<Database>,
  input: { id: bigint; processorStatus: string; at: Date },
): Promise<Refund> {
  const row = await tx
    .updateTable('refunds')
    .set({
      status: 'REFUSED',
      processor_status: input.processorStatus,
      returned_at: input.at,
      updated_at: input.at,
    })
    .where('id', '=', input.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return toRefund(row);
}

/** The payer's claim: where the money goes, from now on. */
export async function setClaimedDestination(
  tx: Transaction<Database>,
  input: { id: bigint; destination: PayoutDestination; at: Date },
): Promise<Refund> {
  const row = await tx
    .updateTable('refunds')
    .set({
      destination: JSON.stringify(input.destination),
      destination_source: 'CLAIM',
      claimed_at: input.at,
      updated_at: input.at,
    })
    .where('id', '=', input.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return toRefund(row);
}

/** Pending refunds whose claim ran out unclaimed, oldest first. */
export async function findExpiredClaims(db: Db, now: Date, limit: number): Promise<bigint[]> {
  const rows = await db
    .selectFrom('refunds')
    .select('id')
    .where('status', '=', 'PENDING')
    .where('destination', 'is', null)
    .where('claim_expires_at', '<=', now)
    .orderBy('claim_expires_at')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/** The merchant-facing id of each refund, by internal id. */
export async function idRefundsOf(db: Db, ids: readonly bigint[]): Promise<Map<bigint, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('refunds').select(['id', 'id_refund']).where('id', 'in', ids).execute();
  return new Map(rows.map((row) => [row.id, row.id_refund]));
}

/** Per payin: what its refunds that are not REFUSED hold, and what of it has reached the payer. */
export async function refundTotals(
  db: Db,
  payinIds: readonly bigint[],
): Promise<Map<bigint, { activeMinor: bigint; refundedMinor: bigint }>> {
  if (payinIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('refunds')
    .select([
      'payin_id',
      sql<string>`coalesce(sum(amount_minor) filter (where status <> 'REFUSED'), 0)::text`.as('active'),
      sql<string>`coalesce(sum(amount_minor) filter (where status = 'SUCCESS'), 0)::text`.as('refunded'),
    ])
    .where('payin_id', 'in', payinIds)
    .groupBy('payin_id')
    .execute();
  return new Map(
    rows.map((row) => [
      row.payin_id,
      { activeMinor: BigInt(row.active), refundedMinor: BigInt(row.refunded) },
    ]),
  );
}

/**
 * The account's live refunds waiting for a batch (they know where the money goes), oldest first,
 * locked for this transaction; rows another cut holds are skipped (docs/decisions/042).
 */
export async function lockQueuedRefunds(
  tx: Transaction<Database>,
  input: { merchantCode: string; accountId: string; limit: number },
): Promise<Refund[]> {
  const rows = await tx
    .selectFrom('refunds')
    .selectAll()
    .where('merchant_code', '=', input.merchantCode)
    .where('payout_account_id', '=', input.accountId)
    .where('status', '=', 'PENDING')
    .where('batch_id', 'is', null)
    .where('destination', 'is not', null)
    .orderBy('id')
    .limit(input.limit)
    .forUpdate()
    .skipLocked()
    .execute();
  return rows.map(toRefund);
}

/** Puts the refunds in the batch. */
export async function attachRefunds(
  tx: Transaction<Database>,
  batchId: bigint,
  ids: readonly bigint[],
): Promise<void> {
  if (ids.length === 0) return;
  await tx.updateTable('refunds').set({ batch_id: batchId }).where('id', 'in', ids).execute();
}

/** Gives a cancelled batch's refunds back to the account's queue. */
export async function detachRefunds(tx: Transaction<Database>, batchId: bigint): Promise<void> {
  await tx.updateTable('refunds').set({ batch_id: null }).where('batch_id', '=', batchId).execute();
}

/** The batch's refunds in file order. */
export async function refundsOfBatch(db: Db, batchId: bigint): Promise<Refund[]> {
  const rows = await refunds(db).where('r.batch_id', '=', batchId).orderBy('r.id').execute();
  return rows.map(toRefund);
}

/** How many of each batch's refunds are still pending. */
export async function pendingRefundCounts(db: Db, batchIds: readonly bigint[]): Promise<Map<bigint, number>> {
  if (batchIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('refunds')
    .select(['batch_id', (eb) => eb.fn.countAll<string>().as('pending')])
    .where('batch_id', 'in', batchIds)
    .where('status', '=', 'PENDING')
    .groupBy('batch_id')
    .execute();
  return new Map(rows.map((row) => [row.batch_id!, Number(row.pending)]));
}

/** The account's refunds with these EndToEndIds. */
export async function refundsByEndToEnd(
  db: Db,
  input: { merchantCode: string; accountId: string; endToEndIds: readonly string[] },
): Promise<Refund[]> {
  if (input.endToEndIds.length === 0) return [];
  const rows = await refunds(db)
    .where('r.merchant_code', '=', input.merchantCode)
    .where('r.payout_account_id', '=', input.accountId)
    .where('r.end_to_end_id', 'in', input.endToEndIds)
    .execute();
  return rows.map(toRefund);
}

/** A page of the merchant's refunds created in the range, oldest first (exports, docs/decisions/045). */
export function refundsCreatedIn(
  db: Db,
  query: TimePageQuery & { merchantCode: string },
): Promise<TimePage<Refund>> {
  return readTimePage(
    db.selectFrom('refunds').selectAll().where('merchant_code', '=', query.merchantCode),
    { time: 'created_at', id: 'id' },
    query,
    toRefund,
  );
}
