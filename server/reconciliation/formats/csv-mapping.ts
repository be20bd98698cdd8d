import {
  csvPresetOf,
  GENERIC_LAYOUT,
  STATEMENT_FIELDS,
  type DateFormat,
  type DecimalSeparator,
  type Era,
  type StatementField,
  type StatementMapping,
} from '@/lib/statements';

/** Where a field is read from: the header names it may have (the first present wins), and whether the file must have it. */
export interface MappedColumn {
  names: readonly string[];
  required: boolean;
}

/**
 * A column mapping ready to read a file with (docs/decisions/040): a bank preset, the merchant's
 * columns, or a preset with some of them replaced; how dates, amounts and the bank's extra rows are
 * written.
 */
export interface CsvMapping {
  /** How problems name the mapping: 'the kbank-th preset', 'the column mapping'. */
  label: string;
  columns: Partial<Record<StatementField, MappedColumn>>;
  dateFormat: DateFormat;
  era: Era;
  /** Undefined: "." or "," told apart by position, as our own layout reads amounts. */
  decimalSeparator: DecimalSeparator | undefined;
  markers: { credit: readonly string[]; debit: readonly string[] };
  pending: readonly string[];
  summaryRows: readonly string[];
  endRows: readonly string[];
  accountLabels: readonly string[];
}

/** CR/DB and the words Indonesian and Malaysian exports use, when a mapping names no others. */
const MARKERS = {
  credit: ['CR', 'C', 'CREDIT', 'K', 'KREDIT'],
  debit: ['DR', 'DB', 'D', 'DEBIT', 'DEBET'],
} as const;

/** Columns of money in and out: naming one of a kind replaces the preset's columns of the other. */
const REPLACES: Partial<Record<StatementField, readonly StatementField[]>> = {
  amount: ['credit', 'debit'],
  credit: ['amount', 'direction'],
};

/**
 * The mapping a request or a saved mapping describes; undefined for our own layout (no preset, no
 * columns, or the generic preset), which the CSV reader reads by its usual column names.
 */
export function resolveCsvMapping(mapping: StatementMapping): CsvMapping | undefined {
  const { preset: layout, columns: given } = mapping;
  if (layout === GENERIC_LAYOUT || (layout === undefined && given === undefined)) return undefined;
  const preset = layout === undefined ? undefined : csvPresetOf(layout);
  const columns: Partial<Record<StatementField, MappedColumn>> = {};
  if (preset) {
    for (const field of STATEMENT_FIELDS) {
      const names = preset.columns[field];
      if (names) columns[field] = { names, required: field === 'bookedAt' };
    }
  }
  for (const field of STATEMENT_FIELDS) {
    const name = given?.[field];
    if (name === undefined) continue;
    for (const replaced of REPLACES[field] ?? [])
      if (given?.[replaced] === undefined) delete columns[replaced];
    columns[field] = { names: [name], required: true };
  }
  // A preset's money in (credit or amount) must be there; its debit column may be missing (no debits).
  const money = columns.amount ?? columns.credit;
  if (money) money.required = true;
  return {
    label: preset ? `the ${preset.id} preset` : 'the column mapping',
    columns,
    dateFormat: mapping.dateFormat ?? preset?.dateFormat ?? 'YYYY-MM-DD',
    era: mapping.era ?? preset?.era ?? 'CE',
    decimalSeparator: mapping.decimalSeparator ?? preset?.decimalSeparator,
    markers: preset?.markers ?? MARKERS,
    pending: preset?.pending ?? [],
    summaryRows: preset?.summaryRows ?? [],
    endRows: preset?.endRows ?? [],
    accountLabels: preset?.accountLabels ?? [],
  };
}
