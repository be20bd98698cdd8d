import 'server-only';
import type { Context } from 'hono';
import { z } from 'zod';
import { METHOD_CODES } from '@/lib/methods';
import { CURRENCY_CODES } from '@/lib/money';
import { PAYIN_SEARCH_MAX_LENGTH, payinSearchProblem, payinSearchText } from '@/lib/payins/search';
import { PAYIN_STATUSES } from '@/lib/payins/statuses';
import { parseOrThrow } from '../../errors';
import type { PayinListQuery } from '../../payins';
import { LIST_LIMIT, limitSchema } from './list-params';

const DATE_TIME_MESSAGE =
  'An RFC 3339 date-time with offset, e.g. 2025-01-31T00:00:00Z or 2025-01-31T07:00:00%2B07:00.';
/** At most this many unknown values are quoted back in a problem. */
const QUOTED = 3;

const quote = (value: string) => JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);

/**
 * A comma-separated list of values of a closed set (a repeated parameter counts as one list). Unlike
 * the code-list endpoints, an unknown value is refused, not ignored: a filter that dropped a typo
 * would widen the listing, and one left empty would list everything (docs/decisions/024).
 */
function closedList<const T extends readonly string[]>(values: T) {
  return z.preprocess(
    (input) => (Array.isArray(input) ? input.join(',') : input),
    z.string().transform((text, ctx): T[number][] => {
      const entries = text.split(',').map((entry) => entry.trim());
      const unknown = entries.filter((entry) => !values.includes(entry));
      if (unknown.length > 0) {
        ctx.addIssue({
          code: 'custom',
          input: text,
          message: `Unknown ${unknown.slice(0, QUOTED).map(quote).join(', ')}; use comma-separated values of ${values.join(', ')}.`,
        });
        return z.NEVER;
      }
      return [...new Set(entries)];
    }),
  );
}

/**
 * An RFC 3339 date-time with offset. A "+" left unencoded in a query string arrives as a space;
 * before an offset it can mean nothing else, so it is read as the "+" it was.
 */
const dateTime = z.preprocess(
  (input) => (typeof input === 'string' ? input.replace(/ (\d{2}:\d{2})$/, '+$1') : input),
  z.iso.datetime({ offset: true, message: DATE_TIME_MESSAGE }),
);

/**
 * The search text (docs/decisions/046): given once, trimmed, 1–100 characters without control
 * characters. Blank is refused like an empty filter, which would list everything.
 */
const searchText = z.string({ error: 'Give q once.' }).transform((text, ctx) => {
  const trimmed = payinSearchText(text);
  const problem = payinSearchProblem(trimmed);
  if (problem === undefined) return trimmed;
  ctx.addIssue({ code: 'custom', input: text, message: problem });
  return z.NEVER;
});

const payinListQuerySchema = z
  .object({
    limit: limitSchema.default(LIST_LIMIT.default),
    cursor: z.string().optional(),
    q: searchText.optional(),
    status: closedList(PAYIN_STATUSES).optional(),
    paymentMethodCode: closedList(METHOD_CODES).optional(),
    currencyCode: closedList(CURRENCY_CODES).optional(),
    createdFrom: dateTime.optional(),
    createdTo: dateTime.optional(),
    isTest: z
      .enum(['true', 'false'], { message: 'true or false.' })
      .transform((value) => value === 'true')
      .optional(),
  })
  .superRefine((query, ctx) => {
    if (
      query.createdFrom !== undefined &&
      query.createdTo !== undefined &&
      Date.parse(query.createdFrom) > Date.parse(query.createdTo)
    ) {
      ctx.addIssue({ code: 'custom', path: ['createdFrom'], message: 'Must not be later than createdTo.' });
    }
  })
  .transform((query): PayinListQuery => ({
    limit: query.limit,
    cursor: query.cursor,
    filter: {
      statuses: query.status,
      methods: query.paymentMethodCode,
      currencies: query.currencyCode,
      createdFrom: query.createdFrom,
      createdTo: query.createdTo,
      isTest: query.isTest,
      search: query.q,
    },
  }));

/** GET /payins's query, parsed: 400 VALIDATION_FAILED naming each parameter at fault. Others are ignored. */
export function parsePayinListQuery(c: Context): PayinListQuery {
  const raw = Object.fromEntries(
    Object.entries(c.req.queries()).map(([name, values]) => [name, values.length === 1 ? values[0] : values]),
  );
  return parseOrThrow(payinListQuerySchema, raw);
}

/** The query parameters, as the OpenAPI document lists them. */
export const payinListQueryDocument = [
  {
    name: 'limit',
    description: `Payins per page, ${LIST_LIMIT.min}–${LIST_LIMIT.max}; default ${LIST_LIMIT.default}.`,
    schema: {
      type: 'integer',
      minimum: LIST_LIMIT.min,
      maximum: LIST_LIMIT.max,
      default: LIST_LIMIT.default,
    },
  },
  {
    name: 'cursor',
    description: 'The nextCursor of the previous page, as it came (opaque). Absent: the first page.',
    schema: { type: 'string' },
  },
  {
    name: 'q',
    description:
      `Search, combined with the other filters and paged the same way: payins whose idPayin, reference or ` +
      `externalReference is exactly this; whose amount or moneyRequired is exactly this number (1500.50 or ` +
      `1,500.50, in every currency whose precision holds it; a currency code beside it keeps that one: THB 1500.50); ` +
      `whose payer's name (customer data or the account paid from) begins with it, without case; whose payer's ` +
      `account number is this (separators ignored); or whose phone ends with these digits (0812345678 finds ` +
      `+66812345678). 1–${PAYIN_SEARCH_MAX_LENGTH} characters, no control characters; otherwise 400.`,
    schema: {
      type: 'string',
      minLength: 1,
      maxLength: PAYIN_SEARCH_MAX_LENGTH,
      examples: ['order-1001', '1,500.50', 'Somchai'],
    },
  },
  {
    name: 'status',
    description: 'Comma-separated statuses; an unknown value answers 400.',
    schema: { type: 'string', examples: ['PENDING', 'SUCCESS,REFUSED'] },
  },
  {
    name: 'paymentMethodCode',
    description: 'Comma-separated payment method codes; an unknown value answers 400.',
    schema: { type: 'string', examples: ['OFFLINE,QRTH'] },
  },
  {
    name: 'currencyCode',
    description: 'Comma-separated currency codes; an unknown value answers 400.',
    schema: { type: 'string', examples: ['THB,VND'] },
  },
  {
    name: 'createdFrom',
    description:
      'Payins created at or after this RFC 3339 date-time with offset (inclusive). Percent-encode "+" as %2B.',
    schema: { type: 'string', format: 'date-time' },
  },
  {
    name: 'createdTo',
    description:
      'Payins created before this RFC 3339 date-time with offset (exclusive); not earlier than createdFrom.',
    schema: { type: 'string', format: 'date-time' },
  },
  {
    name: 'isTest',
    description: 'true: test payins only; false: live payins only.',
    schema: { type: 'string', enum: ['true', 'false'] },
  },
] as const;
