import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../support/api-client';
import { payinRequest } from '../support/builders';
import { buildServerBundle, startServerProcess, type ServerProcess } from '../support/server-process';
import { openTestDatabase } from '../support/test-database';

/**
 * SIGTERM under keep-alive load: every request the server accepted gets its whole answer (no 5xx,
 * no reset connection), what it acknowledged is stored, and only new connections are refused.
 */
let bundle: ReturnType<typeof buildServerBundle>;
let workDir: string;
let database: Awaited<ReturnType<typeof openTestDatabase>> | undefined;
const processes: ServerProcess[] = [];

beforeAll(async () => {
  bundle = buildServerBundle();
  workDir = mkdtempSync(join(tmpdir(), 'payin-shutdown-'));
  if (process.env.TEST_DATABASE_URL) database = await openTestDatabase();
});
afterAll(async () => {
  await Promise.all(processes.map((server) => server.stop('SIGKILL')));
  await database?.close();
  bundle.remove();
  rmSync(workDir, { recursive: true, force: true });
});

/** Forty merchants, so tokens for 400 payins are minted within each merchant's 10 per second. */
const merchants = Array.from({ length: 40 }, (_, index) => ({
  merchantCode: `drain${index}-${randomBytes(3).toString('hex')}`,
  secret: `sk_test_${randomBytes(18).toString('base64url')}`,
  callbackSecret: '',
}));

async function start(): Promise<ServerProcess> {
  const merchantsFile = join(workDir, 'merchants.json');
  writeFileSync(
    merchantsFile,
    JSON.stringify({
      merchants: merchants.map(({ merchantCode, secret }) => ({
        merchantCode,
        secret,
        channelName: 'Drain Shop',
        test: true,
      })),
    }),
  );
  const server = await startServerProcess({
    bundle: bundle.path,
    env: {
      MERCHANTS_FILE: merchantsFile,
      LOG_LEVEL: 'warn',
      ...(database?.url ? { DATABASE_URL: database.url } : { DATA_DIR: join(workDir, 'data') }),
      // The clients below share one address and many payment-scoped tokens.
      RATE_LIMIT_MERCHANT_CEILING: '100000',
      MAX_CONNECTIONS_PER_ADDRESS: '0',
    },
  });
  processes.push(server);
  return server;
}

interface Outcome {
  statuses: Record<number, number>;
  /** Connection-level failures by code: ECONNREFUSED is expected once the listener is closed. */
  errors: Record<string, number>;
  created: string[];
}

/**
 * `clients` keep-alive loops, each creating payins with its own payment-scoped tokens and reading
 * them back, until `stopped()` and a connection is refused.
 */
async function load(
  baseUrl: string,
  tokens: Map<string, string>,
  clients: number,
  stopped: () => boolean,
  outcome: Outcome,
) {
  const url = new URL(baseUrl);
  const agent = new Agent({ keepAlive: true, maxSockets: clients });
  const ids = [...tokens.keys()];
  let next = 0;
  const send = (method: string, path: string, token: string, body?: string) =>
    new Promise<number>((resolve, reject) => {
      const req = request(
        {
          host: url.hostname,
          port: url.port,
          method,
          path: `/api${path}`,
          agent,
          headers: {
            'x-api-version': '2',
            authorization: `Bearer ${token}`,
            ...(body && { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }),
          },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  await Promise.all(
    Array.from({ length: clients }, async () => {
      for (;;) {
        const id = ids[next++ % ids.length]!;
        const token = tokens.get(id)!;
        try {
          const created = outcome.created.includes(id);
          const status = created
            ? await send('GET', `/payins/${id}`, token)
            : await send('POST', `/payins/${id}`, token, JSON.stringify(payinRequest()));
          outcome.statuses[status] = (outcome.statuses[status] ?? 0) + 1;
          if (status === 201) outcome.created.push(id);
        } catch (error) {
          const code = (error as { code?: string }).code ?? String(error);
          outcome.errors[code] = (outcome.errors[code] ?? 0) + 1;
          if (stopped() && code === 'ECONNREFUSED') return;
        }
      }
    }),
  );
  agent.destroy();
  return outcome;
}

describe('SIGTERM under keep-alive load', () => {
  it(
    'answers every accepted request in full, loses nothing acknowledged, then exits 0',
    { timeout: 120_000 },
    async () => {
      const server = await start();
      const client = new ApiClient(server.baseUrl);
      const tokens = new Map<string, string>();
      await Promise.all(
        merchants.map(async (merchant) => {
          for (let i = 0; i < 10; i++) {
            const id = `drain-${i}-${randomBytes(4).toString('hex')}`;
            tokens.set(id, await client.tokenByAction(merchant, 'PAYIN_CREATE', id));
          }
        }),
      );
      let signalled = false;
      const outcome: Outcome = { statuses: {}, errors: {}, created: [] };
      const running = load(server.baseUrl, tokens, 16, () => signalled, outcome);
      // SIGTERM lands in the middle of real load: once a hundred answers came (however slow the
      // machine), with at least 1.5 s of load behind it.
      const answered = () => Object.values(outcome.statuses).reduce((sum, count) => sum + count, 0);
      const loadStart = Date.now();
      while (answered() <= 100 || Date.now() - loadStart < 1500) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      signalled = true;
      const exited = new Promise<number | null>((resolve) => server.child.once('exit', resolve));
      server.child.kill('SIGTERM');
      await running;
      expect(await exited).toBe(0);

      const served = Object.values(outcome.statuses).reduce((sum, count) => sum + count, 0);
      expect(served).toBeGreaterThan(100);
      // Every answer is a real one: created, read, or (for a create raced by another client) a duplicate.
      expect(outcome.statuses[201]).toBeGreaterThan(0);
      for (const status of Object.keys(outcome.statuses)) expect(['200', '201', '409']).toContain(status);
      // Only new connections to the closed listener failed; no accepted request was cut off.
      for (const code of Object.keys(outcome.errors)) expect(code).toBe('ECONNREFUSED');

      // Everything acknowledged with 201 is there after a restart.
      const again = await start();
      const reader = new ApiClient(again.baseUrl);
      for (const id of outcome.created.slice(0, 50)) {
        const read = await reader.request('GET', `/payins/${id}`, { token: tokens.get(id)! });
        expect(read.status, id).toBe(200);
      }
    },
  );
});
