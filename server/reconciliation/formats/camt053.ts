import { STATEMENT_MAX_BYTES } from '@/lib/api/collection-responses';
import { isCurrencyCode, type CurrencyCode } from '@/lib/money';
import type { IncomingTransaction, ParsedTransactions, RecordProblem } from '../incoming-transaction';
import {
  amountProblem,
  bankTransactionIdProblem,
  clip,
  finishParse,
  isOverSizeCap,
  parseBookedAt,
  parseUtcOffset,
  type ParsedRecord,
} from './record-checks';
import { at, attribute, children, firstText, parseXml, sourceRange, text, type XmlNode } from './xml-nodes';

/**
 * ISO 20022 camt.053 (BankToCustomerStatement), versions .001.02 to .001.13: elements are read by
 * local name, so the namespace (version) does not matter where the element names did not change;
 * where they did (Sts became Sts/Cd in .001.08, Dbtr/Nm became Dbtr/Pty/Nm), both are read.
 */

export type Camt053Parse = ParsedTransactions & { account?: string; currency?: CurrencyCode };

export interface Camt053Options {
  /** UTC offset ("+07:00") of booking dates and times written without one (BookgDt/Dt). */
  timeZone?: string;
}

const REPEATED = new Set(['Stmt', 'Ntry', 'NtryDtls', 'TxDtls', 'Ustrd', 'Strd']);
const ACCOUNT_ID = [
  ['Id', 'IBAN'],
  ['Id', 'Othr', 'Id'],
];

/**
 * Reads the booked credits of a camt.053 statement, with the statement's account and currency so
 * the caller can check the file belongs to the collection account. Debits, pending or
 * informational entries and reversals are skipped and counted. `raw` is the entry's exact
 * `<Ntry>…</Ntry>` source; an entry whose TxDtls each carry an amount gives one transaction each.
 */
export function parseCamt053(xml: string, options: Camt053Options = {}): Camt053Parse {
  const fail = (message: string, where = 'file') =>
    finishParse({ records: [], skipped: 0, problems: [{ where, message }] });
  if (isOverSizeCap(xml))
    return fail(`The statement is larger than ${STATEMENT_MAX_BYTES / 1024 / 1024} MB.`);
  // Declarations are how entity attacks start (external entities, billion laughs); statements need none.
  if (/<!(?:DOCTYPE|ENTITY)/i.test(xml))
    return fail('DOCTYPE and ENTITY declarations are not accepted in a statement.');
  if (options.timeZone !== undefined && parseUtcOffset(options.timeZone) === undefined) {
    return fail(`"${clip(options.timeZone)}" is not a UTC offset such as +07:00.`, 'timeZone');
  }
  let document: Record<string, XmlNode>;
  try {
    document = parseXml(xml, REPEATED);
  } catch (error) {
    return fail(`Not well-formed XML: ${error instanceof Error ? error.message : String(error)}`);
  }
  const statement = at(document, 'Document', 'BkToCstmrStmt');
  const statements = children(statement, 'Stmt');
  if (statements.length === 0) {
    return fail('Not a camt.053 statement: expected Document/BkToCstmrStmt/Stmt.');
  }
  const accounts = new Set(statements.map((stmt) => firstText(at(stmt, 'Acct'), ...ACCOUNT_ID) ?? ''));
  const currencies = new Set(statements.map((stmt) => text(at(stmt, 'Acct', 'Ccy')) ?? ''));
  const problems: RecordProblem[] = [];
  if (accounts.size > 1)
    problems.push({ where: 'Stmt', message: 'The statements are of several accounts: one per file.' });
  const [account] = accounts;
  const [currency] = currencies;

  const records: ParsedRecord[] = [];
  let skipped = 0;
  const lines = lineCounter(xml);
  const entries = statements.flatMap((stmt) => children(stmt, 'Ntry'));
  entries.forEach((entry, index) => {
    const range = sourceRange(entry);
    const where = `Ntry ${index + 1}${range ? ` (line ${lines(range.start)})` : ''}`;
    const read = readEntry(entry, { where, account: account || undefined, timeZone: options.timeZone });
    if (read === 'skipped') skipped++;
    else {
      problems.push(...read.problems);
      const raw = range ? xml.slice(range.start, range.end) : '';
      for (const part of read.parts)
        records.push({ idWhere: part.where, transaction: { ...part.transaction, raw } });
    }
  });
  return {
    ...finishParse({ records, skipped, problems }),
    ...(account && { account }),
    ...(currency && isCurrencyCode(currency) && { currency }),
  };
}

type EntryPart = { where: string; transaction: Omit<IncomingTransaction, 'raw'> };

function readEntry(
  entry: XmlNode,
  context: { where: string; account: string | undefined; timeZone: string | undefined },
): 'skipped' | { parts: EntryPart[]; problems: RecordProblem[] } {
  const { where } = context;
  const problems: RecordProblem[] = [];
  const direction = text(at(entry, 'CdtDbtInd'));
  const status = firstText(entry, ['Sts', 'Cd'], ['Sts']);
  const reversal = text(at(entry, 'RvslInd'));
  if (direction === 'DBIT' || reversal === 'true' || reversal === '1') return 'skipped';
  if (direction !== 'CRDT')
    problems.push({ where: `${where}, CdtDbtInd`, message: 'Neither CRDT nor DBIT.' });
  if (status === undefined) problems.push({ where: `${where}, Sts`, message: 'No status.' });
  else if (status !== 'BOOK') return 'skipped'; // PDNG, INFO, FUTR: not money on the account yet.

  const date = firstText(entry, ['BookgDt', 'DtTm'], ['BookgDt', 'Dt'], ['ValDt', 'DtTm'], ['ValDt', 'Dt']);
  const bookedAt = parseBookedAt(date ?? '', { timeZone: context.timeZone });
  if (date === undefined) problems.push({ where: `${where}, BookgDt`, message: 'No booking or value date.' });
  else if (!bookedAt.ok) problems.push({ where: `${where}, BookgDt`, message: bookedAt.message });

  const details = children(entry, 'NtryDtls').flatMap((block) => children(block, 'TxDtls'));
  const ownAmount = (tx: XmlNode) => at(tx, 'AmtDtls', 'TxAmt', 'Amt') ?? at(tx, 'Amt');
  const split = details.length > 1 && details.every((tx) => ownAmount(tx) !== undefined);
  const pieces = split
    ? details.map((tx, i) => ({
        where: `${where}, TxDtls ${i + 1}`,
        amount: ownAmount(tx),
        txs: [tx],
        index: i + 1,
      }))
    : [{ where, amount: at(entry, 'Amt'), txs: details, index: undefined }];

  const parts: EntryPart[] = [];
  for (const piece of pieces) {
    const pieceProblems: RecordProblem[] = [];
    const amount = text(piece.amount) ?? '';
    const currency = attribute(piece.amount, 'Ccy') ?? '';
    if (!isCurrencyCode(currency)) {
      pieceProblems.push({
        where: `${piece.where}, Amt`,
        message: `"${clip(currency)}" is not a currency we handle.`,
      });
    }
    const badAmount = amountProblem(amount, isCurrencyCode(currency) ? currency : undefined);
    if (badAmount) pieceProblems.push({ where: `${piece.where}, Amt`, message: badAmount });

    const single = piece.txs.length === 1 ? piece.txs[0] : undefined;
    const entryRef = text(at(entry, 'AcctSvcrRef'));
    const endToEnd = text(at(single, 'Refs', 'EndToEndId'));
    // Split parts share the entry's reference: the part number keeps their ids apart, and stable.
    const id =
      text(at(single, 'Refs', 'AcctSvcrRef')) ??
      (entryRef && (piece.index ? `${entryRef}/${piece.index}` : entryRef)) ??
      (endToEnd !== 'NOTPROVIDED' ? endToEnd : undefined);
    if (id === undefined) {
      pieceProblems.push({
        where: `${piece.where}, AcctSvcrRef`,
        message: 'No AcctSvcrRef or EndToEndId to identify it.',
      });
    } else {
      const badId = bankTransactionIdProblem(id);
      if (badId) pieceProblems.push({ where: `${piece.where}, AcctSvcrRef`, message: badId });
    }
    problems.push(...pieceProblems);
    if (pieceProblems.length > 0 || id === undefined || !bookedAt.ok || !isCurrencyCode(currency)) continue;

    const parties = at(piece.txs[0], 'RltdPties');
    const payer = {
      name: firstText(parties, ['Dbtr', 'Nm'], ['Dbtr', 'Pty', 'Nm']),
      accountNumber: firstText(at(parties, 'DbtrAcct'), ...ACCOUNT_ID),
      bank: firstText(at(piece.txs[0], 'RltdAgts', 'DbtrAgt', 'FinInstnId'), ['BICFI'], ['BIC'], ['Nm']),
    };
    const payerGiven = Object.fromEntries(Object.entries(payer).filter(([, value]) => value !== undefined));
    const to = firstText(at(parties, 'CdtrAcct'), ...ACCOUNT_ID) ?? context.account;
    parts.push({
      where: `${piece.where}, AcctSvcrRef`,
      transaction: {
        bankTransactionId: id,
        amount,
        currency,
        bookedAt: bookedAt.date,
        note: piece.txs.map(remittance).filter(Boolean).join(' ') || (text(at(entry, 'AddtlNtryInf')) ?? ''),
        ...(Object.keys(payerGiven).length > 0 && { payer: payerGiven }),
        ...(to !== undefined && { to }),
      },
    });
  }
  return { parts, problems };
}

/** Unstructured lines, then structured creditor references: where payers quote a payin reference. */
function remittance(tx: XmlNode): string {
  const info = at(tx, 'RmtInf');
  const lines = children(info, 'Ustrd').map(text);
  const references = children(info, 'Strd').map((strd) => text(at(strd, 'CdtrRefInf', 'Ref')));
  return [...lines, ...references].filter(Boolean).join(' ');
}

/** Line numbers of ascending offsets, counting each part of the text once. */
function lineCounter(source: string): (offset: number) => number {
  let position = 0;
  let line = 1;
  return (offset) => {
    for (; position < offset; position++) if (source.charCodeAt(position) === 10) line++;
    return line;
  };
}
