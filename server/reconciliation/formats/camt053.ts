import { STATEMENT_MAX_BYTES } from '@/lib/api/collection-responses';
import { isCurrencyCode, type CurrencyCode } from '@/lib/money';
import type { IncomingTransaction, ParsedTransactions, RecordProblem } from '../incoming-transaction';
import {
  readAmount,
  bankTransactionIdProblem,
  clip,
  finishParse,
  isOverSizeCap,
  parseBookedAt,
  MAX_STATEMENT_RECORDS,
  parseUtcOffset,
  type ParsedRecord,
} from './record-checks';
import { nulProblem } from './text-checks';
import { runToEnd, type Steps } from './steps';
import { at, attribute, children, firstText, parseXml, text, type XmlNode } from './xml-nodes';

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
  return runToEnd(camt053Steps(xml, options));
}

/**
 * parseCamt053 in steps: the entries are counted before anything is parsed (past the cap the file is
 * refused unread), cut out of the document, and parsed one by one between turns of the loop; the
 * document around them is parsed on its own.
 */
export function* camt053Steps(xml: string, options: Camt053Options = {}): Steps<Camt053Parse> {
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
  const nul = nulProblem(xml);
  if (nul) return finishParse({ records: [], skipped: 0, problems: [nul] });
  const lines = lineCounter(xml);
  const cut = yield* cutEntries(xml);
  if ('tooMany' in cut)
    return fail(
      `More than ${MAX_STATEMENT_RECORDS.toLocaleString('en-US')} entries: split the statement into smaller files.`,
    );
  if ('unclosed' in cut)
    return fail(`Not well-formed XML: the Ntry at line ${lines(cut.unclosed)} is never closed.`);
  yield;
  let document: Record<string, XmlNode>;
  try {
    document = parseXml(cut.skeleton, REPEATED);
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
  // The skeleton's placeholders name the entries that stood there: those inside a Stmt are read.
  const placed = statements.flatMap((stmt) =>
    children(stmt, 'Ntry').flatMap((node) => {
      const first = Number(attribute(node, 'i'));
      return Array.from({ length: Number(attribute(node, 'n')) }, (_, k) => first + k);
    }),
  );

  const records: ParsedRecord[] = [];
  let skipped = 0;
  for (const [index, cutIndex] of placed.entries()) {
    yield;
    const source = cut.entries[cutIndex];
    if (source === undefined) continue;
    const where = `Ntry ${index + 1} (line ${lines(source.start)})`;
    let entry: XmlNode;
    try {
      entry = children(parseXml(source.text, REPEATED), 'Ntry')[0];
    } catch (error) {
      return fail(`Not well-formed XML: ${where}: ${error instanceof Error ? error.message : String(error)}`);
    }
    const read = readEntry(entry, { where, account: account || undefined, timeZone: options.timeZone });
    if (read === 'skipped') skipped++;
    else {
      problems.push(...read.problems);
      for (const part of read.parts)
        records.push({ idWhere: part.where, transaction: { ...part.transaction, raw: source.text } });
    }
  }
  return {
    ...finishParse({ records, skipped, problems }),
    ...(account && { account }),
    ...(currency && isCurrencyCode(currency) && { currency }),
  };
}

const ENTRY_START = /<((?:[A-Za-z_][\w.-]*:)?)Ntry(?=[\s/>])/g;

/**
 * The entries' exact sources, cut out of the document by their tags (entries do not nest), and the
 * document with one empty element in place of each run of entries (`<Ntry i="first" n="count"/>`),
 * so the document around them parses in no time; at most MAX_STATEMENT_RECORDS entries, counted
 * before any is cut. Yields after each entry.
 */
function* cutEntries(
  xml: string,
): Steps<
  { skeleton: string; entries: { start: number; text: string }[] } | { tooMany: true } | { unclosed: number }
> {
  const starts: { start: number; prefix: string }[] = [];
  for (const match of xml.matchAll(ENTRY_START)) {
    if (starts.length === MAX_STATEMENT_RECORDS) return { tooMany: true };
    starts.push({ start: match.index, prefix: match[1] ?? '' });
  }
  const pieces: string[] = [];
  const entries: { start: number; text: string }[] = [];
  let run: { first: number; prefix: string } | undefined;
  const endRun = () => {
    if (run) pieces.push(`<${run.prefix}Ntry i="${run.first}" n="${entries.length - run.first}"/>`);
    run = undefined;
  };
  let from = 0;
  for (const { start, prefix } of starts) {
    yield;
    if (start < from) continue; // inside the previous entry's text (a comment, say): not an element
    const tagEnd = xml.indexOf('>', start);
    if (tagEnd === -1) return { unclosed: start };
    let end: number;
    if (xml[tagEnd - 1] === '/') end = tagEnd + 1;
    else {
      // The closing tag itself, not </NtryDtls>.
      const closing = new RegExp(`</${prefix.replace(/\./g, '\\.')}Ntry\\s*>`, 'g');
      closing.lastIndex = tagEnd;
      const close = closing.exec(xml);
      if (!close) return { unclosed: start };
      end = close.index + close[0].length;
    }
    const between = xml.slice(from, start);
    if (run && (prefix !== run.prefix || !/^\s*$/.test(between))) endRun();
    if (!run) {
      pieces.push(between);
      run = { first: entries.length, prefix };
    }
    entries.push({ start, text: xml.slice(start, end) });
    from = end;
  }
  endRun();
  pieces.push(xml.slice(from));
  return { skeleton: pieces.join(''), entries };
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
    const read = readAmount(amount, isCurrencyCode(currency) ? currency : undefined, 'dot');
    if (!read.ok) pieceProblems.push({ where: `${piece.where}, Amt`, message: read.message });

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
