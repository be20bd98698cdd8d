import 'server-only';
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Db, PayinRow } from '../db';
import type { Payin } from './payin';
import type { PayinSearch } from './payin-search';
import { toPayin } from './payin.repository';

/** A page of a search: the merchant, the keyset, the listing's other filters and the readings of the text. */
export interface SearchQuery {
  merchantCode: string;
  beforeId: bigint | undefined;
  limit: number;
  /** The listing's other filters, as conditions on a payins row. */
  filters: RawBuilder<SqlBool>[];
  search: PayinSearch;
}

/**
 * The expressions migration 0022's indexes are built on, spelled exactly as there so the planner
 * matches them: their literals must stay literals (a parameter would match no index).
 */
const PAYER_NAME = sql`lower(customer ->> 'accountName')`;
const PAID_BY_NAME = sql`lower(customer_account_process ->> 'accountName')`;
const PAYER_ACCOUNT = sql`upper(regexp_replace(customer ->> 'accountNumber', '[^0-9A-Za-z]', '', 'g'))`;
const PAID_FROM_ACCOUNT = sql`upper(regexp_replace(customer_account_process ->> 'accountNumber', '[^0-9A-Za-z]', '', 'g'))`;
const PHONE_REVERSED = sql`reverse(regexp_replace(customer ->> 'phoneNumber', '[^0-9]', '', 'g'))`;

/**
 * How many of the merchant's newest payins a name search tests first, per row of the page; with other
 * filters, the newest that pass them among at most ten times as many (the filters are cheap to test,
 * a name is not).
 */
const RECENT_ROWS_PER_ROW = 50;
const SCANNED_ROWS_PER_ROW = 500;

/**
 * One reading of the text. `exact`: an equality on an index that ends with the id, walked newest
 * first and cut at the page. `prefix`: a range of its index, whose matches are read and sorted
 * (never a walk of the merchant's payins hoping to meet matches early: the planner cannot know
 * how rare they are). `common`: the beginning of a name, which may match a good share of the
 * payins: tried first on the newest ones.
 */
interface Reading {
  kind: 'exact' | 'prefix';
  /** The condition, with its partial index's predicate. */
  condition: RawBuilder<SqlBool>;
  common?: RawBuilder<SqlBool>;
}

/** `%`, `_` and the escape itself stand for themselves in a LIKE pattern once escaped. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (symbol) => `\\${symbol}`);

function readingsOf(search: PayinSearch): Reading[] {
  const readings: Reading[] = [];
  const exact = (condition: RawBuilder<SqlBool>) => readings.push({ kind: 'exact', condition });
  if (search.idPayin !== undefined) exact(sql`id_payin = ${search.idPayin}`);
  if (search.reference !== undefined) exact(sql`reference = ${search.reference}`);
  if (search.externalReference !== undefined)
    exact(sql`external_reference is not null and external_reference = ${search.externalReference}`);
  for (const { minor, currencies } of search.amounts) {
    const inCurrencies = sql`currency_code in (${sql.join(currencies)})`;
    exact(sql`amount_minor = ${minor} and ${inCurrencies}`);
    // Only where the amount to pay differs from the order's: the same amount is found just above.
    exact(
      sql`required_amount_minor is not null and required_amount_minor <> amount_minor and required_amount_minor = ${minor} and ${inCurrencies}`,
    );
  }
  if (search.accountNumber !== undefined) {
    exact(sql`customer ->> 'accountNumber' is not null and ${PAYER_ACCOUNT} = ${search.accountNumber}`);
    exact(
      sql`customer_account_process ->> 'accountNumber' is not null and ${PAID_FROM_ACCOUNT} = ${search.accountNumber}`,
    );
  }
  if (search.namePrefix !== undefined) {
    // lower() of the database on both sides: the index's own case folding, whatever the script.
    const pattern = `${escapeLike(search.namePrefix)}%`;
    for (const [field, name] of [
      [sql`customer ->> 'accountName'`, PAYER_NAME],
      [sql`customer_account_process ->> 'accountName'`, PAID_BY_NAME],
    ] as const) {
      const matches = sql<SqlBool>`${name} like lower(${pattern})`;
      readings.push({ kind: 'prefix', condition: sql`${field} is not null and ${matches}`, common: matches });
    }
  }
  if (search.phoneDigits !== undefined) {
    // The stored number's digits backwards: the typed digits are their beginning.
    const reversed = `${[...search.phoneDigits].reverse().join('')}%`;
    readings.push({
      kind: 'prefix',
      condition: sql`customer ->> 'phoneNumber' is not null and ${PHONE_REVERSED} like ${reversed}`,
    });
  }
  return readings;
}

const all = (conditions: readonly RawBuilder<unknown>[]) =>
  conditions.length === 0
    ? sql`true`
    : sql.join(
        conditions.map((condition) => sql`(${condition})`),
        sql` and `,
      );
const any = (conditions: readonly RawBuilder<unknown>[]) =>
  sql.join(
    conditions.map((condition) => sql`(${condition})`),
    sql` or `,
  );

/**
 * A page of the payins the search matches, newest first (docs/decisions/046): one branch per
 * reading, each cut at the page size, and the page the newest of their union. A name's beginning
 * is first looked for among the merchant's newest payins (those that pass the other filters, see
 * RECENT_ROWS_PER_ROW): when it fills the page there ("somchai", 5 % of the payins), its index
 * branches are not run at all; otherwise ("somchai jaidee", a rare name) they read only the payins
 * the name matches. Either way the page is exact, and no reading walks the merchant's payins
 * without bound.
 */
export async function searchPayins(db: Db, query: SearchQuery): Promise<Payin[]> {
  const readings = readingsOf(query.search);
  if (readings.length === 0) return [];
  const size = query.limit;
  const below = query.beforeId === undefined ? [] : [sql`id < ${query.beforeId}`];
  const own = all([sql`merchant_code = ${query.merchantCode}`, ...below, ...query.filters]);
  const common = readings.flatMap((reading) => (reading.common ? [reading.common] : []));
  const newest = (rows: number) =>
    sql`select * from payins where ${all([sql`merchant_code = ${query.merchantCode}`, ...below])}
      order by id desc limit ${size * rows}`;
  const tested =
    query.filters.length === 0
      ? newest(RECENT_ROWS_PER_ROW)
      : sql`select * from (${newest(SCANNED_ROWS_PER_ROW)}) scanned where ${all(query.filters)}
          order by id desc limit ${size * RECENT_ROWS_PER_ROW}`;
  const recent =
    common.length === 0
      ? undefined
      : sql`select id from (${tested}) newest where ${any(common)} order by id desc limit ${size}`;
  const branches = readings.map((reading) => {
    // "offset 0" keeps a prefix's matches a subquery of their own, read whole from the index.
    const branch =
      reading.kind === 'exact'
        ? sql`select id from (select id from payins where ${own} and ${reading.condition}
            order by id desc limit ${size}) branch`
        : sql`select id from (select id from (select id from payins where ${own} and ${reading.condition}
            offset 0) matching order by id desc limit ${size}) branch`;
    return reading.common ? sql`${branch} where (select count(*) from recent) < ${size}` : branch;
  });
  const union = sql.join(recent ? [sql`select id from recent`, ...branches] : branches, sql` union `);
  // The page's ids first, then their rows by primary key: an array the planner cannot turn into a
  // walk of the merchant's payins merged with the branches.
  const { rows } = await sql<PayinRow>`
    ${recent ? sql`with recent as (${recent})` : sql``}
    select * from payins where merchant_code = ${query.merchantCode} and id = any(array(
      select id from (${union}) matched order by id desc limit ${size}))
    order by id desc`.execute(db);
  return rows.map(toPayin);
}
