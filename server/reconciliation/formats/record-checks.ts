import { STATEMENT_MAX_BYTES } from '@/lib/api/collection-responses';
import { CURRENCIES, isCurrencyCode, type CurrencyCode } from '@/lib/money';
import type { IncomingTransaction, ParsedTransactions, RecordProblem } from '../incoming-transaction';
import { readableText } from './text-checks';

/**
 * Checks every source format shares, so a CSV line, a camt.053 entry and a feed delivery are held
 * to the same rules: amounts stay decimal strings (never floats), dates need a known offset, and a
 * bank transaction id appears once per file.
 */

/** The storage column is a bigint of minor units; 18 integer digits is more than any real transfer. */
export const MAX_INTEGER_DIGITS = 18;
/** The most records one statement file may hold: bigger ones are refused before they are parsed. */
export const MAX_STATEMENT_RECORDS = 10_000;
/** A refused file lists this many problems at most: 10,000 bad rows need one fix, not 10,000 lines. */
export const MAX_PROBLEMS = 100;

const DECIMAL = /^(\d+)(?:\.(\d+))?$/;

/**
 * Why a decimal amount is refused, or undefined when it is a positive decimal with at most the
 * currency's fraction digits (trailing zeros do not count: "1500.00" VND is 1500). Fraction digits
 * are never rounded away: "1.005" THB is refused, as lib/money's parseAmount does.
 */
export function amountProblem(text: string, currency: CurrencyCode | undefined): string | undefined {
  const match = DECIMAL.exec(text);
  if (!match) return `"${clip(text)}" is not a decimal amount such as 1234.50.`;
  const whole = (match[1] ?? '').replace(/^0+/, '');
  const fraction = (match[2] ?? '').replace(/0+$/, '');
  if (whole.length > MAX_INTEGER_DIGITS)
    return `"${clip(text)}" has more than ${MAX_INTEGER_DIGITS} integer digits.`;
  const decimals = currency === undefined ? MAX_INTEGER_DIGITS : CURRENCIES[currency].decimals;
  if (fraction.length > decimals) {
    return currency === undefined
      ? `"${clip(text)}" has more than ${decimals} decimals.`
      : `${currency} takes at most ${decimals} decimal${decimals === 1 ? '' : 's'}: "${clip(text)}" has ${fraction.length}.`;
  }
  if (whole === '' && fraction === '')
    return `"${clip(text)}" is zero: an incoming transaction is a positive amount.`;
  return undefined;
}

/**
 * A statement's or feed's amount, read by its currency: the plain decimal string ("1234.50") the
 * ledger takes, or why it is refused. Machine formats (camt.053, JSON feeds) write a dot for decimals
 * and nothing else; bank exports (`local`) also write thousands separators the common ways: commas
 * ("1,234.50", "2,500,000"), or dots with a decimal comma ("1.500.000", "1.234,50"). What could be
 * read two ways is refused, never guessed: "12.000" VND is twelve dong with a decimal dot but twelve
 * thousand with a thousands dot, and "1,234" in a currency of three or more decimals could be a
 * decimal comma.
 */
export function readAmount(
  text: string,
  currency: CurrencyCode | undefined,
  separators: 'dot' | 'local',
): { ok: true; amount: string } | { ok: false; message: string } {
  const plain = separators === 'local' ? withoutLocalSeparators(text, currency) : text;
  if (typeof plain !== 'string') return { ok: false, message: plain.message };
  // A dot and three digits, in a currency that takes fewer decimals: a decimal dot or a thousands dot.
  if (plain === text && currency !== undefined && /^\d+\.\d{3}$/.test(text)) {
    const decimals = CURRENCIES[currency].decimals;
    const thousands = text.replace('.', '');
    const asDecimal = text.replace(/\.?0+$/, '');
    if (decimals < 3 && asDecimal !== text && amountProblem(asDecimal, currency) === undefined)
      return {
        ok: false,
        message: `"${text}" is ambiguous in ${currency} (a decimal dot or a thousands dot): write ${thousands}, or ${asDecimal} without the zeros.`,
      };
    // Too many decimals read as a decimal dot; a bank export may have meant thousands.
    if (decimals < 3 && separators === 'local')
      return {
        ok: false,
        message: `${currency} takes at most ${decimals} decimal${decimals === 1 ? '' : 's'}: "${text}" has 3 (if the dot separates thousands, write ${thousands}).`,
      };
  }
  const problem = amountProblem(plain, currency);
  return problem ? { ok: false, message: problem } : { ok: true, amount: plain };
}

/** A bank export's amount without its thousands separators, the decimal separator a dot. */
function withoutLocalSeparators(
  text: string,
  currency: CurrencyCode | undefined,
): string | { message: string } {
  // Thousands commas, decimal dot: "1,234.50", "2,500,000".
  if (/^\d{1,3}(?:,\d{3})+\.\d+$/.test(text) || /^\d{1,3}(?:,\d{3}){2,}$/.test(text))
    return text.replace(/,/g, '');
  // Thousands dots, decimal comma: "1.500.000", "1.234,50", "12,50".
  if (/^\d{1,3}(?:\.\d{3}){2,}(?:,\d+)?$/.test(text) || /^\d{1,3}(?:\.\d{3})+,\d+$/.test(text))
    return text.replace(/\./g, '').replace(',', '.');
  if (/^\d+,\d{1,2}$/.test(text)) return text.replace(',', '.');
  if (/^\d{1,3},\d{3}$/.test(text)) {
    const stripped = text.replace(',', '');
    if (currency !== undefined && CURRENCIES[currency].decimals < 3) return stripped;
    return {
      message: `"${text}" is ambiguous (thousands or a decimal comma): write ${stripped} or ${text.replace(',', '.')}.`,
    };
  }
  if (/^\d+(?:\.\d+)?$/.test(text)) return text;
  return {
    message: `"${clip(text)}" is not an amount such as 1234.50, 1,234.50 or 1.234,50.`,
  };
}

const PRINTABLE_ID = /^[\x21-\x7E](?:[\x20-\x7E]{0,98}[\x21-\x7E])?$/;

/** Why a bank transaction id is refused: storing is idempotent on it, so it must be exact and short. */
export function bankTransactionIdProblem(id: string): string | undefined {
  return PRINTABLE_ID.test(id)
    ? undefined
    : `"${clip(id)}" is not a bank transaction id: 1–100 printable ASCII characters, no leading or trailing space.`;
}

const OFFSET = /^(?:(Z)|([+-])(\d{2}):?(\d{2}))$/i;

/** Minutes east of UTC for "Z", "+07:00" or "+0700"; undefined when it is not such an offset. */
export function parseUtcOffset(text: string): number | undefined {
  const match = OFFSET.exec(text);
  if (!match) return undefined;
  if (match[1]) return 0;
  const hours = Number(match[3]);
  const minutes = Number(match[4]);
  if (hours > 14 || minutes > 59) return undefined;
  return (match[2] === '-' ? -1 : 1) * (hours * 60 + minutes);
}

const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?)?(Z|[+-]\d{2}:?\d{2})?$/i;

export type DateParse = { ok: true; date: Date } | { ok: false; message: string };

/**
 * Reads an ISO 8601 date or date-time ("2026-11-24", "2026-11-24 10:00", "2026-11-24T10:00:00+07:00").
 * A value without offset is local time at `timeZone` (an offset such as "+07:00": the Asian rails we
 * serve keep no daylight saving); without `timeZone` it is refused rather than guessed as UTC, which
 * would move late-evening transfers to the next day. Impossible dates (30 February) are refused.
 */
export function parseBookedAt(text: string, options: { timeZone?: string | undefined } = {}): DateParse {
  const match = DATE_TIME.exec(text);
  const invalid = `"${clip(text)}" is not an ISO 8601 date such as 2026-11-24 or 2026-11-24T10:00:00+07:00.`;
  if (!match) return { ok: false, message: invalid };
  const [, y, mo, d, h = '0', mi = '0', s = '0', fraction = '', zone] = match;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (year < 1970 || month < 1 || month > 12 || day < 1 || day > daysInMonth)
    return { ok: false, message: invalid };
  if (Number(h) > 23 || Number(mi) > 59 || Number(s) > 59) return { ok: false, message: invalid };
  const offsetText = zone ?? options.timeZone;
  if (offsetText === undefined) {
    return {
      ok: false,
      message: `"${clip(text)}" has no UTC offset (+07:00 or Z) and no time zone was given for the statement.`,
    };
  }
  const offset = parseUtcOffset(offsetText);
  if (offset === undefined) return { ok: false, message: invalid };
  const millis = Number(fraction.slice(0, 3).padEnd(3, '0'));
  const utc = Date.UTC(year, month - 1, day, Number(h), Number(mi), Number(s), millis) - offset * 60_000;
  return { ok: true, date: new Date(utc) };
}

/** A transaction a parser accepted, with where its id came from (for duplicate reports). */
export interface ParsedRecord {
  transaction: IncomingTransaction;
  idWhere: string;
}

/**
 * Ends a parse: reports a bank transaction id given twice in one file (the store would keep the
 * first silently, hiding a bank's or an editor's mistake), and caps the problem list.
 */
export function finishParse(input: {
  records: ParsedRecord[];
  skipped: number;
  problems: RecordProblem[];
}): ParsedTransactions {
  const problems = [...input.problems];
  const firstSeen = new Map<string, string>();
  for (const { transaction, idWhere } of input.records) {
    const first = firstSeen.get(transaction.bankTransactionId);
    if (first === undefined) firstSeen.set(transaction.bankTransactionId, idWhere);
    else {
      problems.push({
        where: idWhere,
        message: `Bank transaction id "${transaction.bankTransactionId}" appears twice in this file (first at ${first}).`,
      });
    }
  }
  return {
    transactions: input.records.map(({ transaction }) => readable(transaction)),
    skipped: input.skipped,
    problems: capProblems(problems),
  };
}

/** The fields people read without control characters (`raw` keeps them as received). */
function readable(transaction: IncomingTransaction): IncomingTransaction {
  const { payer, to } = transaction;
  let cleanPayer: IncomingTransaction['payer'];
  if (payer) {
    cleanPayer = {};
    for (const key of ['name', 'accountNumber', 'bank'] as const) {
      const value = readableText(payer[key] ?? '');
      if (value !== '') cleanPayer[key] = value;
    }
  }
  return {
    ...transaction,
    note: readableText(transaction.note),
    ...(cleanPayer && { payer: cleanPayer }),
    ...(to !== undefined && { to: readableText(to) }),
  };
}

function capProblems(problems: RecordProblem[]): RecordProblem[] {
  if (problems.length <= MAX_PROBLEMS) return problems;
  const more = problems.length - MAX_PROBLEMS;
  return [
    ...problems.slice(0, MAX_PROBLEMS),
    { where: 'file', message: `${more} more problem${more === 1 ? '' : 's'} not listed.` },
  ];
}

/** Whether a text is over the statement size cap, in UTF-8 bytes. */
export function isOverSizeCap(text: string): boolean {
  // Every UTF-16 unit is at least one UTF-8 byte, so a long text is over without encoding it.
  return text.length > STATEMENT_MAX_BYTES || Buffer.byteLength(text, 'utf8') > STATEMENT_MAX_BYTES;
}

/** Quotes hostile input at a readable length in messages. */
/**
 * A row's currency: its currency cell, else the statement's default. A problem when neither gives
 * one or the cell names a currency we do not handle; the currency when it is one.
 */
export function rowCurrency(
  text: string,
  defaultCurrency: CurrencyCode | undefined,
): { currency: CurrencyCode | undefined; problem: string | undefined } {
  const given = text.toUpperCase();
  const currency = given === '' ? defaultCurrency : given;
  if (currency === undefined)
    return { currency: undefined, problem: 'No currency, and the statement has no default currency.' };
  if (!isCurrencyCode(currency))
    return { currency: undefined, problem: `"${clip(currency)}" is not a currency we handle.` };
  return { currency, problem: undefined };
}

/** The payer as a row's cells name them, only the fields given; undefined when none is. */
export function rowPayer(cells: {
  name: string;
  accountNumber: string;
  bank: string;
}): IncomingTransaction['payer'] | undefined {
  const given = Object.fromEntries(Object.entries(cells).filter(([, value]) => value !== ''));
  return Object.keys(given).length > 0 ? given : undefined;
}

export function clip(text: string, max = 40): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}
