import { STATEMENT_MAX_BYTES } from '@/lib/api/collection-responses';
import {
  describeAmountProblem,
  isCurrencyCode,
  parseAmount,
  type CurrencyCode,
  type Money,
} from '@/lib/money';
import type {
  IncomingTransaction,
  OutgoingEntry,
  ParsedTransactions,
  RecordProblem,
} from '../incoming-transaction';
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
import { nulProblem, readableText } from './text-checks';
import { cutEntries, lineCounter } from './camt-entries';
import { runToEnd, type Steps } from './steps';
import { at, attribute, children, firstText, parseXml, text, type XmlNode } from './xml-nodes';

/**
 * ISO 20022 camt.053 (BankToCustomerStatement), versions .001.02 to .001.13, and camt.054
 * (BankToCustomerDebitCreditNotification), whose Ntfctn holds the same Acct and Ntry as a Stmt:
 * elements are read by local name, so the namespace (version) does not matter where the element
 * names did not change; where they did (Sts became Sts/Cd in .001.08, Dbtr/Nm became Dbtr/Pty/Nm),
 * both are read.
 */

/**
 * The credits (`transactions`), and what the bank reports of the transfers the account sent
 * (`outgoing`, by EndToEndId). `skipped` counts the entries that gave neither.
 */
export type Camt053Parse = ParsedTransactions & {
  outgoing: OutgoingEntry[];
  account?: string;
  currency?: CurrencyCode;
};

export interface Camt053Options {
  /** UTC offset ("+07:00") of booking dates and times written without one (BookgDt/Dt). */
  timeZone?: string;
}

const REPEATED = new Set(['Stmt', 'Ntfctn', 'Ntry', 'NtryDtls', 'TxDtls', 'Ustrd', 'Strd']);
const ACCOUNT_ID = [
  ['Id', 'IBAN'],
  ['Id', 'Othr', 'Id'],
];

/**
 * Reads the booked credits of a camt.053 statement or camt.054 notification, with its account and
 * currency so the caller can check the file belongs to the collection account. `raw` is the entry's
 * exact `<Ntry>…</Ntry>` source; an entry whose TxDtls each carry an amount gives one transaction
 * each. Transfers the account sent are reported in `outgoing` by their EndToEndId, one per TxDtls:
 * a booked debit (DEBIT), a debit the bank rejected (status RJCT: REJECTED), and a booked reversal
 * of a debit or a booked credit carrying return information (RtrInf, or bank transaction code
 * family RRTN: RETURNED; such a credit is not a customer's payment). Entries that give neither
 * (debits without an EndToEndId, pending or informational entries, reversals of credits) are
 * skipped and counted.
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
  const fail = (message: string, where = 'file'): Camt053Parse => ({
    ...finishParse({ records: [], skipped: 0, problems: [{ where, message }] }),
    outgoing: [],
  });
  if (isOverSizeCap(xml))
    return fail(`The statement is larger than ${STATEMENT_MAX_BYTES / 1024 / 1024} MB.`);
  // Declarations are how entity attacks start (external entities, billion laughs); statements need none.
  if (/<!(?:DOCTYPE|ENTITY)/i.test(xml))
    return fail('DOCTYPE and ENTITY declarations are not accepted in a statement.');
  if (options.timeZone !== undefined && parseUtcOffset(options.timeZone) === undefined) {
    return fail(`"${clip(options.timeZone)}" is not a UTC offset such as +07:00.`, 'timeZone');
  }
  const nul = nulProblem(xml);
  if (nul) return { ...finishParse({ records: [], skipped: 0, problems: [nul] }), outgoing: [] };
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
  const statements = children(at(document, 'Document', 'BkToCstmrStmt'), 'Stmt');
  const notifications = children(at(document, 'Document', 'BkToCstmrDbtCdtNtfctn'), 'Ntfctn');
  const reports = statements.length > 0 ? statements : notifications;
  if (reports.length === 0) {
    return fail(
      'Not a camt.053 statement or camt.054 notification: expected Document/BkToCstmrStmt/Stmt or Document/BkToCstmrDbtCdtNtfctn/Ntfctn.',
    );
  }
  const accounts = new Set(reports.map((report) => firstText(at(report, 'Acct'), ...ACCOUNT_ID) ?? ''));
  const currencies = new Set(reports.map((report) => text(at(report, 'Acct', 'Ccy')) ?? ''));
  const problems: RecordProblem[] = [];
  if (accounts.size > 1) {
    problems.push(
      statements.length > 0
        ? { where: 'Stmt', message: 'The statements are of several accounts: one per file.' }
        : { where: 'Ntfctn', message: 'The notifications are of several accounts: one per file.' },
    );
  }
  const [account] = accounts;
  const [currency] = currencies;
  // The skeleton's placeholders name the entries that stood there: those inside a Stmt (Ntfctn) are read.
  const placed = reports.flatMap((report) =>
    children(report, 'Ntry').flatMap((node) => {
      const first = Number(attribute(node, 'i'));
      return Array.from({ length: Number(attribute(node, 'n')) }, (_, k) => first + k);
    }),
  );

  const records: ParsedRecord[] = [];
  const outgoing: OutgoingEntry[] = [];
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
      outgoing.push(...read.outgoing);
      for (const part of read.parts)
        records.push({ idWhere: part.where, transaction: { ...part.transaction, raw: source.text } });
    }
  }
  return {
    ...finishParse({ records, skipped, problems }),
    outgoing,
    ...(account && { account }),
    ...(currency && isCurrencyCode(currency) && { currency }),
  };
}

type EntryPart = { where: string; transaction: Omit<IncomingTransaction, 'raw'> };
type EntryRead = { parts: EntryPart[]; outgoing: OutgoingEntry[]; problems: RecordProblem[] };
type EntryContext = { where: string; account: string | undefined; timeZone: string | undefined };

/** A transaction's own amount within an entry of several. */
const ownAmount = (tx: XmlNode) => at(tx, 'AmtDtls', 'TxAmt', 'Amt') ?? at(tx, 'Amt');

function readEntry(entry: XmlNode, context: EntryContext): 'skipped' | EntryRead {
  const { where } = context;
  const problems: RecordProblem[] = [];
  const direction = text(at(entry, 'CdtDbtInd'));
  const status = firstText(entry, ['Sts', 'Cd'], ['Sts']);
  const reversal = text(at(entry, 'RvslInd'));
  const reversed = reversal === 'true' || reversal === '1';
  const details = children(entry, 'NtryDtls').flatMap((block) => children(block, 'TxDtls'));
  if (direction === 'DBIT' || reversed) {
    // A debit is a transfer sent, and a credit reversed is one coming back; a debit reversed is a
    // customer's payment taken back, which tells nothing of ours.
    const sent = direction === 'DBIT' ? !reversed : direction === 'CRDT';
    if (!sent) return 'skipped';
    if (status === undefined) {
      if (!details.some((tx) => endToEndIdOf(tx) !== undefined)) return 'skipped';
      return { parts: [], outgoing: [], problems: [{ where: `${where}, Sts`, message: 'No status.' }] };
    }
    let kind: OutgoingEntry['kind'] | undefined;
    if (status === 'BOOK') kind = reversed ? 'RETURNED' : 'DEBIT';
    else if (status === 'RJCT' && !reversed) kind = 'REJECTED';
    return kind ? readOutgoing(entry, { ...context, kind, details }) : 'skipped'; // PDNG, INFO, FUTR
  }
  if (direction !== 'CRDT')
    problems.push({ where: `${where}, CdtDbtInd`, message: 'Neither CRDT nor DBIT.' });
  if (status === undefined) problems.push({ where: `${where}, Sts`, message: 'No status.' });
  else if (status !== 'BOOK') return 'skipped'; // PDNG, INFO, FUTR: not money on the account yet.

  // A booked credit that returns a transfer sent (AC04: the account was closed) is no customer's payment.
  const entryReturned = isReturnCode(at(entry, 'BkTxCd'));
  const returned = details.filter((tx) => entryReturned || isReturnedTransfer(tx));
  if (direction !== 'CRDT' || status === undefined || (!entryReturned && returned.length === 0))
    return { ...readCredits(entry, { ...context, details, leftOut: [], problems }), outgoing: [] };
  const back = readOutgoing(entry, { ...context, kind: 'RETURNED', details, only: returned });
  if (entryReturned || returned.length === details.length) return back;
  const credits = readCredits(entry, { ...context, details, leftOut: returned, problems });
  if (back === 'skipped') return { ...credits, outgoing: [] };
  // Both read the entry's date: a problem with it is named once.
  const named = (problem: RecordProblem) =>
    credits.problems.some((other) => other.where === problem.where && other.message === problem.message);
  return {
    ...back,
    parts: credits.parts,
    problems: [...credits.problems, ...back.problems.filter((problem) => !named(problem))],
  };
}

function readCredits(
  entry: XmlNode,
  context: EntryContext & { details: XmlNode[]; leftOut: XmlNode[]; problems: RecordProblem[] },
): { parts: EntryPart[]; problems: RecordProblem[] } {
  const { where, details, leftOut, problems } = context;
  const bookedAt = bookingDate(entry, context);
  if (!bookedAt.ok) problems.push(bookedAt.problem);

  const split = details.length > 1 && details.every((tx) => ownAmount(tx) !== undefined);
  if (leftOut.length > 0 && !split) {
    problems.push({
      where: `${where}, NtryDtls`,
      message: 'Returned transfers and credits in one entry: each TxDtls needs its own amount.',
    });
    return { parts: [], problems };
  }
  const pieces = split
    ? details.flatMap((tx, i) =>
        leftOut.includes(tx)
          ? []
          : [{ where: `${where}, TxDtls ${i + 1}`, amount: ownAmount(tx), txs: [tx], index: i + 1 }],
      )
    : [{ where, amount: at(entry, 'Amt'), txs: details, index: undefined }];

  const parts: EntryPart[] = [];
  for (const piece of pieces) {
    const pieceProblems: RecordProblem[] = [];
    const read = readAmountElement(piece.amount, `${piece.where}, Amt`);
    if ('problems' in read) pieceProblems.push(...read.problems);

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
    if (pieceProblems.length > 0 || id === undefined || !bookedAt.ok || 'problems' in read) continue;

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
        amount: read.amount,
        currency: read.currency,
        bookedAt: bookedAt.date,
        note: piece.txs.map(remittance).filter(Boolean).join(' ') || (text(at(entry, 'AddtlNtryInf')) ?? ''),
        ...(Object.keys(payerGiven).length > 0 && { payer: payerGiven }),
        ...(to !== undefined && { to }),
      },
    });
  }
  return { parts, problems };
}

// ISO 20022 Max35Text, with nothing a console or a log should not print.
const END_TO_END_ID = /^[^\u0000-\u001F\u007F-\u009F]{1,35}$/u;
const NO_OWN_AMOUNT = 'No amount of its own (AmtDtls/TxAmt/Amt or Amt) in an entry of several transactions.';

/**
 * One outgoing entry per transaction (TxDtls) that names its EndToEndId (`only` those, when given):
 * an entry of several transactions gives each its own amount; one of a single transaction (or of
 * none) is that transaction's amount. None named: the entry is skipped.
 */
function readOutgoing(
  entry: XmlNode,
  context: EntryContext & { kind: OutgoingEntry['kind']; details: XmlNode[]; only?: XmlNode[] },
): 'skipped' | EntryRead {
  const { where, details, only } = context;
  const several = details.length > 1;
  const transfers = details.flatMap((tx, i) => {
    const endToEndId = endToEndIdOf(tx);
    if (endToEndId === undefined || (only && !only.includes(tx))) return [];
    return [{ tx, endToEndId, where: several ? `${where}, TxDtls ${i + 1}` : where }];
  });
  if (transfers.length === 0) return 'skipped';

  const problems: RecordProblem[] = [];
  const bookedAt = bookingDate(entry, context);
  if (!bookedAt.ok) problems.push(bookedAt.problem);
  const outgoing: OutgoingEntry[] = [];
  for (const transfer of transfers) {
    const transferProblems: RecordProblem[] = [];
    if (!END_TO_END_ID.test(transfer.endToEndId)) {
      transferProblems.push({
        where: `${transfer.where}, EndToEndId`,
        message: `"${clip(transfer.endToEndId)}" is not an EndToEndId: 1 to 35 characters, no control characters.`,
      });
    }
    const amount = several ? ownAmount(transfer.tx) : at(entry, 'Amt');
    const money =
      several && amount === undefined
        ? { problems: [{ where: `${transfer.where}, Amt`, message: NO_OWN_AMOUNT }] }
        : readMoney(amount, `${transfer.where}, Amt`);
    if ('problems' in money) transferProblems.push(...money.problems);
    problems.push(...transferProblems);
    if (transferProblems.length > 0 || 'problems' in money || !bookedAt.ok) continue;
    const reason = readableText(text(at(transfer.tx, 'RtrInf', 'Rsn', 'Cd')) ?? '');
    outgoing.push({
      kind: context.kind,
      endToEndId: transfer.endToEndId,
      money: money.money,
      bookedAt: bookedAt.date,
      ...(reason && { reason }),
      where: transfer.where,
    });
  }
  return { parts: [], outgoing, problems };
}

/** The EndToEndId a transaction names; undefined when it names none ("NOTPROVIDED"). */
function endToEndIdOf(tx: XmlNode): string | undefined {
  const id = text(at(tx, 'Refs', 'EndToEndId'));
  return id && id !== 'NOTPROVIDED' ? id : undefined;
}

/** Bank transaction code PMNT/ICDT/RRTN and its kin: a transfer sent coming back. */
const isReturnCode = (code: XmlNode) => text(at(code, 'Domn', 'Fmly', 'SubFmlyCd')) === 'RRTN';

const isReturnedTransfer = (tx: XmlNode) => at(tx, 'RtrInf') !== undefined || isReturnCode(at(tx, 'BkTxCd'));

/** The entry's booking date-time or date, else its value date, at the statement's time zone. */
function bookingDate(
  entry: XmlNode,
  context: { where: string; timeZone: string | undefined },
): { ok: true; date: Date } | { ok: false; problem: RecordProblem } {
  const date = firstText(entry, ['BookgDt', 'DtTm'], ['BookgDt', 'Dt'], ['ValDt', 'DtTm'], ['ValDt', 'Dt']);
  const where = `${context.where}, BookgDt`;
  if (date === undefined) return { ok: false, problem: { where, message: 'No booking or value date.' } };
  const bookedAt = parseBookedAt(date, { timeZone: context.timeZone });
  return bookedAt.ok ? bookedAt : { ok: false, problem: { where, message: bookedAt.message } };
}

/** An amount element's decimal text and currency, or why they are refused. */
function readAmountElement(
  node: XmlNode,
  where: string,
): { amount: string; currency: CurrencyCode } | { problems: RecordProblem[] } {
  const amount = text(node) ?? '';
  const currency = attribute(node, 'Ccy') ?? '';
  const problems: RecordProblem[] = [];
  if (!isCurrencyCode(currency))
    problems.push({ where, message: `"${clip(currency)}" is not a currency we handle.` });
  const read = readAmount(amount, isCurrencyCode(currency) ? currency : undefined, 'dot');
  if (!read.ok) problems.push({ where, message: read.message });
  return problems.length > 0 || !isCurrencyCode(currency) ? { problems } : { amount, currency };
}

/** An amount element as Money, or why it is refused. */
function readMoney(node: XmlNode, where: string): { money: Money } | { problems: RecordProblem[] } {
  const read = readAmountElement(node, where);
  if ('problems' in read) return read;
  const money = parseAmount(read.amount, read.currency);
  return money.ok
    ? { money: money.money }
    : { problems: [{ where, message: describeAmountProblem(money.problem, read.currency) }] };
}

/** Unstructured lines, then structured creditor references: where payers quote a payin reference. */
function remittance(tx: XmlNode): string {
  const info = at(tx, 'RmtInf');
  const lines = children(info, 'Ustrd').map(text);
  const references = children(info, 'Strd').map((strd) => text(at(strd, 'CdtrRefInf', 'Ref')));
  return [...lines, ...references].filter(Boolean).join(' ');
}
