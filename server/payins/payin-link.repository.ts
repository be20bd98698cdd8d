import 'server-only';
import type { Db } from '../db';
import type { Payin } from './payin';
import { toPayin } from './payin.repository';

/** A payment link's payins by status (docs/decisions/051). */
export interface LinkPayinCounts {
  paid: number;
  pending: number;
}

/**
 * Counts of links' payins, every link of a page in one query (over the partial index
 * payins_by_payment_link); a link without payins counts zero.
 */
export async function linkPayinCounts(
  db: Db,
  merchantCode: string,
  idLinks: readonly string[],
): Promise<Map<string, LinkPayinCounts>> {
  const counts = new Map(idLinks.map((idLink) => [idLink, { paid: 0, pending: 0 }]));
  if (idLinks.length === 0) return counts;
  const rows = await db
    .selectFrom('payins')
    .select(['payment_link', 'status', (eb) => eb.fn.countAll<string>().as('count')])
    .where('merchant_code', '=', merchantCode)
    .where('payment_link', 'in', idLinks)
    .where('status', 'in', ['PENDING', 'SUCCESS'])
    .groupBy(['payment_link', 'status'])
    .execute();
  for (const row of rows) {
    const link = row.payment_link === null ? undefined : counts.get(row.payment_link);
    if (!link) continue;
    if (row.status === 'SUCCESS') link.paid = Number(row.count);
    else link.pending = Number(row.count);
  }
  return counts;
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
