import 'server-only';
import { sql, type RawBuilder, type SelectQueryBuilder } from 'kysely';

/**
 * Where a read of rows in time order resumes (exports, docs/decisions/045): after the row with this
 * time and id. The time is the database's own text of the column (microseconds and offset), never a
 * JavaScript Date: a Date keeps milliseconds, and a row written at .123456 would come again after a
 * key of .123.
 */
export interface TimeKey {
  at: string;
  id: bigint;
}

/** A period of time: from inclusive, to exclusive. */
export interface TimeRange {
  from: Date;
  to: Date;
}

/** One page of a time-ordered read; `next` is absent on the last page. */
export interface TimePage<T> {
  items: T[];
  next: TimeKey | undefined;
}

/** What a page of a time-ordered read asks for. */
export interface TimePageQuery {
  range: TimeRange;
  after: TimeKey | undefined;
  limit: number;
}

/**
 * The rows after `key` in (time, id) order; every row when there is none. Written as an inequality
 * on the time too, so an index on the time column bounds the scan.
 */
export function afterTimeKey(
  timeColumn: string,
  idColumn: string,
  key: TimeKey | undefined,
): RawBuilder<boolean> {
  if (key === undefined) return sql<boolean>`true`;
  const time = sql.ref(timeColumn);
  return sql<boolean>`(${time} >= ${key.at}::timestamptz and (${time} > ${key.at}::timestamptz or ${sql.ref(idColumn)} > ${key.id}))`;
}

/**
 * One page of `query`'s rows whose `time` column falls in the range, oldest first ((time, id)
 * order), after the page before: a keyset read, so a page costs the same wherever it is and rows
 * are never held beyond one page. The owner of the table writes `query` (its table, its merchant).
 */
export async function readTimePage<DB, TB extends keyof DB, Row extends { id: bigint }, T>(
  query: SelectQueryBuilder<DB, TB, Row>,
  columns: { time: string; id: string },
  page: TimePageQuery,
  toItem: (row: Row) => T,
): Promise<TimePage<T>> {
  const time = sql.ref(columns.time);
  const rows = await query
    .select(sql<string>`${time}::text`.as('time_key'))
    .where(sql<boolean>`${time} >= ${page.range.from} and ${time} < ${page.range.to}`)
    .where(afterTimeKey(columns.time, columns.id, page.after))
    .orderBy(time)
    .orderBy(sql.ref(columns.id))
    .limit(page.limit)
    .execute();
  const last = rows.at(-1) as (Row & { time_key: string }) | undefined;
  return {
    items: rows.map((row) => toItem(row as Row)),
    next: rows.length === page.limit && last ? { at: last.time_key, id: last.id } : undefined,
  };
}
