import { STATEMENT_MAX_BYTES } from '@/lib/api/collection-responses';
import type { CurrencyCode } from '@/lib/money';
import type { OutgoingEntry, ParsedTransactions, RecordProblem } from '../incoming-transaction';
import { runToEnd, type Steps } from './steps';
import { csvRecordSteps } from './csv-records';
import {
  readAmount,
  rowCurrency,
  rowPayer,
  bankTransactionIdProblem,
  clip,
  finishParse,
  isOverSizeCap,
  MAX_STATEMENT_RECORDS,
  parseBookedAt,
  parseUtcOffset,
  type ParsedRecord,
} from './record-checks';
import { nulProblem } from './text-checks';

const MAX_RECORD_CHARS = 4_000;

/**
 * Header names each field is found under, compared without case, spaces or punctuation
 * ("Booked At" = "bookedAt" = "booked_at"); the first alias present wins.
 */
const COLUMNS = {
  id: ['id', 'transaction id', 'bank reference', 'reference', 'ref'],
  bookedAt: ['booked at', 'booking date', 'transaction date', 'date', 'value date'],
  amount: ['amount'],
  credit: ['credit', 'credit amount', 'deposit', 'paid in'],
  debit: ['debit', 'debit amount', 'withdrawal', 'paid out'],
  currency: ['currency'],
  note: ['note', 'description', 'details', 'remarks', 'narrative', 'memo'],
  payerName: ['payer', 'payer name', 'from', 'counterparty'],
  payerAccount: ['payer account', 'payer account number', 'from account', 'counterparty account'],
  payerBank: ['payer bank', 'from bank', 'counterparty bank'],
} as const satisfies Record<string, readonly string[]>;
type Field = keyof typeof COLUMNS;
type ColumnIndex = Partial<Record<Field, number>>;

export interface StatementCsvOptions {
  /** The currency of rows without a currency column or value (the collection account's). */
  defaultCurrency?: CurrencyCode;
  /** UTC offset ("+07:00") of dates written without one; without it such dates are refused. */
  timeZone?: string;
}

/**
 * Parses a bank statement exported as CSV (RFC 4180, UTF-8, optional BOM, header row required).
 * Credits become transactions; debits (a negative amount, or only a debit value) are skipped.
 * Every problem names its line and column; `raw` is the header line, "\n", and the record's text.
 */
export function parseStatementCsv(text: string, options: StatementCsvOptions): ParsedTransactions {
  return runToEnd(statementCsvSteps(text, options));
}

/** parseStatementCsv in steps, read as every statement is: a CSV export reports no outgoing transfers. */
export function* statementCsvSteps(
  text: string,
  options: StatementCsvOptions,
): Steps<ParsedTransactions & { outgoing: OutgoingEntry[] }> {
  return { ...(yield* csvRowSteps(text, options)), outgoing: [] };
}

/**
 * The rows in steps: it yields after each row (see steps.ts). Rows past MAX_STATEMENT_RECORDS are
 * not read: the file is refused with one problem saying so.
 */
function* csvRowSteps(text: string, options: StatementCsvOptions): Steps<ParsedTransactions> {
  const fail = (where: string, message: string) =>
    finishParse({ records: [], skipped: 0, problems: [{ where, message }] });
  if (isOverSizeCap(text))
    return fail('file', `The statement is larger than ${STATEMENT_MAX_BYTES / 1024 / 1024} MB.`);
  if (options.timeZone !== undefined && parseUtcOffset(options.timeZone) === undefined) {
    return fail('timeZone', `"${clip(options.timeZone)}" is not a UTC offset such as +07:00.`);
  }
  const nul = nulProblem(text);
  if (nul) return finishParse({ records: [], skipped: 0, problems: [nul] });
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const read = yield* csvRecordSteps(body, {
    maxRecords: MAX_STATEMENT_RECORDS + 1,
    maxRecordChars: MAX_RECORD_CHARS,
  });
  const [header, ...rows] = read.records;
  const problems: RecordProblem[] = [...read.problems];
  if (header === undefined)
    return finishParse({ records: [], skipped: 0, problems: [...problems, noHeader()] });
  const found = findColumns(header.fields);
  if ('message' in found) return finishParse({ records: [], skipped: 0, problems: [...problems, found] });
  if (found.currency === undefined && options.defaultCurrency === undefined) {
    const missing = {
      where: 'line 1',
      message: 'No currency column, and the statement has no default currency.',
    };
    return finishParse({ records: [], skipped: 0, problems: [...problems, missing] });
  }

  const records: ParsedRecord[] = [];
  let skipped = 0;
  for (const row of rows) {
    yield;
    const where = (field: Field) => {
      const index = found[field];
      return index === undefined
        ? `line ${row.line}`
        : `line ${row.line}, column "${(header.fields[index] ?? '').trim()}"`;
    };
    if (row.fields.length !== header.fields.length) {
      problems.push({
        where: `line ${row.line}`,
        message: `${row.fields.length} fields where the header has ${header.fields.length}; quote fields that hold commas.`,
      });
      continue;
    }
    const cell = (field: Field) => {
      const index = found[field];
      return index === undefined ? '' : (row.fields[index] ?? '').trim();
    };
    const rowProblems: RecordProblem[] = [];
    const problem = (field: Field, message: string) => rowProblems.push({ where: where(field), message });

    const { currency: knownCurrency, problem: currencyProblem } = rowCurrency(
      cell('currency'),
      options.defaultCurrency,
    );
    if (currencyProblem) problem('currency', currencyProblem);

    const amount = creditOf(cell, found, knownCurrency);
    if (amount.kind === 'debit') {
      skipped++;
      continue;
    }
    if (amount.kind === 'problem') problem(amount.field, amount.message);

    const id = cell('id');
    const badId = bankTransactionIdProblem(id);
    if (badId) problem('id', badId);
    const bookedAt = parseBookedAt(cell('bookedAt'), { timeZone: options.timeZone });
    if (!bookedAt.ok) problem('bookedAt', bookedAt.message);

    if (rowProblems.length > 0 || amount.kind !== 'credit' || !bookedAt.ok) {
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
        bankTransactionId: id,
        amount: amount.amount,
        currency: knownCurrency,
        bookedAt: bookedAt.date,
        note: cell('note'),
        ...(payer && { payer }),
        raw: `${header.text}\n${row.text}`,
      },
    });
  }
  return finishParse({ records, skipped, problems });
}

function noHeader(): RecordProblem {
  return { where: 'line 1', message: 'The file is empty: a header row naming the columns is required.' };
}

const normalise = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');

/** Finds each field's column, or one problem naming what is missing and what the header has. */
function findColumns(header: string[]): ColumnIndex | RecordProblem {
  const names = header.map(normalise);
  const index: ColumnIndex = {};
  const duplicated: string[] = [];
  for (const [field, aliases] of Object.entries(COLUMNS) as [Field, readonly string[]][]) {
    const alias = aliases.map(normalise).find((name) => names.includes(name));
    if (alias === undefined) continue;
    index[field] = names.indexOf(alias);
    if (names.lastIndexOf(alias) !== index[field])
      duplicated.push(`"${(header[index[field]] ?? '').trim()}"`);
  }
  if (duplicated.length > 0) {
    return { where: 'line 1', message: `Columns given twice: ${duplicated.join(', ')}.` };
  }
  const missing = [
    index.id === undefined && `bank transaction id (${COLUMNS.id.join(', ')})`,
    index.bookedAt === undefined && `date (${COLUMNS.bookedAt.join(', ')})`,
    index.amount === undefined &&
      index.credit === undefined &&
      'amount (amount, or credit with an optional debit)',
  ].filter((name) => name !== false);
  if (missing.length === 0) return index;
  const seen = header.map((name) => `"${clip(name.trim())}"`).join(', ');
  return { where: 'line 1', message: `Missing columns: ${missing.join('; ')}. Found: ${seen}.` };
}

type AmountRead =
  { kind: 'credit'; amount: string } | { kind: 'debit' } | { kind: 'problem'; field: Field; message: string };

/** A credit's amount from the amount column (negative: a debit), else from the credit/debit pair. */
function creditOf(
  cell: (field: Field) => string,
  columns: ColumnIndex,
  currency: CurrencyCode | undefined,
): AmountRead {
  if (columns.amount !== undefined) {
    const amount = cell('amount');
    if (amount === '') return { kind: 'problem', field: 'amount', message: 'No amount.' };
    // A negative amount, "-1,234.50" or the accountants' "(1,234.50)", is money out.
    if (/^(?:-|\(.*\)$)/.test(amount)) return { kind: 'debit' };
    return checkedAmount(amount.replace(/^\+/, ''), currency, 'amount');
  }
  const credit = cell('credit');
  const debit = cell('debit');
  // Banks fill the other column of a pair with 0.00: only a non-zero value says which way money went.
  const creditGiven = credit !== '' && !isZero(credit);
  const debitGiven = debit !== '' && !isZero(debit);
  if (creditGiven && debitGiven)
    return { kind: 'problem', field: 'credit', message: 'Both a credit and a debit.' };
  if (debitGiven) return { kind: 'debit' };
  if (!creditGiven)
    return { kind: 'problem', field: 'credit', message: 'Neither a credit nor a debit amount.' };
  return checkedAmount(credit, currency, 'credit');
}

function checkedAmount(text: string, currency: CurrencyCode | undefined, field: Field): AmountRead {
  const read = readAmount(text, currency, 'local');
  return read.ok
    ? { kind: 'credit', amount: read.amount }
    : { kind: 'problem', field, message: read.message };
}

const isZero = (text: string) => /^0*(?:[.,]0*)?$/.test(text.replace(/[,.](?=\d{3})/g, ''));
