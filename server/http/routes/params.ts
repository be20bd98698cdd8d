import 'server-only';
import type { Context } from 'hono';
import { ID_PAYIN_PATTERN, idPayinSchema } from '@/lib/schemas';
import { parseOrThrow } from '../../errors';
import type { ApiEnv } from '../context';

/** The {idPayin} path parameter ("!action" segments never get here: they are routes of their own). */
export function idPayinParam(c: Context<ApiEnv>): string {
  const value = c.req.param('idPayin') ?? '';
  // The pattern alone decides; the schema runs only to word the problem.
  return ID_PAYIN_PATTERN.test(value) ? value : parseOrThrow(idPayinSchema, value, 'idPayin');
}

/** The {idPayout} path parameter: the merchant's order ID, under the same rule as an idPayin. */
export function idPayoutParam(c: Context<ApiEnv>): string {
  const value = c.req.param('idPayout') ?? '';
  return ID_PAYIN_PATTERN.test(value) ? value : parseOrThrow(idPayinSchema, value, 'idPayout');
}

/** The {idRefund} path parameter: the merchant's own ID, under the same rule as an idPayin. */
export function idRefundParam(c: Context<ApiEnv>): string {
  const value = c.req.param('idRefund') ?? '';
  return ID_PAYIN_PATTERN.test(value) ? value : parseOrThrow(idPayinSchema, value, 'idRefund');
}
