import { METHOD_CODES, type MethodCode } from '../methods/catalogue';
import { CURRENCY_CODES, type CurrencyCode } from '../money/currencies';
import { payinSearchProblem } from '../payins/search';
import { PAYIN_STATUSES, type PayinStatus } from '../payins/statuses';

/** The payments list's filters as the console page's URL carries them (dates as YYYY-MM-DD, UTC). */
export interface PaymentFilters {
  status?: PayinStatus;
  paymentMethodCode?: MethodCode;
  currencyCode?: CurrencyCode;
  createdFrom?: string;
  createdTo?: string;
  isTest?: boolean;
  /** The search box (GET /payins?q=, docs/decisions/046). */
  q?: string;
  idPayin?: string;
  cursor?: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const oneOf = <T extends string>(values: readonly T[], value: string | undefined): T | undefined =>
  (values as readonly (string | undefined)[]).includes(value) ? (value as T) : undefined;
const isDay = (value: string | undefined): value is string =>
  value !== undefined && DAY.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));

/** Reads the filters from the page's query; what is not a valid value is left out, never guessed. */
export function parsePaymentFilters(query: Record<string, string | string[] | undefined>): PaymentFilters {
  const get = (name: string) => {
    const value = query[name];
    return typeof value === 'string' && value !== '' ? value : undefined;
  };
  const filters: PaymentFilters = {};
  const status = oneOf(PAYIN_STATUSES, get('status'));
  if (status) filters.status = status;
  const method = oneOf(METHOD_CODES, get('paymentMethodCode'));
  if (method) filters.paymentMethodCode = method;
  const currency = oneOf(CURRENCY_CODES, get('currencyCode'));
  if (currency) filters.currencyCode = currency;
  const from = get('createdFrom');
  if (isDay(from)) filters.createdFrom = from;
  const to = get('createdTo');
  if (isDay(to)) filters.createdTo = to;
  const isTest = get('isTest');
  if (isTest === 'true' || isTest === 'false') filters.isTest = isTest === 'true';
  // White space squeezed (a pasted tab is a space here); a text the API would refuse is left out.
  const q = get('q')?.replace(/\s+/g, ' ').trim();
  if (q && payinSearchProblem(q) === undefined) filters.q = q;
  const cursor = get('cursor');
  if (cursor && /^[A-Za-z0-9_-]{1,512}$/.test(cursor)) filters.cursor = cursor;
  return filters;
}

function nextDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

/**
 * The API's query for the filters: days become UTC instants, the "to" day included (the API's
 * createdTo is exclusive, so it is the next day's start).
 */
export function paymentListQuery(filters: PaymentFilters, limit = 25): string {
  const query = new URLSearchParams({ limit: String(limit) });
  if (filters.q) query.set('q', filters.q);
  if (filters.status) query.set('status', filters.status);
  if (filters.paymentMethodCode) query.set('paymentMethodCode', filters.paymentMethodCode);
  if (filters.currencyCode) query.set('currencyCode', filters.currencyCode);
  if (filters.createdFrom) query.set('createdFrom', `${filters.createdFrom}T00:00:00Z`);
  if (filters.createdTo) query.set('createdTo', `${nextDay(filters.createdTo)}T00:00:00Z`);
  if (filters.isTest !== undefined) query.set('isTest', String(filters.isTest));
  if (filters.cursor) query.set('cursor', filters.cursor);
  return query.toString();
}

/** The console page's own query for filters (to link to a page of the list). */
export function paymentsPageQuery(filters: PaymentFilters): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(filters))
    if (value !== undefined && name !== 'idPayin') query.set(name, String(value));
  return query.toString();
}
