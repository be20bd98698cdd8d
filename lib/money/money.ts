import { CURRENCIES, type CurrencyCode } from './currencies';

/** An exact amount: integer minor units of a currency (see CURRENCIES[].decimals). Never a float. */
export interface Money {
  readonly currency: CurrencyCode;
  readonly minor: bigint;
}

/**
 * Largest amount in minor units: 15 significant digits, the most a JSON number (an IEEE double)
 * carries exactly, so every amount we accept prints back unchanged.
 */
export const MAX_MINOR = 999_999_999_999_999n;

export type AmountProblem = 'not-a-number' | 'not-positive' | 'too-precise' | 'too-large';

export type AmountParse = { ok: true; money: Money } | { ok: false; problem: AmountProblem };

const DECIMAL = /^(\d+)(?:\.(\d+))?$/;

/**
 * Parses an amount given as a JSON number or a decimal string (query parameters) into exact minor
 * units, refusing more fraction digits than the currency takes instead of rounding them away.
 */
export function parseAmount(amount: number | string, currency: CurrencyCode): AmountParse {
  let text: string;
  if (typeof amount === 'number') {
    if (!Number.isFinite(amount)) return { ok: false, problem: 'not-a-number' };
    if (amount <= 0) return { ok: false, problem: 'not-positive' };
    // String(n) is the shortest decimal that round-trips, i.e. the digits the sender wrote. Exponent
    // notation only appears below 1e-6 or from 1e21: too precise or too large for every currency.
    text = String(amount);
    if (text.includes('e')) return { ok: false, problem: amount < 1 ? 'too-precise' : 'too-large' };
  } else {
    text = amount.trim();
  }
  const match = DECIMAL.exec(text);
  if (!match) return { ok: false, problem: 'not-a-number' };
  const whole = match[1] ?? '0';
  const fraction = (match[2] ?? '').replace(/0+$/, '');
  const { decimals } = CURRENCIES[currency];
  if (fraction.length > decimals) return { ok: false, problem: 'too-precise' };
  if (whole.replace(/^0+/, '').length > 15) return { ok: false, problem: 'too-large' };
  const minor = BigInt(whole + fraction.padEnd(decimals, '0'));
  if (minor <= 0n) return { ok: false, problem: 'not-positive' };
  if (minor > MAX_MINOR) return { ok: false, problem: 'too-large' };
  return { ok: true, money: { currency, minor } };
}

/** Builds Money from stored minor units (the database hands us bigint). */
export function moneyOf(currency: CurrencyCode, minor: bigint): Money {
  return { currency, minor };
}

/** The exact decimal text of an amount, with the currency's full precision: "100.50", "1500". */
export function toDecimalString(money: Money): string {
  const { decimals } = CURRENCIES[money.currency];
  const negative = money.minor < 0n;
  const digits = (negative ? -money.minor : money.minor).toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = decimals > 0 ? `.${digits.slice(digits.length - decimals)}` : '';
  return `${negative ? '-' : ''}${whole}${fraction}`;
}

/**
 * The amount as a JSON number, as the specification's Money.amount is. Exact: every amount we
 * accept has at most 15 significant digits, so the double prints back as the same decimal.
 */
export function toJsonAmount(money: Money): number {
  return Number(toDecimalString(money));
}

/** The API's Money object. */
export function toApiMoney(money: Money): { amount: number; currencyCode: CurrencyCode } {
  return { amount: toJsonAmount(money), currencyCode: money.currency };
}

export function sameMoney(a: Money, b: Money): boolean {
  return a.currency === b.currency && a.minor === b.minor;
}

export function describeAmountProblem(problem: AmountProblem, currency: CurrencyCode): string {
  const { decimals } = CURRENCIES[currency];
  switch (problem) {
    case 'not-a-number':
      return 'Amount must be a decimal number.';
    case 'not-positive':
      return 'Amount must be greater than zero.';
    case 'too-precise':
      return decimals === 0
        ? `${currency} amounts must be whole numbers.`
        : `${currency} amounts take at most ${decimals} decimal places.`;
    case 'too-large':
      return 'Amount is too large.';
  }
}

/**
 * What is still to pay of an API amount after an API amount was received (both in one currency),
 * or undefined when nothing is (or the amounts cannot be read).
 */
export function remainingToPay(
  due: { amount: number; currencyCode: CurrencyCode },
  received: { amount: number; currencyCode: CurrencyCode },
): Money | undefined {
  const total = parseAmount(due.amount, due.currencyCode);
  const paid = parseAmount(received.amount, received.currencyCode);
  if (!total.ok || !paid.ok || paid.money.currency !== total.money.currency) return undefined;
  const minor = total.money.minor - paid.money.minor;
  return minor > 0n ? moneyOf(total.money.currency, minor) : undefined;
}
