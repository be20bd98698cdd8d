import 'server-only';
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { MethodCode } from '@/lib/methods';
import type { CurrencyCode } from '@/lib/money';
import type { Db } from '../db';
import type { Payin, PayinStatus } from './payin';
import { readPayinSearch } from './payin-search';
import { searchPayins } from './payin-search.repository';
import { toPayin } from './payin.repository';

/** What GET /payins may narrow the listing to; each part optional, all of them together. */
export interface PayinListFilter {
  statuses?: readonly PayinStatus[] | undefined;
  methods?: readonly MethodCode[] | undefined;
  currencies?: readonly CurrencyCode[] | undefined;
  /** RFC 3339 date-times, compared by the database at its precision: from inclusive, to exclusive. */
  createdFrom?: string | undefined;
  createdTo?: string | undefined;
  isTest?: boolean | undefined;
  /** A search text (q, checked at the edge): payins that any reading of it matches (docs/decisions/046). */
  search?: string | undefined;
}

/** The filters but the search, as conditions on a payins row (unqualified columns). */
function filterConditions(filter: PayinListFilter): RawBuilder<SqlBool>[] {
  const conditions: RawBuilder<SqlBool>[] = [];
  if (filter.statuses) conditions.push(sql`status in (${sql.join(filter.statuses)})`);
  if (filter.methods) conditions.push(sql`payment_method_code in (${sql.join(filter.methods)})`);
  if (filter.currencies) conditions.push(sql`currency_code in (${sql.join(filter.currencies)})`);
  if (filter.createdFrom !== undefined)
    conditions.push(sql`created_at >= ${filter.createdFrom}::timestamptz`);
  if (filter.createdTo !== undefined) conditions.push(sql`created_at < ${filter.createdTo}::timestamptz`);
  if (filter.isTest !== undefined) conditions.push(sql`is_test = ${filter.isTest}`);
  return conditions;
}

/**
 * One page of the merchant's payins, newest first: keyset on the internal id (below `beforeId`,
 * when given), so pages neither repeat nor skip rows while newer payins are inserted. With a search
 * text, only the payins it matches, paged the same way.
 */
export async function listPayins(
  db: Db,
  query: { merchantCode: string; beforeId: bigint | undefined; limit: number; filter: PayinListFilter },
): Promise<Payin[]> {
  const { filter } = query;
  const filters = filterConditions(filter);
  if (filter.search !== undefined)
    return searchPayins(db, { ...query, filters, search: readPayinSearch(filter.search, filter.currencies) });
  let select = db.selectFrom('payins').selectAll().where('merchant_code', '=', query.merchantCode);
  if (query.beforeId !== undefined) select = select.where('id', '<', query.beforeId);
  for (const condition of filters) select = select.where(condition);
  const rows = await select.orderBy('id', 'desc').limit(query.limit).execute();
  return rows.map(toPayin);
}
