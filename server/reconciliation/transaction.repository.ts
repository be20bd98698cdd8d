import 'server-only';
import { sql, type SelectQueryBuilder, type Transaction } from 'kysely';
import { COLLECTION_OUTCOMES, COLLECTION_SOURCES } from '@/lib/api/collection-responses';
import type { CurrencyCode } from '@/lib/money';
import type { Database, Db } from '../db';
import { readTimePage, type TimePage, type TimePageQuery } from '../paging';
import type { PayinStatus } from '../payins';

export { COLLECTION_OUTCOMES, COLLECTION_SOURCES };
export type CollectionSource = (typeof COLLECTION_SOURCES)[number];
export type CollectionOutcome = (typeof COLLECTION_OUTCOMES)[number];
export type MatchedBy = 'REFERENCE' | 'AMOUNT' | 'ADDRESS' | 'LINKED';

/**
 * An incoming transaction as stored, with what matching and the operator made of it; `idPayin` and
 * `payinStatus` are its payin's as the payins module tells them (reconciliation.service.ts).
 */
export interface CollectionTransaction {
  id: bigint;
  merchantCode: string;
  accountId: string;
  bankTransactionId: string;
  currency: CurrencyCode;
  amountMinor: bigint;
  bookedAt: Date;
  note: string;
  payer: Record<string, string> | undefined;
  toAddress: string | undefined;
  source: CollectionSource;
  raw: string;
  receivedAt: Date;
  outcome: CollectionOutcome;
  matchedBy: MatchedBy | undefined;
  payinId: bigint | undefined;
  idPayin: string | undefined;
  payinStatus: PayinStatus | undefined;
  appliedMinor: bigint;
  matchedAt: Date | undefined;
  resolution: 'LINKED' | 'REFUNDED' | undefined;
  resolvedBy: string | undefined;
  resolvedAt: Date | undefined;
  resolutionNote: string | undefined;
}

/** What is stored of a transaction as it arrives; matching and review fill in the rest. */
export type NewCollectionTransaction = Pick<
  CollectionTransaction,
  | 'merchantCode'
  | 'accountId'
  | 'bankTransactionId'
  | 'currency'
  | 'amountMinor'
  | 'bookedAt'
  | 'note'
  | 'payer'
  | 'toAddress'
  | 'source'
  | 'raw'
  | 'receivedAt'
>;

/**
 * Money of the transaction nobody has taken yet: received, not applied to a payin's credit, not
 * refunded. Short payments of a payin that is still open count on it and are not up for review.
 */
export function needsReview(transaction: CollectionTransaction): boolean {
  return (
    transaction.outcome !== 'RECEIVED' &&
    transaction.resolution !== 'REFUNDED' &&
    transaction.amountMinor > transaction.appliedMinor &&
    !(transaction.outcome === 'PARTIAL' && transaction.payinStatus === 'PENDING')
  );
}

const SELECT = [
  'c.id',
  'c.merchant_code',
  'c.account_id',
  'c.bank_transaction_id',
  'c.currency_code',
  'c.amount_minor',
  'c.booked_at',
  'c.note',
  'c.payer',
  'c.to_address',
  'c.source',
  'c.raw',
  'c.received_at',
  'c.outcome',
  'c.matched_by',
  'c.payin_id',
  'c.applied_minor',
  'c.matched_at',
  'c.resolution',
  'c.resolved_by',
  'c.resolved_at',
  'c.resolution_note',
] as const;

function selectTransactions(db: Db) {
  return db.selectFrom('collection_transactions as c').select(SELECT);
}

/** A transaction as stored, before its payin's id and status are known. */
export type StoredTransaction = Omit<CollectionTransaction, 'idPayin' | 'payinStatus'>;

type Row = Awaited<ReturnType<ReturnType<typeof selectTransactions>['executeTakeFirstOrThrow']>>;

function toTransaction(row: Row): StoredTransaction {
  const payer = typeof row.payer === 'string' ? (JSON.parse(row.payer) as Record<string, string>) : row.payer;
  return {
    id: row.id,
    merchantCode: row.merchant_code,
    accountId: row.account_id,
    bankTransactionId: row.bank_transaction_id,
    currency: row.currency_code as CurrencyCode,
    amountMinor: row.amount_minor,
    bookedAt: row.booked_at,
    note: row.note,
    payer: payer ?? undefined,
    toAddress: row.to_address ?? undefined,
    source: row.source as CollectionSource,
    raw: row.raw,
    receivedAt: row.received_at,
    outcome: row.outcome as CollectionOutcome,
    matchedBy: (row.matched_by as MatchedBy | null) ?? undefined,
    payinId: row.payin_id ?? undefined,
    appliedMinor: row.applied_minor,
    matchedAt: row.matched_at ?? undefined,
    resolution: (row.resolution as 'LINKED' | 'REFUNDED' | null) ?? undefined,
    resolvedBy: row.resolved_by ?? undefined,
    resolvedAt: row.resolved_at ?? undefined,
    resolutionNote: row.resolution_note ?? undefined,
  };
}

/**
 * Stores each transaction once per merchant, account and bank transaction id: the ids of the rows
 * this call inserted, and for the others (delivered before) the id they already have.
 */
export async function insertTransactions(
  tx: Transaction<Database>,
  rows: readonly NewCollectionTransaction[],
): Promise<{ id: bigint; duplicate: boolean }[]> {
  const results: { id: bigint; duplicate: boolean }[] = [];
  for (const row of rows) {
    const inserted = await tx
      .insertInto('collection_transactions')
      .values({
        merchant_code: row.merchantCode,
        account_id: row.accountId,
        bank_transaction_id: row.bankTransactionId,
        currency_code: row.currency,
        amount_minor: row.amountMinor,
        booked_at: row.bookedAt,
        note: row.note,
        payer: row.payer === undefined ? null : JSON.stringify(row.payer),
        to_address: row.toAddress ?? null,
        source: row.source,
        raw: row.raw,
        received_at: row.receivedAt,
      })
      .onConflict((conflict) =>
        conflict.columns(['merchant_code', 'account_id', 'bank_transaction_id']).doNothing(),
      )
      .returning('id')
      .executeTakeFirst();
    if (inserted) {
      results.push({ id: inserted.id, duplicate: false });
      continue;
    }
    const existing = await tx
      .selectFrom('collection_transactions')
      .select('id')
      .where('merchant_code', '=', row.merchantCode)
      .where('account_id', '=', row.accountId)
      .where('bank_transaction_id', '=', row.bankTransactionId)
      .executeTakeFirstOrThrow();
    results.push({ id: existing.id, duplicate: true });
  }
  return results;
}

export async function findTransaction(db: Db, id: bigint): Promise<StoredTransaction | undefined> {
  const row = await selectTransactions(db).where('c.id', '=', id).executeTakeFirst();
  return row && toTransaction(row);
}

export async function findTransactions(db: Db, ids: readonly bigint[]): Promise<StoredTransaction[]> {
  if (ids.length === 0) return [];
  const rows = await selectTransactions(db).where('c.id', 'in', ids).execute();
  return rows.map(toTransaction);
}

/** Transactions stored and not matched yet, oldest first (the matcher's backlog after a crash). */
export async function findUnmatched(db: Db, receivedBefore: Date, limit: number): Promise<bigint[]> {
  const rows = await db
    .selectFrom('collection_transactions')
    .select('id')
    .where('outcome', '=', 'RECEIVED')
    .where('received_at', '<=', receivedBefore)
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

export interface TransactionListFilter {
  review?: boolean | undefined;
  outcome?: CollectionOutcome | undefined;
  accountId?: string | undefined;
  idPayin?: string | undefined;
}

/** Open payins' ids as the payins module's subquery. */
type OpenPayinIds = SelectQueryBuilder<Database, 'payins', { id: bigint }>;

/** The list's filter as the table has it: the payin by internal id, open payins as the payins module's subquery. */
export interface StoredTransactionFilter extends Omit<TransactionListFilter, 'idPayin' | 'review'> {
  payinId?: bigint | undefined;
  review?: { openPayinIds: OpenPayinIds } | undefined;
}

/** The merchant's transactions, newest first (keyset below `beforeId`). */
export async function listTransactions(
  db: Db,
  input: {
    merchantCode: string;
    beforeId: bigint | undefined;
    limit: number;
    filter: StoredTransactionFilter;
  },
): Promise<StoredTransaction[]> {
  let query = selectTransactions(db).where('c.merchant_code', '=', input.merchantCode);
  const { filter } = input;
  if (filter.outcome) query = query.where('c.outcome', '=', filter.outcome);
  if (filter.accountId) query = query.where('c.account_id', '=', filter.accountId);
  if (filter.payinId !== undefined) query = query.where('c.payin_id', '=', filter.payinId);
  if (filter.review) query = awaitingReview(query, filter.review.openPayinIds);
  if (input.beforeId !== undefined) query = query.where('c.id', '<', input.beforeId);
  const rows = await query.orderBy('c.id', 'desc').limit(input.limit).execute();
  return rows.map(toTransaction);
}

/**
 * The transactions up for review (needsReview, in SQL): the predicate of the partial index
 * collection_transactions_for_review (migration 0025), then short payments of open payins left out.
 */
function awaitingReview<O>(
  query: SelectQueryBuilder<Database & { c: Database['collection_transactions'] }, 'c', O>,
  openPayinIds: OpenPayinIds,
) {
  return query
    .where('c.outcome', '<>', 'RECEIVED')
    .where((eb) => eb.or([eb('c.resolution', 'is', null), eb('c.resolution', '<>', 'REFUNDED')]))
    .where(sql<boolean>`c.amount_minor > c.applied_minor`)
    .where((eb) => eb.or([eb('c.outcome', '<>', 'PARTIAL'), eb('c.payin_id', 'not in', openPayinIds)]));
}

/**
 * The transactions waiting for review per currency, and the money in them nobody has taken: one
 * merchant's (its balances), or every merchant's (a metrics gauge).
 */
export async function reviewQueueByCurrency(
  db: Db,
  openPayinIds: OpenPayinIds,
  merchantCode?: string,
): Promise<{ currency: CurrencyCode; count: number; unappliedMinor: bigint }[]> {
  let query = awaitingReview(db.selectFrom('collection_transactions as c'), openPayinIds);
  if (merchantCode !== undefined) query = query.where('c.merchant_code', '=', merchantCode);
  const rows = await query
    .select([
      'c.currency_code as currency',
      (eb) => eb.fn.countAll<string>().as('count'),
      sql<string>`sum(c.amount_minor - c.applied_minor)`.as('unapplied'),
    ])
    .groupBy('c.currency_code')
    .execute();
  return rows.map((row) => ({
    currency: row.currency as CurrencyCode,
    count: Number(row.count),
    unappliedMinor: BigInt(row.unapplied),
  }));
}

/** A page of the merchant's transactions booked in the range, oldest first (exports, docs/decisions/045). */
export function transactionsBookedIn(
  db: Db,
  query: TimePageQuery & { merchantCode: string },
): Promise<TimePage<StoredTransaction>> {
  return readTimePage(
    selectTransactions(db).where('c.merchant_code', '=', query.merchantCode),
    { time: 'c.booked_at', id: 'c.id' },
    query,
    toTransaction,
  );
}

/**
 * Takes a stored transaction for matching, inside the transaction that applies it: true for
 * exactly one taker across instances (a compare-and-set on RECEIVED under the row's lock).
 */
export async function claimForMatching(
  tx: Transaction<Database>,
  id: bigint,
  match: { payinId: bigint; matchedBy: MatchedBy; at: Date } | undefined,
): Promise<boolean> {
  const result = await tx
    .updateTable('collection_transactions')
    .set({
      // The outcome is set once the payin's change is known (setOutcome), in the same transaction.
      outcome: match ? 'RECEIVED' : 'UNMATCHED',
      payin_id: match?.payinId ?? null,
      matched_by: match?.matchedBy ?? null,
      matched_at: match?.at ?? null,
    })
    .where('id', '=', id)
    .where('outcome', '=', 'RECEIVED')
    .where('matched_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function setOutcome(
  tx: Transaction<Database>,
  id: bigint,
  outcome: Exclude<CollectionOutcome, 'RECEIVED'>,
): Promise<void> {
  await tx.updateTable('collection_transactions').set({ outcome }).where('id', '=', id).execute();
}

/**
 * An operator links unapplied money to an open payin: the transaction becomes that payin's, taken
 * under its lock so a concurrent refund or link of the same money loses. False when it changed.
 */
export async function claimForLink(
  tx: Transaction<Database>,
  input: { id: bigint; payinId: bigint; actor: string; note: string | undefined; at: Date },
): Promise<boolean> {
  const result = await tx
    .updateTable('collection_transactions')
    .set({
      payin_id: input.payinId,
      matched_by: 'LINKED',
      matched_at: input.at,
      resolution: 'LINKED',
      resolved_by: input.actor,
      resolved_at: input.at,
      resolution_note: input.note ?? null,
    })
    .where('id', '=', input.id)
    .where('applied_minor', '=', 0n)
    .where('outcome', 'in', ['UNMATCHED', 'LATE', 'PARTIAL'])
    .where((eb) => eb.or([eb('resolution', 'is', null), eb('resolution', '<>', 'REFUNDED')]))
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Marks the transaction's unapplied money refunded; false when another action took it first. */
export async function markRefunded(
  tx: Transaction<Database>,
  input: { id: bigint; actor: string; note: string | undefined; at: Date },
): Promise<boolean> {
  const result = await tx
    .updateTable('collection_transactions')
    .set({
      resolution: 'REFUNDED',
      resolved_by: input.actor,
      resolved_at: input.at,
      resolution_note: input.note ?? null,
    })
    .where('id', '=', input.id)
    .where((eb) => eb.or([eb('resolution', 'is', null), eb('resolution', '<>', 'REFUNDED')]))
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Locks the transaction's row (refunds and links decide on it as it is). */
export async function lockTransaction(
  tx: Transaction<Database>,
  id: bigint,
): Promise<StoredTransaction | undefined> {
  await tx.selectFrom('collection_transactions').select('id').where('id', '=', id).forUpdate().execute();
  return findTransaction(tx, id);
}

/**
 * A payin succeeded: its incoming transactions give its amount in the order they arrived; what is
 * left of the last one stays unapplied (an overpayment). Runs before the payin's credit is posted.
 */
export async function allocateToPayin(
  tx: Transaction<Database>,
  payinId: bigint,
  amountMinor: bigint,
): Promise<void> {
  const rows = await tx
    .selectFrom('collection_transactions')
    .select(['id', 'amount_minor', 'applied_minor'])
    .where('payin_id', '=', payinId)
    .where((eb) => eb.or([eb('resolution', 'is', null), eb('resolution', '<>', 'REFUNDED')]))
    .orderBy('id')
    .forUpdate()
    .execute();
  let remaining = amountMinor;
  for (const row of rows) {
    const applied = remaining < row.amount_minor ? remaining : row.amount_minor;
    remaining -= applied;
    if (applied !== row.applied_minor)
      await tx
        .updateTable('collection_transactions')
        .set({ applied_minor: applied })
        .where('id', '=', row.id)
        .execute();
  }
}

/**
 * What incoming collection transactions gave a payin's credit: their applied parts, set by
 * allocateToPayin in the same transaction just before the credit (the ledger asks, through runtime).
 */
export async function appliedToPayin(tx: Transaction<Database>, payinId: bigint): Promise<bigint> {
  const row = await tx
    .selectFrom('collection_transactions')
    .select(sql<string>`coalesce(sum(applied_minor), 0)::text`.as('applied'))
    .where('payin_id', '=', payinId)
    .executeTakeFirstOrThrow();
  return BigInt(row.applied);
}
