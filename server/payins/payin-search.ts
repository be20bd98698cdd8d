import 'server-only';
import { CURRENCY_CODES, isCurrencyCode, parseAmount, type CurrencyCode } from '@/lib/money';
import { ID_PAYIN_PATTERN } from '@/lib/schemas';
import { readReference } from '../references';

/** An exact amount in minor units, and the currencies (of one precision) in which the text means it. */
export interface AmountTerm {
  minor: bigint;
  currencies: CurrencyCode[];
}

/**
 * What a search text (GET /payins?q=) can stand for, each read the way it is stored
 * (docs/decisions/046-payin-search.md). A payin matches when any one of them does.
 */
export interface PayinSearch {
  /** The text itself, when it can be an idPayin: matched exactly. */
  idPayin: string | undefined;
  /** Our payment reference, read as Crockford base32 (any case, O for 0, I or L for 1). */
  reference: string | undefined;
  /** The customer's external reference, exactly as given. */
  externalReference: string | undefined;
  /** The amount (order or moneyRequired), exact, in every currency whose precision can hold it. */
  amounts: AmountTerm[];
  /** The beginning of a payer's name, white space squeezed; matched without case. */
  namePrefix: string | undefined;
  /** A payer's account number: its letters and digits, upper case (separators never count). */
  accountNumber: string | undefined;
  /** A phone's significant digits (no leading 0 or 00): the end of the stored E.164 number. */
  phoneDigits: string | undefined;
}

/** Digits with optional thousands separators (1,500.50) and a decimal point. */
const AMOUNT = /^(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?$/;
/** An amount with a currency code before or after it: "THB 1,500.50", "1500.50 thb". */
const AMOUNT_WITH_CODE = /^(?:([a-z]{3,4})\s*)?([\d.,]+)(?:\s*([a-z]{3,4}))?$/i;
const PHONE = /^\+?[\d\s().-]+$/;
const DECIMAL_AMOUNT = /^[\d,]+\.\d{1,6}$/;
/** At least as many digits as the shortest phone number the API takes (lib/schemas/customer-data). */
const PHONE_MIN_DIGITS = 6;
const PHONE_MAX_DIGITS = 15;
/** Separators people write in account numbers: 123-4-56789-0, 1234 5678, 12.345.678. */
const ACCOUNT_SEPARATORS = /[\s./-]/g;
const ACCOUNT_MIN_LENGTH = 4;
const ACCOUNT_MAX_LENGTH = 64;

/**
 * Reads a search text (trimmed, 1–100 characters, no control characters: the edge checked it) into
 * everything it can stand for. `currencies` (the listing's currency filter) narrows the amounts.
 */
export function readPayinSearch(text: string, currencies?: readonly CurrencyCode[]): PayinSearch {
  const compact = text.replace(ACCOUNT_SEPARATORS, '');
  const accountNumber =
    compact.length >= ACCOUNT_MIN_LENGTH &&
    compact.length <= ACCOUNT_MAX_LENGTH &&
    /^[0-9A-Za-z]+$/.test(compact) &&
    /\d/.test(compact)
      ? compact.toUpperCase()
      : undefined;
  // "1500.50" is an amount, not the end of a phone number.
  const phone =
    PHONE.test(text) && !DECIMAL_AMOUNT.test(text) ? text.replace(/\D/g, '').replace(/^0+/, '') : '';
  return {
    idPayin: ID_PAYIN_PATTERN.test(text) ? text : undefined,
    reference: readReference(text),
    externalReference: text,
    amounts: amountTerms(text, currencies),
    namePrefix: /\p{L}/u.test(text) ? text.replace(/\s+/g, ' ') : undefined,
    accountNumber,
    phoneDigits: phone.length >= PHONE_MIN_DIGITS && phone.length <= PHONE_MAX_DIGITS ? phone : undefined,
  };
}

/**
 * The exact amounts a text stands for: in each currency whose precision holds it (1500.50 is
 * 150050 satang and 1500500000 micro-USDT, but no VND amount; 1500 is 1500 đồng too), grouped by
 * minor units. A currency code beside the number keeps that currency only.
 */
function amountTerms(text: string, filter: readonly CurrencyCode[] | undefined): AmountTerm[] {
  const parts = AMOUNT_WITH_CODE.exec(text);
  if (!parts) return [];
  const [, before, number = '', after] = parts;
  if (!AMOUNT.test(number) || (before !== undefined && after !== undefined)) return [];
  const code = (before ?? after)?.toUpperCase();
  if (code !== undefined && !isCurrencyCode(code)) return [];
  const plain = number.replace(/,/g, '');
  const byMinor = new Map<bigint, CurrencyCode[]>();
  for (const currency of CURRENCY_CODES) {
    if (code !== undefined && currency !== code) continue;
    if (filter !== undefined && !filter.includes(currency)) continue;
    const parsed = parseAmount(plain, currency);
    if (!parsed.ok) continue;
    byMinor.set(parsed.money.minor, [...(byMinor.get(parsed.money.minor) ?? []), currency]);
  }
  return [...byMinor].map(([minor, matching]) => ({ minor, currencies: matching }));
}
