import type { PaymentLinkStatus } from '../api/payment-link-responses';
import { isMethodCode, METHOD_CODES, methodTakesCurrency, type MethodCode } from '../methods/catalogue';
import { isCurrencyCode, parseAmount, toJsonAmount, type CurrencyCode } from '../money';
import { ID_LINK_PATTERN } from '../schemas/payment-link-request';
import { absoluteUrlSchema } from '../schemas/primitives';
import { ZoneClock } from '../format/zone-clock';

/**
 * The console's payment links pages (issue 25): the list's query, the create form's request and
 * where the API's field errors belong, the expiry typed in the merchant's time zone, and what the
 * roles that manage links may do with one. The API decides everything else (its catalogue, URLs).
 */

/** The links list as the console page's URL carries it: the API's cursor for older pages. */
export interface LinkFilters {
  cursor?: string;
}

export function parseLinkFilters(query: Record<string, string | string[] | undefined>): LinkFilters {
  const cursor = query.cursor;
  return typeof cursor === 'string' && /^[A-Za-z0-9_-]{1,512}$/.test(cursor) ? { cursor } : {};
}

/** The query of GET /payment-links (newest first, as the API lists them). */
export function linkListQuery(filters: LinkFilters, limit = 25): string {
  const query = new URLSearchParams({ limit: String(limit) });
  if (filters.cursor) query.set('cursor', filters.cursor);
  return query.toString();
}

/** A link's console page. */
export function linkHref(idLink: string): `/console/payment-links/${string}` {
  return `/console/payment-links/${encodeURIComponent(idLink)}`;
}

/** The name the QR code's PNG is saved under. */
export function qrFileName(idLink: string): string {
  return `${idLink.replace(/[^A-Za-z0-9._-]/g, '_')}-qr.png`;
}

/** A link still takes payments, or may again (an open payin refused frees its use): turning it off makes sense. */
export function mayDeactivate(status: PaymentLinkStatus): boolean {
  return status === 'ACTIVE' || status === 'USED_UP';
}

/** Whether the link may still change by itself (payments, expiry): its page keeps asking while it may. */
export function linkIsOpen(link: { status: PaymentLinkStatus; uses: { pending: number } }): boolean {
  return link.status === 'ACTIVE' || link.uses.pending > 0;
}

/** A fresh link id: high entropy, like the payout form's ids. */
export function newIdLink(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(6));
  return `link-${Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}

/** The methods a link in this currency may be limited to, in the catalogue's order. */
export function methodsForCurrency(currency: CurrencyCode): MethodCode[] {
  return METHOD_CODES.filter((code) => methodTakesCurrency(code, currency));
}

/** The fields of the create form, as named in it (FormData) and as errors are keyed. */
export const LINK_FORM_FIELDS = [
  'idLink',
  'amountMode',
  'amount',
  'minAmount',
  'maxAmount',
  'currencyCode',
  'description',
  'paymentMethodCodes',
  'usageLimit',
  'expireAt',
  'callbackUrl',
  'returnUrl',
] as const;
export type LinkFormField = (typeof LINK_FORM_FIELDS)[number];

/** Messages are keys of `console.paymentLinks.form.errors`. */
export type LinkFormError =
  | 'required'
  | 'idLink'
  | 'amount'
  | 'range'
  | 'currency'
  | 'tooLong'
  | 'usageLimit'
  | 'expireAt'
  | 'expirePast'
  | 'url'
  | 'methods';

export type LinkRequest =
  | { ok: true; idLink: string; body: Record<string, unknown> }
  | { ok: false; errors: Partial<Record<LinkFormField, LinkFormError>> };

/** What the form holds (a FormData, or anything with its two reads). */
export interface FormValues {
  get(name: string): FormDataEntryValue | null;
  getAll(name: string): FormDataEntryValue[];
}

const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

/**
 * The request for what the form shows (read on submit: what was typed before the page hydrated
 * counts too), or the fields to correct. Blank optional fields are left out; the methods checked
 * count only where they take the currency (the list changes with it).
 */
export function linkRequestOf(form: FormValues, options: { timeZone: string; now?: Date }): LinkRequest {
  const text = (name: LinkFormField) => {
    const value = form.get(name);
    return typeof value === 'string' ? value.trim() : '';
  };
  const errors: Partial<Record<LinkFormField, LinkFormError>> = {};
  const body: Record<string, unknown> = {};

  const idLink = text('idLink');
  if (idLink === '') errors.idLink = 'required';
  else if (!ID_LINK_PATTERN.test(idLink)) errors.idLink = 'idLink';

  const currency = text('currencyCode');
  const currencyCode = isCurrencyCode(currency) ? currency : undefined;
  if (!currencyCode) errors.currencyCode = 'currency';

  const amountOf = (field: 'amount' | 'minAmount' | 'maxAmount') => {
    const typed = text(field);
    if (typed === '') {
      errors[field] = 'required';
      return undefined;
    }
    if (!currencyCode) return undefined;
    const parsed = parseAmount(typed, currencyCode);
    if (!parsed.ok) {
      errors[field] = 'amount';
      return undefined;
    }
    return parsed.money;
  };
  if (text('amountMode') === 'range') {
    const min = amountOf('minAmount');
    const max = amountOf('maxAmount');
    if (min && max && min.minor > max.minor) errors.maxAmount = 'range';
    if (min && max && currencyCode)
      body.amountRange = { currencyCode, minAmount: toJsonAmount(min), maxAmount: toJsonAmount(max) };
  } else {
    const money = amountOf('amount');
    if (money && currencyCode) body.money = { amount: toJsonAmount(money), currencyCode };
  }

  const description = text('description');
  if (description === '') errors.description = 'required';
  else if (description.length > 200) errors.description = 'tooLong';
  else if (CONTROL_CHARACTERS.test(description)) errors.description = 'required';
  else body.description = description;

  const methods = form
    .getAll('paymentMethodCodes')
    .filter((value): value is MethodCode => typeof value === 'string' && isMethodCode(value))
    .filter((code) => currencyCode !== undefined && methodTakesCurrency(code, currencyCode));
  if (methods.length > 0) body.paymentMethodCodes = [...new Set(methods)];

  const limit = text('usageLimit');
  if (limit !== '') {
    const count = /^[0-9]{1,7}$/.test(limit) ? Number(limit) : NaN;
    if (!(count >= 1 && count <= 1_000_000)) errors.usageLimit = 'usageLimit';
    else body.usageLimit = count;
  }

  const expiry = text('expireAt');
  if (expiry !== '') {
    const expireAt = zonedInstant(expiry, options.timeZone);
    if (!expireAt) errors.expireAt = 'expireAt';
    else if (Date.parse(expireAt) <= (options.now ?? new Date()).getTime()) errors.expireAt = 'expirePast';
    else body.expireAt = expireAt;
  }

  for (const field of ['callbackUrl', 'returnUrl'] as const) {
    const url = text(field);
    if (url === '') continue;
    if (absoluteUrlSchema.safeParse(url).success) body[field] = url;
    else errors[field] = 'url';
  }

  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, idLink, body };
}

/** Where an API field error (a dotted path of the request, or the idLink path parameter) belongs. */
const API_FIELDS: Record<string, LinkFormField> = {
  idLink: 'idLink',
  money: 'amount',
  'money.amount': 'amount',
  'money.currencyCode': 'currencyCode',
  amountRange: 'minAmount',
  'amountRange.minAmount': 'minAmount',
  'amountRange.maxAmount': 'maxAmount',
  'amountRange.currencyCode': 'currencyCode',
  description: 'description',
  paymentMethodCodes: 'paymentMethodCodes',
  usageLimit: 'usageLimit',
  expireAt: 'expireAt',
  callbackUrl: 'callbackUrl',
  returnUrl: 'returnUrl',
};

/**
 * The form field an API field error belongs to: `paymentMethodCodes.2` is the methods', `money`
 * is the range's when the form asked for one.
 */
export function linkFormFieldOf(apiField: string, mode: 'fixed' | 'range'): LinkFormField | undefined {
  const field = apiField.replace(/\.[0-9]+$/, '').replace(/^body\./, '');
  if (field === 'money' && mode === 'range') return 'minAmount';
  return Object.hasOwn(API_FIELDS, field) ? API_FIELDS[field] : undefined;
}

/** The offset of a time zone at an instant, in minutes east of UTC. */
function offsetMinutes(instant: number, timeZone: string): number {
  return new ZoneClock(timeZone).offsetAt(instant) / 60_000;
}

/**
 * A wall-clock time typed in a datetime-local field ("2026-12-01T18:30"), read in the merchant's
 * time zone, as ISO 8601 with that zone's offset then ("2026-12-01T18:30:00+07:00"); undefined when
 * it is not one.
 */
export function zonedInstant(local: string, timeZone: string): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(local);
  if (!match) return undefined;
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? '0')) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const wall = Date.UTC(year, month - 1, day, hour, minute, second);
  const check = new Date(wall);
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day || hour > 23 || minute > 59)
    return undefined;
  let zone = timeZone;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
  } catch {
    zone = 'UTC';
  }
  // The offset at the wall time read as UTC, then at the instant that gives (a DST change between).
  let offset = offsetMinutes(wall, zone);
  offset = offsetMinutes(wall - offset * 60_000, zone);
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${match[1]}-${match[2]}-${match[3]}T${match[4]}:${match[5]}:${pad(second)}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** The value a datetime-local field shows for an instant in a time zone ("2026-12-01T18:30"). */
export function localInputValue(instant: Date, timeZone: string): string {
  return new ZoneClock(timeZone).format(instant).slice(0, 16);
}
