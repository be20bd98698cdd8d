import 'server-only';
import { csvRecord } from './csv';
import type { ExportFormat } from './export-request';
import type { ZoneClock } from '@/lib/format/zone-clock';

/**
 * One cell as a column gives it: text (money already an exact decimal string in currency units),
 * an instant (written on the zone's clock), a flag, or nothing.
 */
export type Cell = string | Date | boolean | undefined;

/** A column of an export: its name, and its cell of a row. */
export interface Column<Row> {
  name: string;
  /** Its instants or days are the zone's: the CSV header names the zone beside it. */
  zoned?: true;
  cell(row: Row): Cell;
}

/** Writes rows of columns as CSV records or JSON Lines (docs/decisions/045). */
export interface TableWriter<Row> {
  /** What comes before the rows: CSV's header record; nothing for JSON Lines. */
  head(): string;
  /** The rows as text, each with its line end. */
  rows(rows: readonly Row[]): string;
}

export function tableWriter<Row>(
  columns: readonly Column<Row>[],
  format: ExportFormat,
  clock: ZoneClock,
): TableWriter<Row> {
  const text = (cell: Cell): string =>
    cell === undefined ? '' : cell instanceof Date ? clock.format(cell) : String(cell);
  const json = (cell: Cell): string | boolean | null =>
    cell === undefined ? null : cell instanceof Date ? clock.format(cell) : cell;
  if (format === 'csv')
    return {
      head: () =>
        csvRecord(
          columns.map((column) => (column.zoned ? `${column.name} (${clock.timeZone})` : column.name)),
        ),
      rows: (rows) => rows.map((row) => csvRecord(columns.map((column) => text(column.cell(row))))).join(''),
    };
  return {
    head: () => '',
    rows: (rows) =>
      rows
        .map(
          (row) =>
            `${JSON.stringify(Object.fromEntries(columns.map((column) => [column.name, json(column.cell(row))])))}\n`,
        )
        .join(''),
  };
}
