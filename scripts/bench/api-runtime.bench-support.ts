// Built by run.mjs next to the benchmarks: the real runtime on an in-memory PGlite, served by Hono.
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { loadConfig } from '@/server/config';
import { openPglite } from '@/server/db';
import { createLogger } from '@/server/logger';
import { createRuntime } from '@/server/runtime';

export async function startBenchApi(): Promise<{ port: number; token: string }> {
  const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', BACKGROUND_WORKERS: 'false' });
  const runtime = await createRuntime(config, {
    logger: createLogger('silent'),
    database: await openPglite('memory://'),
  });
  const demo = runtime.demoCredentials!;
  const token = await runtime.deps.tokens.issue({
    merchantCode: demo.merchantCode,
    operations: ['GET /merchant-info'],
  });
  const server = serve({ fetch: runtime.api.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((resolve) => server.once('listening', resolve));
  return { port: (server.address() as AddressInfo).port, token };
}
