import { describe, expect, it } from 'vitest';
import { ApiClient } from '../support/api-client';
import { serverProcessFixture } from '../support/server-process';

/**
 * The probes of a real server process (`npm start`'s main): ready once listening with its workers
 * running; from SIGTERM on not ready, while it keeps serving for SHUTDOWN_DRAIN_SECS, then gone.
 */
const { start, scratchPath } = serverProcessFixture('readiness');

describe('a server process', () => {
  it(
    'is ready once started, and not ready but still live while it drains after SIGTERM',
    { timeout: 60_000 },
    async () => {
      // A long drain, so a loaded machine still finds the instance draining when it asks.
      const server = await start({ DATA_DIR: scratchPath('data'), SHUTDOWN_DRAIN_SECS: '10' });
      const client = new ApiClient(server.baseUrl);
      const ready = await client.request('GET', '/health/ready', { version: null });
      expect([ready.status, ready.body]).toEqual([
        200,
        { status: 'ready', database: 'up', migrations: 'current', workers: 'started' },
      ]);

      const exited = new Promise<number | null>((resolve) =>
        server.child.once('exit', (code) => resolve(code)),
      );
      server.child.kill('SIGTERM');
      await expect
        .poll(async () => (await client.request('GET', '/health/ready', { version: null })).status, {
          timeout: 8_000,
        })
        .toBe(503);
      const draining = await client.request('GET', '/health/ready', { version: null });
      expect(draining.body).toMatchObject({
        code: 'SERVICE_UNAVAILABLE',
        detail: 'The instance is stopping.',
      });
      expect((await client.request('GET', '/health/live', { version: null })).status).toBe(200);
      expect(await exited).toBe(0);
    },
  );
});
