import 'server-only';
import { sql } from 'kysely';
import { z } from 'zod';
import { healthResponseSchema } from '@/lib/api/responses';
import { pendingMigrationCount } from '../../db';
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
  defineRoute({
    method: 'GET',
    path: '/health/live',
    operationId: 'getLiveness',
    summary: 'Liveness probe',
    description:
      'Answers 200 while the process serves requests at all, without touching the database (a database outage is ' +
      'not a reason to restart the process). For a Kubernetes livenessProbe. Needs neither a token nor X-API-Version.',
    tag: 'System',
    versioned: false,
    auth: 'none',
    responses: { 200: { description: 'The process is up.', schema: z.object({ status: z.literal('ok') }) } },
    errors: [],
    handle(c) {
      responseHeaders(c)['cache-control'] = 'no-store';
      return reply(c, { status: 'ok' } as const);
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/health/ready',
    operationId: 'getReadiness',
    summary: 'Readiness probe',
    description:
      'Answers 200 when this instance should get traffic: started (listening, its background workers running unless ' +
      'BACKGROUND_WORKERS=false), not stopping, the database reachable and its schema migrated to what the code ' +
      'expects. Otherwise 503 SERVICE_UNAVAILABLE saying what is missing; from SIGTERM on it answers 503 while the ' +
      'requests in flight finish (SHUTDOWN_DRAIN_SECS). For a Kubernetes readinessProbe or a load balancer health check.',
    tag: 'System',
    versioned: false,
    auth: 'none',
    responses: {
      200: {
        description: 'Ready for traffic.',
        schema: z.object({
          status: z.literal('ready'),
          database: z.literal('up'),
          migrations: z.literal('current'),
          workers: z.enum(['started', 'disabled']),
        }),
      },
    },
    errors: ['SERVICE_UNAVAILABLE'],
    async handle(c, { deps }) {
      responseHeaders(c)['cache-control'] = 'no-store';
      const { lifecycle } = deps;
      if (lifecycle.state !== 'ready')
        throw new AppError('SERVICE_UNAVAILABLE', `The instance is ${lifecycle.state}.`, {
          headers: { 'retry-after': '1' },
        });
      let pending: number;
      try {
        pending = await pendingMigrationCount(deps.db);
      } catch (error) {
        throw new AppError('SERVICE_UNAVAILABLE', 'The database is not reachable.', { cause: error });
      }
      if (pending > 0)
        throw new AppError('SERVICE_UNAVAILABLE', `${pending} database migration(s) not applied yet.`);
      const workers = lifecycle.workers;
      if (workers === 'not started')
        throw new AppError('SERVICE_UNAVAILABLE', 'The background workers have not started.');
      return reply(c, { status: 'ready', database: 'up', migrations: 'current', workers } as const);
    },
  }),
];
