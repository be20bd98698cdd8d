import 'server-only';
import type { CurrencyCode } from '@/lib/money';
import { isMappingGiven, type StatementMapping } from '@/lib/statements';
import type { CollectionAccount } from '../accounts';
import { AppError } from '../errors';
import { homeOffset } from '../rails';
import {
  decodeUtf8,
  isSePayPayload,
  parseFeedDelivery,
  parseSePay,
  readStatementText,
  resolveCsvMapping,
  type ParsedStatement,
  type StatementFormat,
} from './formats';
import type { ParsedTransactions } from './incoming-transaction';
import type { CollectionSource } from './transaction.repository';

// What a statement file or a bank feed's delivery says, read by the rules of reconciliation
// (docs/decisions/028): all of it readable and of this account, or refused whole with every problem.

/** A statement file as uploaded for a collection account; what the request left out is undefined. */
export interface StatementUpload {
  /** csv or camt053 as the request named it; else the media type decides. */
  format: 'csv' | 'camt053' | undefined;
  contentType: string;
  /** UTC offset of dates without one (default: the account currency's home time). */
  timeZone: string | undefined;
  /** Currency of CSV rows without one (default: the account's). */
  currency: CurrencyCode | undefined;
  /**
   * How a CSV's columns are read, as the request named it (a bank preset, columns, formats); an
   * empty object: the account's saved mapping, else our own layout (docs/decisions/040).
   */
  mapping: StatementMapping;
  /** The file as received: UTF-8 bytes, or refused with the line where they stop being UTF-8. */
  content: Uint8Array;
}

/** The format of a statement: the one named, else by its media type; 415 when neither tells. */
function statementFormatOf(upload: Pick<StatementUpload, 'format' | 'contentType'>): StatementFormat {
  const format =
    upload.format ??
    (/^text\/csv\b/i.test(upload.contentType)
      ? 'csv'
      : /^(?:application|text)\/xml\b/i.test(upload.contentType)
        ? 'camt053'
        : undefined);
  if (!format)
    throw new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      'Send a CSV statement as text/csv or a camt.053 statement as application/xml (or say ?format=).',
    );
  return format === 'csv' ? 'CSV' : 'CAMT053';
}

/** 400 naming every record that cannot be read: nothing of the file or delivery is stored. */
function refuseProblems(parsed: ParsedTransactions, what: string): void {
  if (parsed.problems.length === 0) return;
  throw new AppError(
    'VALIDATION_FAILED',
    `The ${what} has records that cannot be read; nothing was stored.`,
    {
      errors: parsed.problems.map((problem) => ({ field: problem.where, message: problem.message })),
    },
  );
}

/**
 * A statement that names its account and currency (camt.053) must be the collection account's:
 * another account's credits would be matched against this one's payins. The account compares by
 * its digits, an IBAN by its end (it carries the domestic number last).
 */
function assertStatementOf(
  account: CollectionAccount,
  parsed: ParsedStatement,
  format: StatementFormat,
): void {
  const errors: { field: string; message: string }[] = [];
  if (parsed.currency !== undefined && parsed.currency !== account.currency)
    errors.push({
      field: 'Stmt.Acct.Ccy',
      message: `The statement is in ${parsed.currency}, the account in ${account.currency}.`,
    });
  const configured =
    'accountNumber' in account ? account.accountNumber.replace(/[^0-9A-Za-z]/g, '') : undefined;
  const stated = parsed.account?.replace(/[^0-9A-Za-z]/g, '');
  if (configured && stated && !stated.toUpperCase().endsWith(configured.toUpperCase()))
    errors.push({
      field: format === 'CAMT053' ? 'Stmt.Acct.Id' : 'account',
      message: `The statement is of account ${parsed.account}, not ${account.id}'s.`,
    });
  if (errors.length > 0)
    throw new AppError(
      'VALIDATION_FAILED',
      `This statement is not of collection account ${account.id}; nothing was stored.`,
      { errors },
    );
}

/**
 * Reads a statement file of the account: its format, dates without an offset in the given time or
 * else the account currency's home time, CSV rows without a currency in the given one or else the
 * account's, a CSV's columns by the mapping the request names, else the account's `saved` one,
 * else by our column names. Refused (400) when a record cannot be read or the file is another
 * account's.
 */
export async function readStatement(
  account: CollectionAccount,
  upload: StatementUpload,
  saved: StatementMapping | undefined,
): Promise<{ source: CollectionSource; parsed: ParsedStatement }> {
  const format = statementFormatOf(upload);
  const given = isMappingGiven(upload.mapping);
  if (format !== 'CSV' && given)
    throw new AppError('VALIDATION_FAILED', 'A preset or column mapping reads CSV statements only.', {
      errors: [{ field: upload.mapping.preset ? 'preset' : 'columns', message: 'Only for a CSV statement.' }],
    });
  const decoded = decodeUtf8(upload.content);
  if (!decoded.ok) {
    // Thai banks' portals often export TIS-620 (Windows-874): say how to convert it (decision 040).
    const hint =
      account.currency === 'THB'
        ? ' A Thai export in TIS-620 (Windows-874): save it as "CSV UTF-8", or convert it (iconv -f TIS-620 -t UTF-8).'
        : '';
    const problem = { ...decoded.problem, message: `${decoded.problem.message}${hint}` };
    refuseProblems({ transactions: [], skipped: 0, problems: [problem] }, 'statement');
  }
  const mapping = format === 'CSV' ? resolveCsvMapping(given ? upload.mapping : (saved ?? {})) : undefined;
  const parsed = await readStatementText(format, decoded.ok ? decoded.text : '', {
    defaultCurrency: upload.currency ?? account.currency,
    timeZone: upload.timeZone ?? homeOffset(account.currency),
    ...(mapping && { mapping }),
  });
  refuseProblems(parsed, 'statement');
  assertStatementOf(account, parsed, format);
  return { source: format, parsed };
}

/**
 * Reads a bank feed's delivery (JSON: ours, or a SePay webhook): 415 for another media type, 400 for
 * JSON that does not parse or records that cannot be read.
 */
export function readDelivery(
  contentType: string | undefined,
  body: string,
): { source: CollectionSource; parsed: ParsedTransactions } {
  if (contentType !== undefined && !/^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i.test(contentType))
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the delivery as application/json.');
  let json: unknown;
  try {
    json = JSON.parse(body.replace(/^\uFEFF/, ''));
  } catch {
    throw new AppError('MALFORMED_JSON', 'The delivery is not valid JSON.');
  }
  const sepay = isSePayPayload(json);
  const parsed = sepay ? parseSePay(json) : parseFeedDelivery(json);
  refuseProblems(parsed, 'delivery');
  return { source: sepay ? 'SEPAY' : 'FEED', parsed };
}
