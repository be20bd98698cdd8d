import 'server-only';
import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import { isMethodCode } from '@/lib/methods';
import { isCurrencyCode, moneyOf, type CurrencyCode } from '@/lib/money';
import { toJson, type Database, type NewPayinRow, type PayinRow, type Db } from '../db';
import type { CustomerAccount, CustomerData, Payin, PayinStatus } from './payin';
import { PAYIN_STATUSES } from './payin';
import { methodResponseBase } from './method-response';

/** Reshapes a row into the domain type; the only place that knows column names. */
export function toPayin(row: PayinRow): Payin {
  if (!isMethodCode(row.payment_method_code) || !isCurrencyCode(row.currency_code)) {
    throw new Error(`payin ${row.id} holds an unknown method or currency`);
  }
  if (!(PAYIN_STATUSES as readonly string[]).includes(row.status))
    throw new Error(`payin ${row.id} has status ${row.status}`);
  const currency = row.currency_code;
  let methodResponse: Record<string, unknown> | undefined;
  return {
    id: row.id,
    merchantCode: row.merchant_code,
    idPayin: row.id_payin,
    status: row.status as PayinStatus,
    processorStatus: row.processor_status ?? undefined,
    method: row.payment_method_code,
    operatorCode: row.payment_operator_code ?? undefined,
    money: moneyOf(currency, row.amount_minor),
    requiredMoney:
      row.required_amount_minor === null ? undefined : moneyOf(currency, row.required_amount_minor),
    fee: moneyOf(currency, row.fee_minor),
    vat: row.vat_minor === null ? undefined : moneyOf(currency, row.vat_minor),
    isTest: row.is_test,
    callbackUrl: row.callback_url,
    returnUrl: row.return_url,
    reference: row.reference,
    customer: JSON.parse(row.customer) as CustomerData,
    // Parsed only when asked: reads answered from presentPayinJson's cache never need it.
    get methodResponse() {
      return (methodResponse ??= {
        ...methodResponseBase({
          idPayin: row.id_payin,
          method: this.method,
          money: this.money,
          requiredMoney: this.requiredMoney,
          expireAt: row.expire_at,
          reference: row.reference,
          returnUrl: row.return_url,
        }),
        ...(JSON.parse(row.method_response) as Record<string, unknown>),
      });
    },
    externalReference: row.external_reference ?? undefined,
    paymentLink: row.payment_link ?? undefined,
    customerLanguage: row.customer_language ?? undefined,
    receivedMoney: row.received_minor === null ? undefined : moneyOf(currency, row.received_minor),
    receivedLateMoney:
      row.received_late_minor === null ? undefined : moneyOf(currency, row.received_late_minor),
    customerAccountProcess: (row.customer_account_process as CustomerAccount | null) ?? undefined,
    collectionAccountId: row.collection_account_id ?? undefined,
    collectionAddress: row.collection_address ?? undefined,
    expireAt: row.expire_at,
    createdAt: row.created_at,
    processedAt: row.processed_at ?? undefined,
    updatedAt: row.updated_at,
  };
}

export type InsertOutcome =
  | { kind: 'created'; payin: Payin }
  | { kind: 'duplicate' }
  | { kind: 'amount-taken' }
  | { kind: 'address-taken' }
  | { kind: 'reference-taken' }
  /** With `anyConflict`: some unique key clashed (idPayin, amount, address, reference), which is not said. */
  | { kind: 'not-inserted' };

const UNIQUE_VIOLATION = '23505';

function violatedConstraint(error: unknown): string | undefined {
  const candidate = error as { code?: unknown; constraint?: unknown; message?: unknown };
  if (candidate.code !== UNIQUE_VIOLATION) return undefined;
  if (typeof candidate.constraint === 'string') return candidate.constraint;
  // PGlite reports the constraint only in the message.
  return typeof candidate.message === 'string' ? /"([^"]+)"/.exec(candidate.message)?.[1] : undefined;
}

/**
 * Inserts a payin under the unique (merchant, idPayin) key: of concurrent identical creates exactly
 * one inserts, the others see `duplicate` (409). A clash on the open unique-amount index means
 * another payin took that moneyRequired in the meantime: the caller picks another amount. With
 * `alsoWrite`, the payin and what it writes commit in one transaction, or neither does. With
 * `anyConflict`, a clash on any unique key is `not-inserted`, without an error (ON CONFLICT DO
 * NOTHING): a first try that a checked path follows when it did not insert.
 */
export async function insertPayin(
  db: Kysely<Database>,
  row: NewPayinRow,
  options: {
    alsoWrite?: ((tx: Transaction<Database>, payin: Payin) => Promise<void>) | undefined;
    anyConflict?: boolean;
  } = {},
): Promise<InsertOutcome> {
  const { alsoWrite, anyConflict = false } = options;
  if (!alsoWrite) return insertOnce(db, row, anyConflict);
  try {
    return await db.transaction().execute(async (tx) => {
      const outcome = await insertOnce(tx, row, anyConflict);
      if (outcome.kind !== 'created') throw new InsertNotDone(outcome);
      await alsoWrite(tx, outcome.payin);
      return outcome;
    });
  } catch (error) {
    if (error instanceof InsertNotDone) return error.outcome;
    throw error;
  }
}

/** Rolls the transaction back when the insert itself did not happen (PostgreSQL aborts it anyway). */
class InsertNotDone extends Error {
  constructor(readonly outcome: InsertOutcome) {
    super(outcome.kind);
  }
}

async function insertOnce(db: Db, row: NewPayinRow, anyConflict: boolean): Promise<InsertOutcome> {
  try {
    const inserted = await db
      .insertInto('payins')
      .values(row)
      .onConflict((conflict) =>
        anyConflict ? conflict.doNothing() : conflict.columns(['merchant_code', 'id_payin']).doNothing(),
      )
      .returningAll()
      .executeTakeFirst();
    if (inserted) return { kind: 'created', payin: toPayin(inserted) };
    return anyConflict ? { kind: 'not-inserted' } : { kind: 'duplicate' };
  } catch (error) {
    const constraint = violatedConstraint(error);
    if (constraint === 'payins_open_required_amount') return { kind: 'amount-taken' };
    if (constraint === 'payins_open_collection_address') return { kind: 'address-taken' };
    if (constraint === 'payins_merchant_order_unique') return { kind: 'duplicate' };
    if (constraint === 'payins_reference_unique' || constraint === 'payins_institution_session')
      return { kind: 'reference-taken' };
    throw error;
  }
}

export async function findPayin(db: Db, merchantCode: string, idPayin: string): Promise<Payin | undefined> {
  const row = await db
    .selectFrom('payins')
    .selectAll()
    .where('merchant_code', '=', merchantCode)
    .where('id_payin', '=', idPayin)
    .executeTakeFirst();
  return row ? toPayin(row) : undefined;
}

/** Several payins by (merchant, idPayin) in one query; undefined where there is none. */
export async function findPayins(
  db: Db,
  keys: readonly { merchantCode: string; idPayin: string }[],
): Promise<(Payin | undefined)[]> {
  const rows = await sql<PayinRow>`
    select p.* from payins p
    join unnest(${keys.map((key) => key.merchantCode)}::text[], ${keys.map((key) => key.idPayin)}::text[])
      as k(merchant_code, id_payin) on p.merchant_code = k.merchant_code and p.id_payin = k.id_payin`.execute(
    db,
  );
  const byKey = new Map(rows.rows.map((row) => [`${row.merchant_code} ${row.id_payin}`, toPayin(row)]));
  return keys.map((key) => byKey.get(`${key.merchantCode} ${key.idPayin}`));
}

/** Amounts to pay already held by the merchant's open payins in [low, high] of a currency. */
export async function takenRequiredAmounts(
  db: Db,
  query: { merchantCode: string; currency: string; low: bigint; high: bigint },
): Promise<Set<bigint>> {
  const rows = await db
    .selectFrom('payins')
    .select('required_amount_minor')
    .where('merchant_code', '=', query.merchantCode)
    .where('currency_code', '=', query.currency)
    .where('status', '=', 'PENDING')
    .where('required_amount_minor', '>=', query.low)
    .where('required_amount_minor', '<=', query.high)
    .execute();
  return new Set(
    rows.flatMap((row) => (row.required_amount_minor === null ? [] : [row.required_amount_minor])),
  );
}

/** The addresses of a rotating collection account that open payins hold. */
export async function heldCollectionAddresses(
  db: Db,
  query: { merchantCode: string; accountId: string },
): Promise<Set<string>> {
  const rows = await db
    .selectFrom('payins')
    .select('collection_address')
    .where('merchant_code', '=', query.merchantCode)
    .where('collection_account_id', '=', query.accountId)
    .where('status', '=', 'PENDING')
    .where('collection_address', 'is not', null)
    .execute();
  return new Set(rows.flatMap((row) => (row.collection_address === null ? [] : [row.collection_address])));
}

/**
 * The row's new updated_at: the change's time, yet always later than the previous version, so two
 * changes within one millisecond (or under a clock held still) still make two versions; reads
 * cache the presented JSON per version (presentPayinJson).
 */
function nextVersion(at: Date): RawBuilder<Date> {
  return sql<Date>`greatest(${at}::timestamptz, updated_at + interval '1 millisecond')`;
}

/** Reads a payin and locks its row until the transaction ends: the changes below decide on it. */
export async function lockPayin(tx: Transaction<Database>, id: bigint): Promise<Payin | undefined> {
  const row = await tx.selectFrom('payins').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  return row ? toPayin(row) : undefined;
}

/**
 * Moves a payin from `from` to `to` if, and only if, it is still in `from` (compare-and-set):
 * concurrent transitions of one payin resolve to exactly one winner. `receivedMinor` sets the
 * money received with the change (the payment that completed it).
 */
export async function updatePayinStatus(
  db: Db,
  change: {
    id: bigint;
    from: PayinStatus;
    to: PayinStatus;
    processorStatus: string;
    processedAt: Date;
    customerAccountProcess: CustomerAccount | undefined;
    receivedMinor?: bigint;
  },
): Promise<Payin | undefined> {
  const row = await db
    .updateTable('payins')
    .set({
      status: change.to,
      processor_status: change.processorStatus,
      processed_at: change.processedAt,
      updated_at: nextVersion(change.processedAt),
      ...(change.customerAccountProcess && {
        customer_account_process: toJson(change.customerAccountProcess),
      }),
      ...(change.receivedMinor !== undefined && { received_minor: change.receivedMinor }),
    })
    .where('id', '=', change.id)
    .where('status', '=', change.from)
    .returningAll()
    .executeTakeFirst();
  return row ? toPayin(row) : undefined;
}

/** Sets the money received by a payin that is still open (a short payment: no status change). */
export async function updateReceived(
  db: Db,
  change: { id: bigint; receivedMinor: bigint; at: Date },
): Promise<Payin | undefined> {
  const row = await db
    .updateTable('payins')
    .set({ received_minor: change.receivedMinor, updated_at: nextVersion(change.at) })
    .where('id', '=', change.id)
    .where('status', '=', 'PENDING')
    .returningAll()
    .executeTakeFirst();
  return row ? toPayin(row) : undefined;
}

/** Adds money received after the payin ended; the status stays as it is. */
export async function addReceivedLate(
  db: Db,
  change: { id: bigint; amountMinor: bigint; at: Date },
): Promise<Payin | undefined> {
  const row = await db
    .updateTable('payins')
    .set((eb) => ({
      received_late_minor: sql<bigint>`coalesce(${eb.ref('received_late_minor')}, 0) + ${change.amountMinor}::bigint`,
      updated_at: nextVersion(change.at),
    }))
    .where('id', '=', change.id)
    .where('status', '<>', 'PENDING')
    .returningAll()
    .executeTakeFirst();
  return row ? toPayin(row) : undefined;
}

/** Stores the customer's external reference on a payin that is still open. */
export async function updateExternalReference(
  db: Db,
  change: { id: bigint; reference: string; at: Date },
): Promise<Payin | undefined> {
  const row = await db
    .updateTable('payins')
    .set({ external_reference: change.reference, updated_at: nextVersion(change.at) })
    .where('id', '=', change.id)
    .where('status', '=', 'PENDING')
    .returningAll()
    .executeTakeFirst();
  return row ? toPayin(row) : undefined;
}

export async function findPayinByInstitutionSession(db: Db, session: string): Promise<Payin | undefined> {
  const row = await db
    .selectFrom('payins')
    .selectAll()
    .where('institution_session', '=', session)
    .executeTakeFirst();
  return row ? toPayin(row) : undefined;
}

/** Open payins whose expireAt has passed, oldest first. */
export async function findOverduePayins(db: Db, now: Date, limit: number): Promise<Payin[]> {
  const rows = await db
    .selectFrom('payins')
    .selectAll()
    .where('status', '=', 'PENDING')
    .where('expire_at', '<=', now)
    .orderBy('expire_at')
    .limit(limit)
    .execute();
  return rows.map(toPayin);
}

export async function findPayinById(db: Db, id: bigint): Promise<Payin | undefined> {
  const row = await db.selectFrom('payins').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toPayin(row) : undefined;
}

// ——— What reconciliation and the ledger ask of payins (docs/decisions/029: the owner's queries) ———

/** Open payins payable to the account whose amount to pay is exactly this (at most two: one is a match). */
export async function openPayinsByAmount(
  db: Db,
  input: { merchantCode: string; accountId: string; currency: CurrencyCode; amountMinor: bigint },
): Promise<bigint[]> {
  const rows = await db
    .selectFrom('payins')
    .select('id')
    .where('merchant_code', '=', input.merchantCode)
    .where('collection_account_id', '=', input.accountId)
    .where('currency_code', '=', input.currency)
    .where('status', '=', 'PENDING')
    .where(sql<boolean>`coalesce(required_amount_minor, amount_minor) = ${input.amountMinor}`)
    .limit(2)
    .execute();
  return rows.map((row) => row.id);
}

/**
 * The payin a rotating crypto address was last handed to: the open one holding it, else the one
 * that held it last (money arriving there after it ended is that payin's, late). Rotation hands an
 * address to one open payin at a time, so a newer payin with it means the older ones had ended.
 */
export async function payinByAddress(
  db: Db,
  input: { merchantCode: string; accountId: string; address: string },
): Promise<bigint | undefined> {
  const row = await db
    .selectFrom('payins')
    .select('id')
    .where('merchant_code', '=', input.merchantCode)
    .where('collection_account_id', '=', input.accountId)
    .where('collection_address', '=', input.address)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row?.id;
}

/** The merchant's payins in this currency whose reference is one of these (open ones first). */
export async function payinsByReference(
  db: Db,
  input: { merchantCode: string; currency: CurrencyCode; references: readonly string[] },
): Promise<{ id: bigint; status: string }[]> {
  if (input.references.length === 0) return [];
  return db
    .selectFrom('payins')
    .select(['id', 'status'])
    .where('merchant_code', '=', input.merchantCode)
    .where('currency_code', '=', input.currency)
    .where('reference', 'in', input.references)
    .limit(5)
    .execute();
}

/** The merchant-facing id and status of each payin, by internal id. */
export async function payinSummaries(
  db: Db,
  ids: readonly bigint[],
): Promise<Map<bigint, { idPayin: string; status: PayinStatus }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('payins')
    .select(['id', 'id_payin', 'status'])
    .where('id', 'in', ids)
    .execute();
  return new Map(rows.map((row) => [row.id, { idPayin: row.id_payin, status: row.status as PayinStatus }]));
}

/** The ids of the merchant's open payins, as a subquery another module's query may filter by. */
/** Open payins' ids as a subquery: the merchant's, or every merchant's (the review queue gauge). */
export function openPayinIds(db: Db, merchantCode?: string) {
  const open = db.selectFrom('payins').select('id').where('status', '=', 'PENDING');
  return merchantCode === undefined ? open : open.where('merchant_code', '=', merchantCode);
}
