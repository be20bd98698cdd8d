import 'server-only';
import type { Context } from 'hono';
import { idPayinSchema } from '@/lib/schemas';
import { AppError, parseOrThrow } from '../../errors';
import type { ApiEnv } from '../context';

/** The {idPayin} path parameter; "!action" segments that no route serves are 404, not 400. */
export function idPayinParam(c: Context<ApiEnv>): string {
  const raw = c.req.param('idPayin') ?? '';
  if (raw.startsWith('!')) throw new AppError('NOT_FOUND', `No action ${raw} on payins.`);
  return parseOrThrow(idPayinSchema, raw, 'idPayin');
}
