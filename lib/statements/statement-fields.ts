import type { CurrencyCode } from '../money';

/**
 * What a bank statement's CSV columns can mean to us (docs/decisions/040-bank-csv-presets.md): the
 * fields a column mapping (a bank preset, or the merchant's own) points at the file's headers.
 */
export const STATEMENT_FIELDS = [
  /** The bank's id of the transaction; without one, an id is derived from the row. */
  'id',
  /** The booking date, or date and time. */
  'bookedAt',
  /** The time, where the export writes it in a column of its own. */
  'bookedTime',
  /** A signed amount (negative: money out), or one whose direction a marker column or suffix gives. */
  'amount',
  /** Money in; with `debit` for money out. */
  'credit',
  'debit',
  /** CR/DB (or the bank's words for them) beside `amount`. */
  'direction',
  'currency',
  /** The transfer's note or description: where the payer quotes the payin's reference. */
  'note',
  'payerName',
  'payerAccount',
  'payerBank',
  /** The running balance: not read as money, only to tell identical rows apart in derived ids. */
  'balance',
] as const;
export type StatementField = (typeof STATEMENT_FIELDS)[number];

/**
 * The order of a date's day, month and year. Separators are free (/ - . or spaces), the year has 4
 * digits or 2, the month may be an English name ("24 Nov 2026"), and a time may follow the date.
 */
export const DATE_FORMATS = ['YYYY-MM-DD', 'DD/MM/YYYY', 'MM/DD/YYYY'] as const;
export type DateFormat = (typeof DATE_FORMATS)[number];

/**
 * How years are counted: CE; BE, the Thai Buddhist Era (2569 = 2026 CE); or auto, which reads a
 * four-digit year from 2400 as BE (no CE date of a bank statement is that late) and a two-digit
 * year from 50 as BE (2550–2599 = 2007–2056), below 50 as CE.
 */
export const ERAS = ['CE', 'BE', 'auto'] as const;
export type Era = (typeof ERAS)[number];

/**
 * The decimal separator of amounts; the other of "." and "," (and spaces) group thousands. `none`:
 * amounts are whole and both "." and "," group thousands, as Vietnamese exports write đồng
 * ("1.500.000" or "1,500,000"); a fraction of zeros ("1.500.000,00") is taken.
 */
export const DECIMAL_SEPARATORS = ['.', ',', 'none'] as const;
export type DecimalSeparator = (typeof DECIMAL_SEPARATORS)[number];

/** The header names a field is found under, in the bank's languages: the first one present wins. */
export type PresetColumns = Partial<Record<StatementField, readonly string[]>>;

/** A bank's CSV export as we know it: where each field is, and how dates and amounts are written. */
export interface CsvPreset {
  id: string;
  /** The bank's public name. */
  bank: string;
  /** Our code of the bank (server/rails/banks.json). */
  bankCode: string;
  /** The currency of the bank's market: the console offers the preset first for its accounts. */
  currency: CurrencyCode;
  columns: PresetColumns;
  dateFormat: DateFormat;
  era: Era;
  decimalSeparator: DecimalSeparator;
  /**
   * The words of a direction column, or of an amount's suffix ("1,500,000.00 CR"), for money in
   * and out. Compared without case.
   */
  markers?: { credit: readonly string[]; debit: readonly string[] };
  /** Values of the date column that mark a pending entry (skipped and counted, as debits are). */
  pending?: readonly string[];
  /**
   * Rows whose first filled cell starts with one of these are balances and totals, not
   * transactions: they are passed over wherever they are (opening balance, closing summary).
   */
  summaryRows?: readonly string[];
  /** Rows starting so begin the export's closing summary: nothing after them is read. */
  endRows?: readonly string[];
  /**
   * Labels of the preamble line giving the account number ("Số tài khoản: 0071000123456"): a file
   * naming another account than the collection account's is refused.
   */
  accountLabels?: readonly string[];
  /** The export's header row as the bank writes it, and two example rows: the preset's template. */
  template: readonly (readonly string[])[];
}
