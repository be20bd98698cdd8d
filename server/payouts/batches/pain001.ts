import { CURRENCIES, toDecimalString, type Money } from '@/lib/money';
import { escapeMarkup } from '@/lib/format/markup';

/**
 * ISO 20022 pain.001.001.09 (CustomerCreditTransferInitiation): the bulk payment file a bank takes
 * for a payout batch. Elements follow the sequence of the official XSD
 * (../shared/schemas/iso20022/pain.001.001.09.xsd); the unit tests validate every file against it.
 * Pure and deterministic: the same batch gives the same bytes.
 */

export interface Pain001Agent {
  bic?: string;
  bankCode?: string;
  name?: string;
}

export interface Pain001Transfer {
  /** Max35Text, chosen by the caller; the bank reports it back (pain.002, camt.053/054). */
  endToEndId: string;
  money: Money;
  creditor: { name: string; accountNumber: string };
  creditorAgent: Pain001Agent;
  /** The payout's reference, written as RmtInf/Ustrd and clipped to 140 characters. */
  remittance?: string;
}

export interface Pain001Batch {
  /** Max35Text: GrpHdr/MsgId, and PmtInf/PmtInfId of the file's single payment instruction. */
  messageId: string;
  /** CreDtTm, written in UTC to the whole second. */
  createdAt: Date;
  /** YYYY-MM-DD: ReqdExctnDt/Dt. */
  requestedExecutionDate: string;
  initiatingParty: { name: string; id?: string };
  debtor: { name: string; accountNumber: string; agent: Pain001Agent };
  /** At least one, all in one currency. */
  transfers: readonly Pain001Transfer[];
}

const NAMESPACE = 'urn:iso:std:iso:20022:tech:xsd:pain.001.001.09';
const BIC = /^[A-Z0-9]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/;
// ISO 13616: country, check digits, a BBAN of 11 to 30 letters or digits (IBANs run 15 to 34).
const IBAN = /^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
// What XML 1.0 may carry (§2.2 Char); anything else would make the file unreadable.
const NOT_XML_CHAR = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;
// DecimalNumber and ActiveOrHistoricCurrencyAndAmount: totalDigits 18 (fractionDigits 17 and 5).
const MAX_TOTAL_DIGITS = 18;
const MAX_AMOUNT_DECIMALS = 5;

type Element = { tag: string; attrs?: Record<string, string>; body: string | Children };
type Children = readonly (Element | undefined)[];

/** The pain.001.001.09 document of a payout batch. Throws an Error on a batch the XSD would refuse. */
export function pain001Xml(batch: Pain001Batch): string {
  const messageId = max35(batch.messageId, 'MsgId');
  const currency = batchCurrency(batch.transfers);
  const seen = new Set<string>();
  for (const { endToEndId } of batch.transfers) {
    if (seen.has(endToEndId)) throw new Error(`EndToEndId "${endToEndId}" appears twice in the batch.`);
    seen.add(endToEndId);
  }
  const count = String(batch.transfers.length);
  const total = amount({ currency, minor: batch.transfers.reduce((sum, t) => sum + t.money.minor, 0n) });
  const document = el('Document', [
    el('CstmrCdtTrfInitn', [
      el('GrpHdr', [
        el('MsgId', messageId),
        el('CreDtTm', isoSeconds(batch.createdAt)),
        el('NbOfTxs', count),
        el('CtrlSum', total),
        el('InitgPty', [
          el('Nm', name(batch.initiatingParty.name, 'InitgPty/Nm')),
          batch.initiatingParty.id === undefined
            ? undefined
            : el('Id', [
                el('OrgId', [el('Othr', [el('Id', max35(batch.initiatingParty.id, 'InitgPty Id'))])]),
              ]),
        ]),
      ]),
      el('PmtInf', [
        el('PmtInfId', messageId),
        el('PmtMtd', 'TRF'),
        el('BtchBookg', 'false'),
        el('NbOfTxs', count),
        el('CtrlSum', total),
        // No PmtTpInf: service levels (SEPA, URGP, NURG) are scheme- and bank-specific, and without
        // one the bank routes on its defaults for the currency.
        el('ReqdExctnDt', [el('Dt', isoDate(batch.requestedExecutionDate))]),
        el('Dbtr', [el('Nm', name(batch.debtor.name, 'Dbtr/Nm'))]),
        el('DbtrAcct', [accountId(batch.debtor.accountNumber, 'DbtrAcct')]),
        el('DbtrAgt', [financialInstitution(batch.debtor.agent)]),
        // DEBT: a payout promises the payee the full amount, so we bear all charges. SLEV (follow
        // the scheme's rules) is meant for SEPA; SHAR would let the payee's bank deduct its fee.
        el('ChrgBr', 'DEBT'),
        ...batch.transfers.map(transaction),
      ]),
    ]),
  ]);
  return `<?xml version="1.0" encoding="UTF-8"?>\n${render({ ...document, attrs: { xmlns: NAMESPACE } }, 0)}\n`;
}

function transaction(transfer: Pain001Transfer): Element {
  const endToEndId = max35(transfer.endToEndId, 'EndToEndId');
  if (transfer.money.minor <= 0n) throw new Error(`Transfer ${endToEndId} has no positive amount.`);
  const remittance = transfer.remittance?.trim() ? clip(transfer.remittance.trim(), 'RmtInf/Ustrd') : '';
  return el('CdtTrfTxInf', [
    // InstrId is point to point with our bank, which quotes it in its status reports; one id for both.
    el('PmtId', [el('InstrId', endToEndId), el('EndToEndId', endToEndId)]),
    el('Amt', [el('InstdAmt', amount(transfer.money), { Ccy: transfer.money.currency })]),
    el('CdtrAgt', [financialInstitution(transfer.creditorAgent)]),
    el('Cdtr', [el('Nm', name(transfer.creditor.name, 'Cdtr/Nm'))]),
    el('CdtrAcct', [accountId(transfer.creditor.accountNumber, 'CdtrAcct')]),
    remittance ? el('RmtInf', [el('Ustrd', remittance)]) : undefined,
  ]);
}

function batchCurrency(transfers: readonly Pain001Transfer[]): Money['currency'] {
  const currency = transfers[0]?.money.currency;
  if (currency === undefined) throw new Error('A pain.001 batch needs at least one transfer.');
  if (transfers.some((t) => t.money.currency !== currency))
    throw new Error('A pain.001 batch takes transfers in one currency only.');
  const { decimals, isoNumeric } = CURRENCIES[currency];
  if (isoNumeric === null || decimals > MAX_AMOUNT_DECIMALS)
    throw new Error(`${currency} is not an ISO 4217 currency a bank transfer can carry.`);
  return currency;
}

/** The amount with the currency's own decimals (JPY 1500, THB 1000.50). */
function amount(money: Money): string {
  const text = toDecimalString(money);
  if (text.replace(/\D/g, '').replace(/^0+/, '').length > MAX_TOTAL_DIGITS)
    throw new Error(`${money.currency} ${text} has more than ${MAX_TOTAL_DIGITS} digits.`);
  return text;
}

/** An IBAN when the number is one (mod 97 = 1, ISO 7064), else the bank's own number in Othr/Id. */
function accountId(accountNumber: string, field: string): Element {
  const compact = accountNumber.replace(/\s+/g, '').toUpperCase();
  if (isIban(compact)) return el('Id', [el('IBAN', compact)]);
  const number = accountNumber.trim();
  if (!number || [...number].length > 34) throw new Error(`${field} must be 1 to 34 characters.`);
  return el('Id', [el('Othr', [el('Id', text(number, field))])]);
}

function isIban(value: string): boolean {
  if (!IBAN.test(value)) return false;
  const digits = (value.slice(4) + value.slice(0, 4)).replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  let rest = 0;
  for (const digit of digits) rest = (rest * 10 + Number(digit)) % 97;
  return rest === 1;
}

/** FinInstnId in XSD order (BICFI, ClrSysMmbId, LEI, Nm, PstlAdr, Othr). */
function financialInstitution(agent: Pain001Agent): Element {
  const bic = agent.bic?.trim().toUpperCase();
  if (bic && !BIC.test(bic)) throw new Error(`"${agent.bic}" is not a BIC (8 or 11 characters).`);
  const bankCode = agent.bankCode?.trim() ? max35(agent.bankCode.trim(), 'ClrSysMmbId/MmbId') : undefined;
  const agentName = agent.name?.trim() ? name(agent.name, 'FinInstnId/Nm') : undefined;
  if (!bic && !bankCode && !agentName) return el('FinInstnId', [el('Othr', [el('Id', 'NOTPROVIDED')])]);
  return el('FinInstnId', [
    bic ? el('BICFI', bic) : undefined,
    bankCode ? el('ClrSysMmbId', [el('MmbId', bankCode)]) : undefined,
    agentName ? el('Nm', agentName) : undefined,
  ]);
}

/** Max140Text: a name clipped to 140 characters (code points, as the XSD counts them). */
function name(value: string, field: string): string {
  const trimmed = value.trim();
  if (!trimmed) throw new Error(`${field} must not be empty.`);
  return clip(trimmed, field);
}

function clip(value: string, field: string): string {
  return text([...value].slice(0, 140).join(''), field);
}

function max35(value: string, field: string): string {
  if (!value || [...value].length > 35) throw new Error(`${field} must be 1 to 35 characters.`);
  return text(value, field);
}

function text(value: string, field: string): string {
  if (NOT_XML_CHAR.test(value)) throw new Error(`${field} holds a character XML cannot carry.`);
  return value;
}

function isoSeconds(date: Date): string {
  if (Number.isNaN(date.getTime())) throw new Error('CreDtTm must be a valid date.');
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

function isoDate(value: string): string {
  const parsed = new Date(`${value}T00:00:00Z`);
  if (!DATE.test(value) || Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== value)
    throw new Error(`ReqdExctnDt "${value}" is not a YYYY-MM-DD date.`);
  return value;
}

function el(tag: string, body: string | Children, attrs?: Record<string, string>): Element {
  return { tag, body, attrs };
}

function render({ tag, attrs, body }: Element, depth: number): string {
  const indent = '  '.repeat(depth);
  const attributes = Object.entries(attrs ?? {})
    .map(([key, value]) => ` ${key}="${escapeMarkup(value)}"`)
    .join('');
  if (typeof body === 'string') return `${indent}<${tag}${attributes}>${escapeMarkup(body)}</${tag}>`;
  const inner = body.flatMap((child) => (child ? [render(child, depth + 1)] : []));
  return `${indent}<${tag}${attributes}>\n${inner.join('\n')}\n${indent}</${tag}>`;
}
