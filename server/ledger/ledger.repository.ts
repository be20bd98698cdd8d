import 'server-only';
import { sql, type Transaction } from 'kysely';
import { moneyOf, toDecimalString, type CurrencyCode } from '@/lib/money';
import type { Database, Db } from '../db';
import { AppError } from '../errors';
import { readTimePage, type TimePage, type TimePageQuery } from '../paging';
import {
  assertBalanced,
  isNoOverdraft,
  ownerKey,
  type AccountKind,
  type AccountRef,
  type Balance,
  type Direction,
  type LedgerMovement,
  type PostedTransfer,
  type TransferKind,
  type TransferRequest,
} from './ledger';

/** The account's id, created on first use (concurrent first uses agree on one row). */
async function accountId(tx: Transaction<Database>, ref: AccountRef, currency: CurrencyCode, at: Date) {
  const owner = ownerKey(ref.owner);
  await tx
    .insertInto('ledger_accounts')
    .values({
      owner,
      kind: ref.kind,
      currency_code: currency,
      no_overdraft: isNoOverdraft(ref.kind),
      created_at: at,
    })
    .onConflict((conflict) => conflict.columns(['owner', 'kind', 'currency_code']).doNothing())
    .execute();
  const row = await tx
    .selectFrom('ledger_accounts')
    .select('id')
    .where('owner', '=', owner)
    .where('kind', '=', ref.kind)
    .where('currency_code', '=', currency)
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Posts a transfer in the caller's transaction: false when its event key was posted before (the
 * replay posts nothing). Accounts are updated in id order, so concurrent transfers over the same
 * accounts wait for each other instead of deadlocking. A debit that would take a no-overdraft
 * account below zero is refused with 422 INSUFFICIENT_BALANCE before anything of the transfer
 * remains (the caller's transaction rolls back with the error).
 */
export async function postTransfer(tx: Transaction<Database>, transfer: TransferRequest): Promise<boolean> {
  const entries = transfer.entries.filter((entry) => entry.amountMinor !== 0n);
  assertBalanced(entries);
  const inserted = await tx
    .insertInto('ledger_transfers')
    .values({
      event_key: transfer.eventKey,
      kind: transfer.kind,
      merchant_code: transfer.merchantCode,
      currency_code: transfer.currency,
      payin_id: transfer.payinId ?? null,
      payout_id: transfer.payoutId ?? null,
      collection_transaction_id: transfer.collectionTransactionId ?? null,
      refund_id: transfer.refundId ?? null,
      actor: transfer.actor ?? null,
      created_at: transfer.at,
    })
    .onConflict((conflict) => conflict.column('event_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) return false;

  const resolved = [];
  for (const entry of entries)
    resolved.push({ ...entry, id: await accountId(tx, entry.account, transfer.currency, transfer.at) });
  resolved.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));

  for (const entry of resolved) {
    if (entry.direction === 'CREDIT') {
      await tx
        .updateTable('ledger_accounts')
        .set({ credits_minor: sql`credits_minor + ${entry.amountMinor}` })
        .where('id', '=', entry.id)
        .execute();
      continue;
    }
    let update = tx
      .updateTable('ledger_accounts')
      .set({ debits_minor: sql`debits_minor + ${entry.amountMinor}` })
      .where('id', '=', entry.id);
    // The row lock of the update serialises debits; its condition is re-read after the wait.
    if (isNoOverdraft(entry.account.kind))
      update = update.where(sql<boolean>`credits_minor - debits_minor >= ${entry.amountMinor}`);
    const { numUpdatedRows } = await update.executeTakeFirst();
    if (numUpdatedRows === 0n) {
      throw new AppError(
        'INSUFFICIENT_BALANCE',
        // In currency units, as the merchant reads every other amount (never minor units).
        `The ${entry.account.kind.toLowerCase()} balance in ${transfer.currency} is lower than the ${toDecimalString(moneyOf(transfer.currency, entry.amountMinor))} ${transfer.currency} this needs.`,
      );
    }
  }
  await tx
    .insertInto('ledger_entries')
    .values(
      resolved.map((entry) => ({
        transfer_id: inserted.id,
        account_id: entry.id,
        direction: entry.direction,
        amount_minor: entry.amountMinor,
      })),
    )
    .execute();
  return true;
}

/** The merchant's balances per currency they have accounts in (all, or only `currencies`). */
export async function readBalances(
  db: Db,
  merchantCode: string,
  currencies: readonly CurrencyCode[] | undefined,
): Promise<Balance[]> {
  let query = db
    .selectFrom('ledger_accounts')
    .select(['kind', 'currency_code', 'debits_minor', 'credits_minor'])
    .where('owner', '=', ownerKey({ merchantCode }));
  if (currencies) {
    if (currencies.length === 0) return [];
    query = query.where('currency_code', 'in', currencies);
  }
  const byCurrency = new Map<CurrencyCode, Balance>();
  for (const row of await query.execute()) {
    const currency = row.currency_code as CurrencyCode;
    const balance = byCurrency.get(currency) ?? {
      currency,
      availableMinor: 0n,
      pendingMinor: 0n,
      reservedMinor: 0n,
      unappliedMinor: 0n,
    };
    const amount = row.credits_minor - row.debits_minor;
    if (row.kind === 'AVAILABLE') balance.availableMinor = amount;
    else if (row.kind === 'PENDING') balance.pendingMinor = amount;
    else if (row.kind === 'RESERVED') balance.reservedMinor = amount;
    else if (row.kind === 'UNAPPLIED') balance.unappliedMinor = amount;
    byCurrency.set(currency, balance);
  }
  return [...byCurrency.values()];
}

/** A posted transfer as stored: the payin or payout it is of by internal id (their owners name them). */
export type StoredTransfer = Omit<PostedTransfer, 'idPayin' | 'idPayout' | 'idRefund'> & {
  payinId: bigint | undefined;
  payoutId: bigint | undefined;
  refundId: bigint | undefined;
};

const TRANSFER_COLUMNS = [
  't.id',
  't.kind',
  't.currency_code',
  't.created_at',
  't.payin_id',
  't.payout_id',
  't.collection_transaction_id',
  't.refund_id',
  't.actor',
] as const;

function selectTransfers(db: Db) {
  return db.selectFrom('ledger_transfers as t').select(TRANSFER_COLUMNS);
}

type TransferRow = Awaited<ReturnType<ReturnType<typeof selectTransfers>['executeTakeFirstOrThrow']>>;

/** The merchant's transfers, newest first, optionally of one payin or payout; with their entries. */
export async function listTransfers(
  db: Db,
  input: {
    merchantCode: string;
    payinId?: bigint | undefined;
    payoutId?: bigint | undefined;
    beforeId?: bigint | undefined;
    limit: number;
  },
): Promise<StoredTransfer[]> {
  let query = selectTransfers(db).where('t.merchant_code', '=', input.merchantCode);
  if (input.payinId !== undefined) query = query.where('t.payin_id', '=', input.payinId);
  if (input.payoutId !== undefined) query = query.where('t.payout_id', '=', input.payoutId);
  if (input.beforeId !== undefined) query = query.where('t.id', '<', input.beforeId);
  return withEntries(db, await query.orderBy('t.id', 'desc').limit(input.limit).execute());
}

/**
 * A page of the merchant's transfers made in the range, oldest first, with their entries (exports,
 * docs/decisions/045; index of migration 0023).
 */
export async function transfersCreatedIn(
  db: Db,
  query: TimePageQuery & { merchantCode: string },
): Promise<TimePage<StoredTransfer>> {
  const page = await readTimePage(
    selectTransfers(db).where('t.merchant_code', '=', query.merchantCode),
    { time: 't.created_at', id: 't.id' },
    query,
    (row) => row,
  );
  return { items: await withEntries(db, page.items), next: page.next };
}

/** The transfers with their entries, in entry order. */
async function withEntries(db: Db, transfers: readonly TransferRow[]): Promise<StoredTransfer[]> {
  if (transfers.length === 0) return [];
  const entries = await db
    .selectFrom('ledger_entries as e')
    .innerJoin('ledger_accounts as a', 'a.id', 'e.account_id')
    .select(['e.transfer_id', 'e.direction', 'e.amount_minor', 'a.owner', 'a.kind'])
    .where(
      'e.transfer_id',
      'in',
      transfers.map((transfer) => transfer.id),
    )
    .orderBy('e.id')
    .execute();
  const byTransfer = new Map<bigint, StoredTransfer['entries']>();
  for (const entry of entries) {
    const list = byTransfer.get(entry.transfer_id) ?? [];
    list.push({
      account: accountLabel(entry.owner, entry.kind as AccountKind),
      direction: entry.direction as Direction,
      amountMinor: entry.amount_minor,
    });
    byTransfer.set(entry.transfer_id, list);
  }
  return transfers.map((transfer) => ({
    id: transfer.id,
    kind: transfer.kind as TransferKind,
    currency: transfer.currency_code as CurrencyCode,
    createdAt: transfer.created_at,
    payinId: transfer.payin_id ?? undefined,
    payoutId: transfer.payout_id ?? undefined,
    refundId: transfer.refund_id ?? undefined,
    idCollectionTransaction: transfer.collection_transaction_id?.toString(),
    actor: transfer.actor ?? undefined,
    entries: byTransfer.get(transfer.id) ?? [],
  }));
}

/**
 * What each kind of transfer moved on each kind of account, per currency and period, for the
 * merchant's transfers made from `bounds[0]` on (the settlement report, docs/decisions/045): period
 * i (1-based) is [bounds[i-1], bounds[i]), and period bounds.length everything from the last bound
 * to now. The caller's clock and time zone draw the bounds; the database only sorts into them.
 */
export async function movementsSince(
  db: Db,
  query: { merchantCode: string; bounds: readonly Date[] },
): Promise<LedgerMovement[]> {
  const [first] = query.bounds;
  if (first === undefined) return [];
  const bounds = query.bounds.map((bound) => bound.toISOString());
  const { rows } = await sql<{
    period: number;
    currency_code: string;
    transfer_kind: string;
    account_kind: string;
    direction: string;
    amount_minor: bigint;
  }>`
    select width_bucket(t.created_at, ${bounds}::timestamptz[]) as period, t.currency_code,
      t.kind as transfer_kind, a.kind as account_kind, e.direction, sum(e.amount_minor)::bigint as amount_minor
    from ledger_transfers t
    join ledger_entries e on e.transfer_id = t.id
    join ledger_accounts a on a.id = e.account_id
    where t.merchant_code = ${query.merchantCode} and t.created_at >= ${first}
    group by 1, 2, 3, 4, 5`.execute(db);
  return rows.map((row) => ({
    period: Number(row.period),
    currency: row.currency_code as CurrencyCode,
    transferKind: row.transfer_kind as TransferKind,
    accountKind: row.account_kind as AccountKind,
    direction: row.direction as Direction,
    amountMinor: row.amount_minor,
  }));
}

/** "merchant.available", "operator.fees": what the merchant sees of an account. */
function accountLabel(owner: string, kind: AccountKind): string {
  return `${owner.startsWith('merchant:') ? 'merchant' : 'operator'}.${kind.toLowerCase()}`;
}

/** Settlements of successful payins waiting for the merchant's delay. */
export async function scheduleSettlement(
  tx: Transaction<Database>,
  input: { payinId: bigint; dueAt: Date },
): Promise<void> {
  await tx
    .insertInto('ledger_settlements')
    .values({ payin_id: input.payinId, due_at: input.dueAt })
    .onConflict((conflict) => conflict.column('payin_id').doNothing())
    .execute();
}

export async function findDueSettlements(db: Db, now: Date, limit: number): Promise<bigint[]> {
  const rows = await db
    .selectFrom('ledger_settlements')
    .select('payin_id')
    .where('due_at', '<=', now)
    .orderBy('due_at')
    .limit(limit)
    .execute();
  return rows.map((row) => row.payin_id);
}

/** Takes a due settlement inside the transaction that posts it: true for exactly one taker. */
export async function claimSettlement(tx: Transaction<Database>, payinId: bigint): Promise<boolean> {
  const taken = await tx.deleteFrom('ledger_settlements').where('payin_id', '=', payinId).executeTakeFirst();
  return taken.numDeletedRows > 0n;
}

/** What a payin's credit put into the merchant's pending balance (the amount its settlement moves). */
export async function pendingCredit(
  tx: Transaction<Database>,
  payinId: bigint,
): Promise<{ merchantCode: string; currency: CurrencyCode; amountMinor: bigint } | undefined> {
  const credit = await tx
    .selectFrom('ledger_entries as e')
    .innerJoin('ledger_transfers as t', 't.id', 'e.transfer_id')
    .innerJoin('ledger_accounts as a', 'a.id', 'e.account_id')
    .select(['t.merchant_code', 't.currency_code', 'e.amount_minor'])
    .where('t.event_key', '=', `payin:${payinId}:credit`)
    .where('a.kind', '=', 'PENDING')
    .executeTakeFirst();
  return (
    credit && {
      merchantCode: credit.merchant_code,
      currency: credit.currency_code as CurrencyCode,
      amountMinor: credit.amount_minor,
    }
  );
}
