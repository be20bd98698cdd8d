import 'server-only';
import { sql, type Kysely } from 'kysely';
import type { CallbackAttemptRow, CallbackDeliveryRow, Database, Db } from '../db';
import type { CallbackAttemptOutcome, CallbackFailureReason } from './callback';

export type NewDelivery = Pick<
  CallbackDeliveryRow,
  'event_id' | 'event_type' | 'merchant_code' | 'url' | 'payload'
> & { at: Date; dueAt: Date } & (
    | { payin_id: bigint; id_payin: string; refund_id?: bigint; id_refund?: string }
    | { payout_id: bigint; id_payout: string; payin_id: null; id_payin: null }
  );

/** The endpoint a URL is delivered to: its origin (scheme, host, port), lowercase. */
export function endpointOf(url: string): string {
  try {
    return new URL(url).origin.toLowerCase();
  } catch {
    return url.toLowerCase();
  }
}

/** Writes an outbox row; called inside the status change's transaction. */
export async function insertDelivery(tx: Db, row: NewDelivery): Promise<void> {
  const { at, dueAt, ...values } = row;
  await tx
    .insertInto('callback_deliveries')
    .values({
      ...values,
      endpoint: endpointOf(values.url),
      status: 'PENDING',
      next_attempt_at: dueAt,
      created_at: at,
      updated_at: at,
    })
    .execute();
}

/** Endpoints with pending deliveries looked at per claim, round-robin from the previous claim's last. */
export const CLAIM_ENDPOINTS = 200;

/**
 * Claims up to `limit` due deliveries for one dispatcher, fairly by endpoint (docs/decisions/047):
 * it walks the endpoints that have pending deliveries (one index probe each, at most
 * CLAIM_ENDPOINTS, in endpoint order after `after`, so every endpoint gets its turn however many
 * there are), takes each one's oldest due rows up to its room (`roomOf`; endpoints without room are
 * not probed), then the oldest of those up to `limit`. One endpoint's
 * backlog, however old and large, takes only its own room and never hides anyone else's callbacks.
 * FOR UPDATE SKIP LOCKED lets concurrent dispatchers pass each other's rows by, and the lease keeps
 * the rows theirs after this statement commits, until the attempt is recorded or the lease passes
 * (the dispatcher crashed). Returns the rows and the last endpoint walked (undefined: the walk
 * reached the end; the next claim starts from the first).
 */
export async function claimDueDeliveries(
  db: Db,
  input: {
    now: Date;
    leaseUntil: Date;
    token: string;
    limit: number;
    /** Attempts the endpoint may still start in this dispatcher (its limit minus its flights). */
    roomOf: (endpoint: string) => number;
    /** Start the walk after this endpoint (round-robin). */
    after?: string | undefined;
  },
): Promise<{ rows: CallbackDeliveryRow[]; lastEndpoint: string | undefined }> {
  const walked = await sql<{ endpoint: string }>`
    with recursive walk(endpoint, depth) as (
      (select endpoint, 1 from callback_deliveries
       where status = 'PENDING' and endpoint > ${input.after ?? ''}
       order by endpoint limit 1)
      union all
      select (select d.endpoint from callback_deliveries d
              where d.status = 'PENDING' and d.endpoint > walk.endpoint
              order by d.endpoint limit 1), walk.depth + 1
      from walk where walk.endpoint is not null and walk.depth < ${CLAIM_ENDPOINTS}
    )
    select endpoint from walk where endpoint is not null`.execute(db);
  const all = walked.rows.map((row) => row.endpoint);
  const lastEndpoint = all.length >= CLAIM_ENDPOINTS ? all[all.length - 1] : undefined;
  const open = all.filter((endpoint) => input.roomOf(endpoint) > 0);
  if (open.length === 0 || input.limit <= 0) return { rows: [], lastEndpoint };
  const rooms = open.map((endpoint) => input.roomOf(endpoint));
  const result = await sql<CallbackDeliveryRow>`
    update callback_deliveries set locked_until = ${input.leaseUntil}, lease_token = ${input.token}
    where id in (
      select due.id from unnest(${open}::text[], ${rooms}::int[]) as open(endpoint, room)
      cross join lateral (
        select d.id, d.next_attempt_at from callback_deliveries d
        where d.status = 'PENDING' and d.endpoint = open.endpoint and d.next_attempt_at <= ${input.now}
          and (d.locked_until is null or d.locked_until <= ${input.now})
        order by d.next_attempt_at
        limit open.room
        for update skip locked
      ) as due
      order by due.next_attempt_at
      limit ${input.limit}
    )
    returning *`.execute(db);
  return { rows: result.rows, lastEndpoint };
}

export interface FinishedAttempt {
  deliveryId: bigint;
  token: string;
  attemptNumber: number;
  attemptsInRun: number;
  startedAt: Date;
  finishedAt: Date;
  durationMs: number;
  url: string;
  responseStatus: number | undefined;
  responseExcerpt: string | undefined;
  error: string | undefined;
  /** What the attempt sent; undefined when it sent nothing (its merchant is unknown). */
  requestHeaders: Readonly<Record<string, string>> | undefined;
  outcome: CallbackAttemptOutcome;
  failureReason: CallbackFailureReason | undefined;
  nextAttemptAt: Date | undefined;
}

/**
 * Logs the attempt and moves the delivery on, releasing the lease. The move is a compare-and-set
 * on the lease token: if the lease passed and another dispatcher claimed the row meanwhile, the
 * attempt is still logged but the row is left to its new holder. Returns whether it moved.
 */
export async function finishAttempt(db: Kysely<Database>, attempt: FinishedAttempt): Promise<boolean> {
  return db.transaction().execute(async (tx) => {
    await tx
      .insertInto('callback_attempts')
      .values({
        delivery_id: attempt.deliveryId,
        attempt_number: attempt.attemptNumber,
        started_at: attempt.startedAt,
        duration_ms: attempt.durationMs,
        url: attempt.url,
        response_status: attempt.responseStatus ?? null,
        response_excerpt: attempt.responseExcerpt ?? null,
        error: attempt.error ?? null,
        outcome: attempt.outcome,
        request_headers: attempt.requestHeaders ? JSON.stringify(attempt.requestHeaders) : null,
      })
      .execute();
    const status = attempt.outcome === 'RETRY' ? 'PENDING' : attempt.outcome;
    const moved = await tx
      .updateTable('callback_deliveries')
      .set((eb) => ({
        status,
        failure_reason: attempt.failureReason ?? null,
        schedule_step: attempt.attemptsInRun,
        attempt_count: eb('attempt_count', '+', 1),
        next_attempt_at: attempt.nextAttemptAt ?? null,
        delivered_at: attempt.outcome === 'DELIVERED' ? attempt.finishedAt : null,
        locked_until: null,
        lease_token: null,
        updated_at: attempt.finishedAt,
      }))
      .where('id', '=', attempt.deliveryId)
      .where('lease_token', '=', attempt.token)
      .executeTakeFirst();
    return moved.numUpdatedRows > 0n;
  });
}

export interface DeliveryWithAttempts {
  delivery: CallbackDeliveryRow;
  attempts: CallbackAttemptRow[];
}

async function withAttempts(db: Db, deliveries: CallbackDeliveryRow[]): Promise<DeliveryWithAttempts[]> {
  if (deliveries.length === 0) return [];
  const attempts = await db
    .selectFrom('callback_attempts')
    .selectAll()
    .where(
      'delivery_id',
      'in',
      deliveries.map((delivery) => delivery.id),
    )
    .orderBy('id')
    .execute();
  return deliveries.map((delivery) => ({
    delivery,
    attempts: attempts.filter((attempt) => attempt.delivery_id === delivery.id),
  }));
}

/** Whose deliveries: a payin's or a payout's (by internal id). */
export type DeliverySubject = { payinId: bigint } | { payoutId: bigint };

const subjectColumn = (subject: DeliverySubject) =>
  'payinId' in subject
    ? (['payin_id', subject.payinId] as const)
    : (['payout_id', subject.payoutId] as const);

/** A payin's deliveries, newest first, each with its attempts in order. */
export function listPayinDeliveries(db: Db, payinId: bigint): Promise<DeliveryWithAttempts[]> {
  return listSubjectDeliveries(db, { payinId });
}

/** A payin's or payout's deliveries, newest first, each with its attempts in order. */
export async function listSubjectDeliveries(
  db: Db,
  subject: DeliverySubject,
): Promise<DeliveryWithAttempts[]> {
  const [column, id] = subjectColumn(subject);
  const deliveries = await db
    .selectFrom('callback_deliveries')
    .selectAll()
    .where(column, '=', id)
    .orderBy('id', 'desc')
    .execute();
  return withAttempts(db, deliveries);
}

/**
 * A merchant's deliveries across payins, newest first (by internal id, below `beforeId` when set),
 * optionally of one payin or status, each with its attempts.
 */
export async function listMerchantDeliveries(
  db: Db,
  input: {
    merchantCode: string;
    limit: number;
    beforeId: bigint | undefined;
    idPayin: string | undefined;
    idPayout?: string | undefined;
    status: string | undefined;
  },
): Promise<DeliveryWithAttempts[]> {
  let query = db
    .selectFrom('callback_deliveries')
    .selectAll()
    .where('merchant_code', '=', input.merchantCode);
  if (input.beforeId !== undefined) query = query.where('id', '<', input.beforeId);
  if (input.idPayin !== undefined) query = query.where('id_payin', '=', input.idPayin);
  if (input.idPayout !== undefined) query = query.where('id_payout', '=', input.idPayout);
  if (input.status !== undefined) query = query.where('status', '=', input.status);
  return withAttempts(db, await query.orderBy('id', 'desc').limit(input.limit).execute());
}

/**
 * Puts a payin's (or payout's) latest delivery back in the queue, due now, with a fresh run of the
 * retry schedule; its webhook-id stays, so receivers deduplicate it like any retry.
 */
export async function requeueLatestDelivery(
  db: Db,
  input: DeliverySubject & { now: Date },
): Promise<DeliveryWithAttempts | undefined> {
  const [column, id] = subjectColumn(input);
  const latest = db
    .selectFrom('callback_deliveries')
    .select('id')
    .where(column, '=', id)
    // A payin's own announcement, not one of its refunds' (listed with it, redelivered apart).
    .where('refund_id', 'is', null)
    .orderBy('id', 'desc')
    .limit(1);
  const row = await db
    .updateTable('callback_deliveries')
    .set({
      status: 'PENDING',
      failure_reason: null,
      schedule_step: 0,
      next_attempt_at: input.now,
      delivered_at: null,
      updated_at: input.now,
    })
    .where('id', '=', latest)
    .returningAll()
    .executeTakeFirst();
  return row ? (await withAttempts(db, [row]))[0] : undefined;
}

/** Deletes finished deliveries (and their attempts) last touched before `before`, a batch at a time. */
export async function purgeFinishedDeliveries(
  db: Db,
  input: { before: Date; limit: number },
): Promise<number> {
  const old = db
    .selectFrom('callback_deliveries')
    .select('id')
    .where('status', '<>', 'PENDING')
    .where('updated_at', '<', input.before)
    .limit(input.limit);
  const result = await db.deleteFrom('callback_deliveries').where('id', 'in', old).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The outbox's backlog: deliveries waiting, and of those already due (both by the partial due index). */
export async function deliveryBacklog(db: Db, now: Date): Promise<{ pending: number; due: number }> {
  const row = await db
    .selectFrom('callback_deliveries')
    .select([
      sql<string>`count(*)::text`.as('pending'),
      sql<string>`count(*) filter (where next_attempt_at <= ${now})::text`.as('due'),
    ])
    .where('status', '=', 'PENDING')
    .executeTakeFirstOrThrow();
  return { pending: Number(row.pending), due: Number(row.due) };
}
