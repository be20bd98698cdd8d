import 'server-only';
import type { Context } from 'hono';
import { idPayinSchema } from '@/lib/schemas';
import { parseOrThrow } from '../../errors';
import type { ApiEnv } from '../context';

/** The {idPayin} path parameter ("!action" segments never get here: they are routes of their own). */
export function idPayinParam(c: Context<ApiEnv>): string {
  return parseOrThrow(idPayinSchema, c.req.param('idPayin') ?? '', 'idPayin');
}
