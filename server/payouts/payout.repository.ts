import 'server-only';
import type { Transaction } from 'kysely';
import { moneyOf, type CurrencyCode } from '@/lib/money';
import type { PayoutMethodCode } from '@/lib/payouts/methods';
import type { Database, PayoutRow, PayoutsTable, Db } from '../db';
import { readTimePage, type TimePage, type TimePageQuery } from '../paging';
import type { Insertable } from 'kysely';
import type { PayoutDestination } from './destinations';
import type { Payout, PayoutStatus } from './payout';

export function toPayout(row: PayoutRow): Payout {
  const currency = row.currency_code as CurrencyCode;
  return {
    id: row.id,
    merchantCode: row.merchant_code,
    idPayout: row.id_payout,
    status: row.status as PayoutStatus,
    processorStatus: row.processor_status ?? undefined,
    method: row.payment_method_code as PayoutMethodCode,
    money: moneyOf(currency, row.amount_minor),
    fee: moneyOf(currency, row.fee_minor),
    vat: row.vat_minor === null ? undefined : moneyOf(currency, row.vat_minor),
    isTest: row.is_test,
    callbackUrl: row.callback_url,
    destination: JSON.parse(row.destination) as PayoutDestination,
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

/** Inserts a payout; undefined when the merchant already has one under this idPayout. */
export async function insertPayout(
  tx: Transaction<Database>,
  row: Insertable<PayoutsTable>,
): Promise<Payout | undefined> {
  const inserted = await tx
    .insertInto('payouts')
    .values(row)
    .onConflict((conflict) => conflict.columns(['merchant_code', 'id_payout']).doNothing())
    .returningAll()
    .executeTakeFirst();
  return inserted && toPayout(inserted);
}

export async function findPayout(
  db: Db,
  merchantCode: string,
  idPayout: string,
): Promise<Payout | undefined> {
  const row = await db
    .selectFrom('payouts')
    .selectAll()
    .where('merchant_code', '=', merchantCode)
    .where('id_payout', '=', idPayout)
    .executeTakeFirst();
  return row && toPayout(row);
}

/** The payout's row, locked until the transaction ends: changes decide on it, not on an earlier read. */
export async function lockPayout(tx: Transaction<Database>, id: bigint): Promise<Payout | undefined> {
  const row = await tx.selectFrom('payouts').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  return row && toPayout(row);
}

export async function updatePayoutStatus(
  tx: Transaction<Database>,
  input: { id: bigint; status: PayoutStatus; processorStatus: string; at: Date },
): Promise<Payout> {
  const row = await tx
    .updateTable('payouts')
    .set({
      status: input.status,
      processor_status: input.processorStatus,
      processed_at: input.at,
      updated_at: input.at,
    })
    .where('id', '=', input.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return toPayout(row);
}

/** A paid payout came back (docs/decisions/044): REFUSED with the bank's reason; processed_at stays when it was paid. */
export async function markPayoutReturned(
  tx: Transaction<Database>,
  input: { id: bigint; processorStatus: string; at: Date },
): Promise<Payout> {
  const row = await tx
    .updateTable('payouts')
    .set({
      status: 'REFUSED',
      processor_status: input.processorStatus,
      returned_at: input.at,
      updated_at: input.at,
    })
    .where('id', '=', input.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return toPayout(row);
}

/** A page of the merchant's payouts, newest first (keyset on the internal id). */
export async function listPayouts(
  db: Db,
  input: {
    merchantCode: string;
    beforeId: bigint | undefined;
    limit: number;
    status?: PayoutStatus | undefined;
  },
): Promise<Payout[]> {
  let query = db.selectFrom('payouts').selectAll().where('merchant_code', '=', input.merchantCode);
  if (input.beforeId !== undefined) query = query.where('id', '<', input.beforeId);
  if (input.status !== undefined) query = query.where('status', '=', input.status);
  const rows = await query.orderBy('id', 'desc').limit(input.limit).execute();
  return rows.map(toPayout);
}

/** Live payouts of a method and operator still pending, oldest first (what a live rail sends). */
export async function pendingLivePayouts(
  db: Db,
  input: { method: PayoutMethodCode; operator: string; limit: number },
): Promise<Payout[]> {
  const rows = await db
    .selectFrom('payouts')
    .selectAll()
    .where('status', '=', 'PENDING')
    .where('is_test', '=', false)
    .where('payment_method_code', '=', input.method)
    .where('payment_operator_code', '=', input.operator)
    .orderBy('id')
    .limit(input.limit)
    .execute();
  return rows.map(toPayout);
}

export async function findPayoutById(db: Db, id: bigint): Promise<Payout | undefined> {
  const row = await db.selectFrom('payouts').selectAll().where('id', '=', id).executeTakeFirst();
  return row && toPayout(row);
}

/** The merchant-facing id of each payout, by internal id. */
export async function idPayoutsOf(db: Db, ids: readonly bigint[]): Promise<Map<bigint, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('payouts').select(['id', 'id_payout']).where('id', 'in', ids).execute();
  return new Map(rows.map((row) => [row.id, row.id_payout]));
}

/** A page of the merchant's payouts created in the range, oldest first (exports, docs/decisions/045). */
export function payoutsCreatedIn(
  db: Db,
  query: TimePageQuery & { merchantCode: string },
): Promise<TimePage<Payout>> {
  return readTimePage(
    db.selectFrom('payouts').selectAll().where('merchant_code', '=', query.merchantCode),
    { time: 'created_at', id: 'id' },
    query,
    toPayout,
  );
}
