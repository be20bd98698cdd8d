import 'server-only';
import { sql } from 'kysely';
import { isCurrencyCode, moneyOf } from '@/lib/money';
import type { MethodCode } from '@/lib/methods';
import type { Db, PaymentLinkRow } from '../db';
import type { PaymentLink } from './payment-link';

/** A payin being created counts toward the link's limit this long at most (a crash mid-create). */
const RESERVATION_SECS = 60;

export function toPaymentLink(row: PaymentLinkRow): PaymentLink {
  if (!isCurrencyCode(row.currency_code)) throw new Error(`payment link ${row.id}: unknown currency`);
  const currency = row.currency_code;
  const amount =
    row.amount_minor !== null
      ? { fixed: moneyOf(currency, row.amount_minor) }
      : {
          min: moneyOf(currency, row.min_amount_minor ?? 0n),
          max: moneyOf(currency, row.max_amount_minor ?? 0n),
        };
  return {
    id: row.id,
    merchantCode: row.merchant_code,
    idLink: row.id_link,
    isTest: row.is_test,
    description: row.description,
    currency,
    amount,
    methods:
      row.payment_method_codes === null ? undefined : (JSON.parse(row.payment_method_codes) as MethodCode[]),
    usageLimit: row.usage_limit ?? undefined,
    expireAt: row.expire_at ?? undefined,
    callbackUrl: row.callback_url,
    returnUrl: row.return_url ?? undefined,
    createdAt: row.created_at,
    deactivatedAt: row.deactivated_at ?? undefined,
  };
}

export type NewLink = Omit<PaymentLink, 'id' | 'createdAt' | 'deactivatedAt'> & { secretHash: string };

/** Stores a new link; undefined when the merchant already has one under this id. */
export async function insertLink(db: Db, link: NewLink): Promise<PaymentLink | undefined> {
  const fixed = 'fixed' in link.amount ? link.amount.fixed : undefined;
  const range = 'min' in link.amount ? link.amount : undefined;
  const row = await db
    .insertInto('payment_links')
    .values({
      merchant_code: link.merchantCode,
      id_link: link.idLink,
      secret_hash: link.secretHash,
      is_test: link.isTest,
      description: link.description,
      currency_code: link.currency,
      amount_minor: fixed?.minor ?? null,
      min_amount_minor: range?.min.minor ?? null,
      max_amount_minor: range?.max.minor ?? null,
      payment_method_codes: link.methods ? JSON.stringify(link.methods) : null,
      usage_limit: link.usageLimit ?? null,
      expire_at: link.expireAt ?? null,
      callback_url: link.callbackUrl,
      return_url: link.returnUrl ?? null,
      deactivated_at: null,
    })
    .onConflict((conflict) => conflict.columns(['merchant_code', 'id_link']).doNothing())
    .returningAll()
    .executeTakeFirst();
  return row && toPaymentLink(row);
}

export async function findLink(
  db: Db,
  merchantCode: string,
  idLink: string,
  options: { forUpdate?: boolean } = {},
): Promise<PaymentLink | undefined> {
  let query = db
    .selectFrom('payment_links')
    .selectAll()
    .where('merchant_code', '=', merchantCode)
    .where('id_link', '=', idLink);
  if (options.forUpdate) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  return row && toPaymentLink(row);
}

export async function findLinkBySecret(db: Db, secretHash: string): Promise<PaymentLink | undefined> {
  const row = await db
    .selectFrom('payment_links')
    .selectAll()
    .where('secret_hash', '=', secretHash)
    .executeTakeFirst();
  return row && toPaymentLink(row);
}

/** A page of the merchant's links, newest first, after the link with internal id `before`. */
export async function listLinks(
  db: Db,
  merchantCode: string,
  page: { limit: number; before: bigint | undefined },
): Promise<PaymentLink[]> {
  let query = db
    .selectFrom('payment_links')
    .selectAll()
    .where('merchant_code', '=', merchantCode)
    .orderBy('id', 'desc')
    .limit(page.limit);
  if (page.before !== undefined) query = query.where('id', '<', page.before);
  return (await query.execute()).map(toPaymentLink);
}

/** Turns the link off (once: a second call keeps the first time). */
export async function deactivateLink(db: Db, id: bigint, at: Date): Promise<void> {
  await db
    .updateTable('payment_links')
    .set({ deactivated_at: at })
    .where('id', '=', id)
    .where('deactivated_at', 'is', null)
    .execute();
}

/** The number of the next payment started from the link. */
export async function nextStart(db: Db, id: bigint): Promise<number> {
  const row = await db
    .updateTable('payment_links')
    .set({ starts: sql`starts + 1` })
    .where('id', '=', id)
    .returning('starts')
    .executeTakeFirstOrThrow();
  return row.starts;
}

/** Payins of the link being created right now (reserved less than a minute ago). */
export async function liveReservations(db: Db, id: bigint, now: Date): Promise<number> {
  const row = await db
    .selectFrom('payment_link_reservations')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('link_id', '=', id)
    .where('created_at', '>', new Date(now.getTime() - RESERVATION_SECS * 1000))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Counts the payin as being created from now (a retry of the same idPayin starts its minute again). */
export async function reserve(db: Db, id: bigint, idPayin: string, now: Date): Promise<void> {
  await unreserve(db, id, idPayin);
  await db
    .insertInto('payment_link_reservations')
    .values({ link_id: id, id_payin: idPayin, created_at: now })
    .execute();
}

export async function unreserve(db: Db, id: bigint, idPayin: string): Promise<void> {
  await db
    .deleteFrom('payment_link_reservations')
    .where('link_id', '=', id)
    .where('id_payin', '=', idPayin)
    .execute();
}
