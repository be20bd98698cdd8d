import 'server-only';
import type { Db } from '../db';
import type { Payin } from './payin';
import { toPayin } from './payin.repository';

/** A payment link's payins by status (docs/decisions/051). */
export interface LinkPayinCounts {
  paid: number;
  pending: number;
}

/** Counts of a link's payins, over the partial index payins_by_payment_link. */
export async function linkPayinCounts(
  db: Db,
  merchantCode: string,
  idLink: string,
): Promise<LinkPayinCounts> {
  const rows = await db
    .selectFrom('payins')
    .select(['status', (eb) => eb.fn.countAll<string>().as('count')])
    .where('merchant_code', '=', merchantCode)
    .where('payment_link', '=', idLink)
    .where('status', 'in', ['PENDING', 'SUCCESS'])
    .groupBy('status')
    .execute();
  const count = (status: string) => Number(rows.find((row) => row.status === status)?.count ?? 0);
  return { paid: count('SUCCESS'), pending: count('PENDING') };
}

/** A link's newest payins. */
export async function newestLinkPayins(
  db: Db,
  merchantCode: string,
  idLink: string,
  limit: number,
): Promise<Payin[]> {
  const rows = await db
    .selectFrom('payins')
    .selectAll()
    .where('merchant_code', '=', merchantCode)
    .where('payment_link', '=', idLink)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map(toPayin);
}
