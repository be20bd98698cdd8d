import { z } from 'zod';
import type { CurrencyCode } from '@/lib/money';
import { camt053Steps, type Camt053Parse } from './camt053';
import { statementCsvSteps } from './csv';
import type { CsvMapping } from './csv-mapping';
import { mappedCsvSteps } from './csv-mapped';
import { runToEnd, runYielding, type Steps } from './steps';

export { parseCamt053, type Camt053Options, type Camt053Parse } from './camt053';
export type { OutgoingEntry } from '../incoming-transaction';
export { parseStatementCsv, type StatementCsvOptions } from './csv';
export { resolveCsvMapping, type CsvMapping } from './csv-mapping';
export { mappedCsvSteps, type MappedCsvOptions } from './csv-mapped';
export {
  feedDeliverySchema,
  feedTransactionSchema,
  MAX_FEED_TRANSACTIONS,
  parseFeedDelivery,
  type FeedDelivery,
  type FeedTransaction,
} from './feed-json';
export { isSePayPayload, parseSePay, sepaySchema } from './sepay';
export { MAX_STATEMENT_RECORDS, readAmount } from './record-checks';
export { decodeUtf8 } from './text-checks';

/** Statement files POST /collection/statements takes. */
export const STATEMENT_FORMATS = ['CSV', 'CAMT053'] as const;
export type StatementFormat = (typeof STATEMENT_FORMATS)[number];
export const statementFormatSchema = z.enum(STATEMENT_FORMATS, {
  error: `One of ${STATEMENT_FORMATS.join(', ')}.`,
});

export interface StatementOptions {
  /** The collection account's currency: rows of a CSV without a currency column are in it. */
  defaultCurrency?: CurrencyCode;
  /** UTC offset ("+07:00") of dates and times the file writes without one. */
  timeZone?: string;
  /** How a CSV's columns are read (a bank preset, the merchant's columns); none: our own layout. */
  mapping?: CsvMapping;
}

/** What a statement parser made of a file; `account` and `currency` where the format names them. */
export type ParsedStatement = Camt053Parse;

const READERS: Record<StatementFormat, (text: string, options: StatementOptions) => Steps<ParsedStatement>> =
  {
    CSV: (text, options) =>
      options.mapping
        ? mappedCsvSteps(text, { ...options, mapping: options.mapping })
        : statementCsvSteps(text, options),
    CAMT053: (text, options) => camt053Steps(text, { timeZone: options.timeZone }),
  };

/**
 * Parses a statement file of a known format at once (tests, small files). A statement with any
 * problem is to be refused whole; the caller checks `account` and `currency`, when given, against
 * the collection account.
 */
export function parseStatement(
  format: StatementFormat,
  text: string,
  options: StatementOptions,
): ParsedStatement {
  return runToEnd(READERS[format](text, options));
}

/**
 * parseStatement as the service runs it: the event loop turns between batches of records, so a
 * statement at the caps (5 MB, 10,000 entries) never holds other requests up for long.
 */
export function readStatementText(
  format: StatementFormat,
  text: string,
  options: StatementOptions,
): Promise<ParsedStatement> {
  return runYielding(READERS[format](text, options));
}
