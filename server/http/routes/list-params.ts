import 'server-only';
import type { Context } from 'hono';
import { z } from 'zod';
import { parseOrThrow } from '../../errors';
import type { ApiEnv } from '../context';

/** The page size of every newest-first list of the API (GET /payins included). */
export const LIST_LIMIT = { min: 1, max: 100, default: 20 } as const;
const LIMIT_MESSAGE = `An integer from ${LIST_LIMIT.min} to ${LIST_LIMIT.max}.`;

/** `limit` as the query gives it: digits, within LIST_LIMIT. */
export const limitSchema = z
  .string()
  .regex(/^[0-9]{1,6}$/, LIMIT_MESSAGE)
  .transform(Number)
  .pipe(z.number().int().min(LIST_LIMIT.min, LIMIT_MESSAGE).max(LIST_LIMIT.max, LIMIT_MESSAGE));

const pageSchema = z.object({
  limit: limitSchema.optional(),
  cursor: z.string().min(1).max(200).optional(),
});

/** limit and cursor of a newest-first list (GET /payouts, GET /balance-transactions). */
export function parsePageQuery(c: Context<ApiEnv>): { limit: number; cursor: string | undefined } {
  const page = parseOrThrow(pageSchema, { limit: c.req.query('limit'), cursor: c.req.query('cursor') });
  return { limit: page.limit ?? LIST_LIMIT.default, cursor: page.cursor };
}

export const pageQueryDocument = [
  {
    name: 'limit',
    description: `Items per page, ${LIST_LIMIT.min}–${LIST_LIMIT.max} (default ${LIST_LIMIT.default}).`,
    schema: { type: 'integer', minimum: LIST_LIMIT.min, maximum: LIST_LIMIT.max },
  },
  {
    name: 'cursor',
    description: 'The nextCursor of the previous page, as it came.',
    schema: { type: 'string' },
  },
] as const;

/**
 * A comma-separated query list, the one rule of the API (specification, Limits): entries are
 * trimmed and put in the case of the values they name (codes upper, audit actions lower), a
 * repeated parameter adds its entries, unsupported or invalid values are
 * ignored, and a list with none left is as if the parameter were absent (undefined), never "none".
 * GET /payins keeps its documented stricter rule (an invalid status is refused: a filter that
 * silently widened could hide a typo in a reconciliation).
 */
export function queryList<T extends string>(
  values: string | readonly string[] | undefined,
  accept: (entry: string) => entry is T,
  letterCase: 'upper' | 'lower' = 'upper',
): T[] | undefined {
  if (values === undefined) return undefined;
  const entries = (typeof values === 'string' ? [values] : values).flatMap((value) => value.split(','));
  const cased = entries.map((entry) =>
    letterCase === 'upper' ? entry.trim().toUpperCase() : entry.trim().toLowerCase(),
  );
  const accepted = [...new Set(cased.filter(accept))];
  return accepted.length > 0 ? accepted : undefined;
}
