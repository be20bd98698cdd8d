import { STATEMENT_MAX_BYTES } from '@/lib/api/collection-responses';
import type { CurrencyCode } from '@/lib/money';
import type { StatementField } from '@/lib/statements';
import type { OutgoingEntry, ParsedTransactions, RecordProblem } from '../incoming-transaction';
import { csvRecordSteps, type CsvRecord } from './csv-records';
import type { CsvMapping } from './csv-mapping';
import { DerivedIds } from './derived-ids';
import { readLocalDate } from './local-values';
import { readMappedMoney } from './mapped-money';
import {
  bankTransactionIdProblem,
  clip,
  finishParse,
  isOverSizeCap,
  MAX_STATEMENT_RECORDS,
  parseUtcOffset,
  rowCurrency,
  rowPayer,
  type ParsedRecord,
} from './record-checks';
import type { Steps } from './steps';
import { nulProblem } from './text-checks';

const MAX_RECORD_CHARS = 4_000;
/** The header row is looked for among this many rows: a preamble is a few lines of account data. */
const HEADER_SEARCH_ROWS = 30;

export interface MappedCsvOptions {
  mapping: CsvMapping;
  /** The currency of rows without a currency column or value (the collection account's). */
  defaultCurrency?: CurrencyCode;
  /** UTC offset ("+07:00") of dates written without one. */
  timeZone?: string;
}

/** What a bank export said: its credits, and the account number its preamble names, if any. */
export type MappedCsvParse = ParsedTransactions & { outgoing: OutgoingEntry[]; account?: string };

/**
 * A header as headers are compared: NFC, without case, spaces or punctuation, keeping every
 * script's letters and marks ("Ngày giao dịch" = "ngàygiaodịch", "ฝากเงิน" keeps its vowels).
 */
export const normaliseHeader = (name: string): string =>
  name
    .normalize('NFC')
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}]/gu, '');

type ColumnIndex = Partial<Record<StatementField, number>>;

/**
 * Reads a bank's CSV export by a column mapping (docs/decisions/040): the header row is the first
 * of the file's first rows that has every column the mapping needs (lines before it are the
 * export's preamble, where the account number is read); balance and total rows, blank rows and
 * rules of asterisks are passed over; credits become transactions, debits and pending entries are
 * skipped and counted. Every problem names its line and column, as our own layout's do.
 */
export function* mappedCsvSteps(text: string, options: MappedCsvOptions): Steps<MappedCsvParse> {
  const fail = (problem: RecordProblem) => ({
    ...finishParse({ records: [], skipped: 0, problems: [problem] }),
    outgoing: [],
  });
  if (isOverSizeCap(text))
    return fail({
      where: 'file',
      message: `The statement is larger than ${STATEMENT_MAX_BYTES / 1024 / 1024} MB.`,
    });
  if (options.timeZone !== undefined && parseUtcOffset(options.timeZone) === undefined)
    return fail({
      where: 'timeZone',
      message: `"${clip(options.timeZone)}" is not a UTC offset such as +07:00.`,
    });
  const nul = nulProblem(text);
  if (nul) return fail(nul);
  const { mapping } = options;
  const read = yield* csvRecordSteps(text.startsWith('\uFEFF') ? text.slice(1) : text, {
    maxRecords: MAX_STATEMENT_RECORDS + 1,
    maxRecordChars: MAX_RECORD_CHARS,
  });
  const found = findHeader(read.records, mapping);
  if ('problems' in found)
    return {
      ...finishParse({ records: [], skipped: 0, problems: [...read.problems, ...found.problems] }),
      outgoing: [],
    };
  const { header, index, at } = found;
  // The preamble is the bank's free text: only the account number is read from it.
  const problems: RecordProblem[] = read.problems.filter((problem) => lineOf(problem) >= header.line);
  const account = accountOf(read.records.slice(0, at), mapping.accountLabels);
  const labels = (rows: readonly string[]) => rows.map(normaliseHeader).filter((label) => label !== '');
  const summaries = labels(mapping.summaryRows);
  const ends = labels(mapping.endRows);
  const ids = new DerivedIds();
  const records: ParsedRecord[] = [];
  let skipped = 0;
  for (const row of read.records.slice(at + 1)) {
    yield;
    const first = row.fields.find((field) => field.trim() !== '');
    if (first === undefined || !/[\p{L}\p{N}]/u.test(row.fields.join(''))) continue;
    const opening = normaliseHeader(first);
    if (ends.some((label) => opening.startsWith(label))) break;
    if (summaries.some((label) => opening.startsWith(label))) continue;
    const where = (field: StatementField) => {
      const column = index[field];
      return column === undefined
        ? `line ${row.line}`
        : `line ${row.line}, column "${(header.fields[column] ?? '').trim()}"`;
    };
    if (
      row.fields.length < header.fields.length ||
      row.fields.slice(header.fields.length).some((field) => field.trim() !== '')
    ) {
      problems.push({
        where: `line ${row.line}`,
        message: `${row.fields.length} fields where the header has ${header.fields.length}; quote fields that hold commas.`,
      });
      continue;
    }
    const cell = (field: StatementField) => {
      const column = index[field];
      return column === undefined ? '' : (row.fields[column] ?? '').trim();
    };
    if (mapping.pending.includes(cell('bookedAt').toUpperCase())) {
      skipped++;
      continue;
    }
    const rowProblems: RecordProblem[] = [];
    const problem = (field: StatementField, message: string) =>
      rowProblems.push({ where: where(field), message });

    const { currency: knownCurrency, problem: currencyProblem } = rowCurrency(
      cell('currency'),
      options.defaultCurrency,
    );
    if (currencyProblem) problem('currency', currencyProblem);

    const money = readMappedMoney(cell, mapping, knownCurrency);
    if (money.kind === 'debit') {
      skipped++;
      continue;
    }
    if (money.kind === 'problem') problem(money.field, money.message);
    const bookedAt = readLocalDate(cell('bookedAt'), cell('bookedTime'), {
      format: mapping.dateFormat,
      era: mapping.era,
      timeZone: options.timeZone,
    });
    if (!bookedAt.ok) problem(cell('bookedTime') === '' ? 'bookedAt' : 'bookedTime', bookedAt.message);
    // An export's id column may hold zeros (or nothing) where the bank has no reference: derived then.
    const givenId = /^[0\s-]*$/.test(cell('id')) ? undefined : cell('id');
    const badId = givenId === undefined ? undefined : bankTransactionIdProblem(givenId);
    if (badId) problem('id', badId);
    if (rowProblems.length > 0 || money.kind !== 'credit' || !bookedAt.ok) {
      problems.push(...rowProblems);
      continue;
    }
    const payer = rowPayer({
      name: cell('payerName'),
      accountNumber: cell('payerAccount'),
      bank: cell('payerBank'),
    });
    records.push({
      idWhere: where('id'),
      transaction: {
        bankTransactionId:
          givenId ??
          ids.next({
            bookedAt: bookedAt.date,
            amount: money.amount,
            note: cell('note'),
            payerName: cell('payerName'),
            payerAccount: cell('payerAccount'),
            balance: cell('balance'),
          }),
        amount: money.amount,
        currency: knownCurrency,
        bookedAt: bookedAt.date,
        note: cell('note'),
        ...(payer && { payer }),
        raw: `${header.text}\n${row.text}`,
      },
    });
  }
  return {
    ...finishParse({ records, skipped, problems }),
    outgoing: [],
    ...(account !== undefined && { account }),
  };
}

/** The line a reader's problem names ("line 4, column 2"). */
const lineOf = (problem: RecordProblem) => Number(/^line (\d+)/.exec(problem.where)?.[1] ?? Infinity);

/** Each mapped field's column in a row read as a header; what it lacks of the required ones. */
function locate(
  record: CsvRecord,
  mapping: CsvMapping,
): { index: ColumnIndex; missing: StatementField[]; twice: string[] } {
  const names = record.fields.map(normaliseHeader);
  const index: ColumnIndex = {};
  const missing: StatementField[] = [];
  const twice: string[] = [];
  for (const [field, column] of Object.entries(mapping.columns) as [
    StatementField,
    { names: readonly string[]; required: boolean },
  ][]) {
    const name = column.names
      .map(normaliseHeader)
      .find((candidate) => candidate !== '' && names.includes(candidate));
    if (name === undefined) {
      if (column.required) missing.push(field);
      continue;
    }
    index[field] = names.indexOf(name);
    if (names.lastIndexOf(name) !== index[field])
      twice.push(`"${(record.fields[index[field]] ?? '').trim()}"`);
  }
  return { index, missing, twice };
}

/**
 * The header row: the first of the first rows with every required column. Else one problem per
 * column missing from the row that came closest, each naming what the mapping looks for and
 * every header that row has.
 */
function findHeader(
  records: readonly CsvRecord[],
  mapping: CsvMapping,
): { header: CsvRecord; index: ColumnIndex; at: number } | { problems: RecordProblem[] } {
  let closest: { record: CsvRecord; missing: StatementField[] } | undefined;
  for (const [at, record] of records.slice(0, HEADER_SEARCH_ROWS).entries()) {
    const { index, missing, twice } = locate(record, mapping);
    if (missing.length === 0) {
      if (twice.length > 0)
        return {
          problems: [{ where: `line ${record.line}`, message: `Columns given twice: ${twice.join(', ')}.` }],
        };
      return { header: record, index, at };
    }
    if (!closest || missing.length < closest.missing.length) closest = { record, missing };
  }
  if (!closest)
    return {
      problems: [
        { where: 'line 1', message: 'The file is empty: a header row naming the columns is required.' },
      ],
    };
  const seen = closest.record.fields
    .filter((name) => name.trim() !== '')
    .map((name) => `"${clip(name.trim())}"`)
    .join(', ');
  return {
    problems: closest.missing.map((field) => ({
      where: `columns.${field}`,
      message: `No column ${(mapping.columns[field]?.names ?? []).map((name) => `"${name}"`).join(' or ')} (${field}) in the file, as ${mapping.label} reads it. The closest to a header, line ${closest.record.line}, has: ${seen}.`,
    })),
  };
}

/**
 * The account number a preamble line names after one of the labels ("เลขที่บัญชี,123-4-56789-0",
 * "No. rekening : 1234567890"); masked or missing numbers are not read.
 */
function accountOf(preamble: readonly CsvRecord[], labels: readonly string[]): string | undefined {
  const wanted = labels.map(normaliseHeader).filter((label) => label !== '');
  for (const record of preamble) {
    const cells = record.fields.map((field) => field.trim()).filter((field) => field !== '');
    const [first = '', next = ''] = cells;
    if (!wanted.some((label) => normaliseHeader(first).startsWith(label))) continue;
    const colon = first.indexOf(':');
    const inline = colon === -1 ? '' : first.slice(colon + 1).trim();
    const value = (inline === '' ? next : inline).replace(/^:\s*/, '');
    if (/^\d[\d\s-]*\d$/.test(value)) return value;
  }
  return undefined;
}
