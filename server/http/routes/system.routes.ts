import 'server-only';
import { sql } from 'kysely';
import { healthResponseSchema } from '@/lib/api/responses';
import { AppError } from '../../errors';
import { defineRoute } from '../route';
import { reply, responseHeaders } from '../reply';

export const systemRoutes = [
  defineRoute({
    method: 'GET',
    path: '/health',
    operationId: 'getHealth',
    summary: 'Health check',
    description: 'Answers 200 when the database is reachable. Needs neither a token nor X-API-Version.',
    tag: 'System',
    versioned: false,
    auth: 'none',
    responses: { 200: { description: 'Healthy.', schema: healthResponseSchema } },
    errors: ['SERVICE_UNAVAILABLE'],
    async handle(c, { deps }) {
      try {
        await sql`select 1`.execute(deps.db);
      } catch (error) {
        throw new AppError('SERVICE_UNAVAILABLE', 'The database is not reachable.', { cause: error });
      }
      responseHeaders(c)['cache-control'] = 'no-store';
      return reply(c, { status: 'ok', database: 'up' } as const);
    },
  }),
];
