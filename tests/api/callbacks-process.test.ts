import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallbackDeliveryResource } from '@/lib/api/responses';
import { ALL_PAYIN_OPERATIONS, ApiClient } from '../support/api-client';
import { newIdPayin, payinRequest } from '../support/builders';
import {
  startCallbackListener,
  verifyHit,
  type CallbackListener,
  type ListenerHit,
} from '../support/callback-listener';
import {
  buildServerBundle,
  fileMerchant,
  politely,
  startServerProcess,
  type ServerProcess,
} from '../support/server-process';
import type { TestMerchant } from '../support/test-api';
import { openTestDatabase } from '../support/test-database';

/**
 * Real server processes (`node dist/...` with SERVE_WEB=false) against real storage: the outbox
 * survives SIGKILL, and two instances on one PostgreSQL share the work without sending twice.
 */
let bundle: ReturnType<typeof buildServerBundle>;
let workDir: string;
const processes: ServerProcess[] = [];
const listeners: CallbackListener[] = [];

beforeAll(() => {
  bundle = buildServerBundle();
  workDir = mkdtempSync(join(tmpdir(), 'payin-callbacks-'));
});
afterAll(async () => {
  await Promise.all(processes.map((server) => server.stop('SIGKILL')));
  await Promise.all(listeners.map((listener) => listener.close()));
  bundle.remove();
  rmSync(workDir, { recursive: true, force: true });
});

function merchantsFile(merchants: TestMerchant[]): string {
  const path = join(workDir, `merchants-${randomBytes(4).toString('hex')}.json`);
  const entries = merchants.map((merchant) => ({ ...merchant, channelName: 'Process Shop', test: true }));
  writeFileSync(path, JSON.stringify({ merchants: entries }));
  return path;
}

async function start(env: Record<string, string>): Promise<ServerProcess> {
  const server = await startServerProcess({ bundle: bundle.path, env });
  processes.push(server);
  return server;
}

async function listen(): Promise<CallbackListener> {
  const listener = await startCallbackListener();
  listeners.push(listener);
  return listener;
}

const idPayinOf = (hit: ListenerHit) => (JSON.parse(hit.body) as { idPayin: string }).idPayin;

async function tokenFor(client: ApiClient, merchant: TestMerchant): Promise<string> {
  const response = await politely(() =>
    client.request<{ token: string }>('POST', '/auth-tokens', {
      body: {
        merchantCode: merchant.merchantCode,
        secret: merchant.secret,
        operations: ALL_PAYIN_OPERATIONS,
      },
    }),
  );
  expect(response.status).toBe(200);
  return response.body.token;
}

/** Creates a payin through `creator` and settles it through `settler` (now, or after delaySeconds). */
async function settledPayin(input: {
  creator: ApiClient;
  settler: ApiClient;
  token: string;
  callbackUrl: string;
  delaySeconds?: number;
}): Promise<string> {
  const id = newIdPayin('proc');
  const created = await politely(() =>
    input.creator.request('POST', `/payins/${id}`, {
      token: input.token,
      body: payinRequest({ callbackUrl: input.callbackUrl }),
    }),
  );
  expect(created.status).toBe(201);
  const simulated = await politely(() =>
    input.settler.request('POST', `/sandbox/payins/${id}/!simulate`, {
      token: input.token,
      body: {
        status: 'SUCCESS',
        ...(input.delaySeconds !== undefined && { delaySeconds: input.delaySeconds }),
      },
    }),
  );
  expect(simulated.status).toBe(input.delaySeconds === undefined ? 200 : 202);
  return id;
}

/** PGlite in a temporary DATA_DIR, or a fresh PostgreSQL database when TEST_DATABASE_URL is set. */
async function storage(): Promise<{ env: Record<string, string>; close(): Promise<void> }> {
  if (process.env.TEST_DATABASE_URL) {
    const database = await openTestDatabase();
    return { env: { DATABASE_URL: database.url! }, close: () => database.close() };
  }
  return {
    env: { DATA_DIR: join(workDir, `data-${randomBytes(4).toString('hex')}`) },
    close: async () => {},
  };
}

const callbackEnv = {
  CALLBACK_ALLOWLIST: '127.0.0.1,localhost',
  CALLBACK_TIMEOUT_SECS: '2',
  CALLBACK_LEASE_SECS: '5',
  CALLBACK_RETRY_SCHEDULE: '0,1s,1s,1s,1s,1s,1s,1s,1s,1s,1s,1s,1s,1s,1s,1s,1s,1s,1s,1s',
  LOG_LEVEL: 'info',
};

describe('a server killed with SIGKILL while callbacks are pending', () => {
  it(
    'delivers every callback after restart, signed, under its original webhook-id',
    { timeout: 180_000 },
    async () => {
      const merchant = fileMerchant('crash');
      const db = await storage();
      const env = { ...db.env, ...callbackEnv, MERCHANTS_FILE: merchantsFile([merchant]) };
      // The receiver is stuck: attempts hang until they time out, so nothing is ever delivered.
      const listener = await listen();
      listener.respond(() => 'hang');

      const first = await start(env);
      const client = new ApiClient(first.baseUrl);
      const token = await tokenFor(client, merchant);
      const ids: string[] = [];
      for (let i = 0; i < 6; i++) {
        ids.push(
          await settledPayin({
            creator: client,
            settler: client,
            token,
            callbackUrl: listener.url('/crash'),
          }),
        );
      }
      await listener.waitFor((hits) => new Set(hits.map(idPayinOf)).size === ids.length, 60_000);
      await first.stop('SIGKILL');
      for (const hit of listener.hits) verifyHit(hit, merchant.callbackSecret);

      const webhookIdOf = new Map(listener.hits.map((hit) => [idPayinOf(hit), hit.headers['webhook-id']]));
      const killedAt = listener.hits.length;
      const answered = new Set<string>();
      listener.respond((hit) => {
        answered.add(idPayinOf(hit));
        return { status: 200 };
      });
      listener.releaseHanging();

      const second = await start(env);
      await listener.waitFor(() => ids.every((id) => answered.has(id)), 90_000);
      for (const hit of listener.hits.slice(killedAt)) {
        expect(verifyHit(hit, merchant.callbackSecret)).toMatchObject({ type: 'payin.status_changed' });
        expect(hit.headers['webhook-id']).toBe(webhookIdOf.get(idPayinOf(hit)));
      }

      const after = new ApiClient(second.baseUrl);
      const readToken = await tokenFor(after, merchant);
      for (const id of ids) {
        const log = await politely(() =>
          after.request<{ data: CallbackDeliveryResource[] }>('GET', `/payins/${id}/callbacks`, {
            token: readToken,
          }),
        );
        expect(log.body.data).toMatchObject([{ status: 'DELIVERED' }]);
        expect(log.body.data[0]!.attempts.at(-1)).toMatchObject({
          responseStatus: 200,
          outcome: 'DELIVERED',
        });
      }
      await second.stop('SIGTERM');
      await db.close();
    },
  );
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('two server processes on one PostgreSQL', () => {
  it('deliver each callback exactly once', { timeout: 180_000 }, async () => {
    const merchants = [fileMerchant('twin-a'), fileMerchant('twin-b'), fileMerchant('twin-c')];
    const database = await openTestDatabase();
    const env = {
      DATABASE_URL: database.url!,
      ...callbackEnv,
      CALLBACK_RETRY_SCHEDULE: '0,5s,1m',
      MERCHANTS_FILE: merchantsFile(merchants),
    };
    // A slow receiver keeps each dispatcher busy, so the other one polls while rows are still due.
    const listener = await listen();
    listener.respond(() => ({ status: 200, delayMs: 300 }));

    const first = await start(env);
    const second = await start(env);
    const clients = [new ApiClient(first.baseUrl), new ApiClient(second.baseUrl)] as const;
    const ids: string[] = [];
    for (const merchant of merchants) {
      const token = await tokenFor(clients[0], merchant);
      for (let i = 0; i < 10; i++) {
        ids.push(
          await settledPayin({
            creator: clients[i % 2]!,
            settler: clients[(i + 1) % 2]!,
            token,
            callbackUrl: listener.url('/twins'),
            // Due together, so both dispatchers find them at once.
            delaySeconds: 3,
          }),
        );
      }
    }

    await listener.waitFor((hits) => new Set(hits.map(idPayinOf)).size === ids.length, 90_000);
    // Graceful stops wait for attempts in flight, so nothing can still be on its way afterwards.
    await Promise.all([first.stop('SIGTERM'), second.stop('SIGTERM')]);

    expect(listener.hits).toHaveLength(ids.length);
    // Each attempt is logged by the process that made it: both shared the work, none sent twice.
    const attemptsLogged = (server: ServerProcess) =>
      server.output.filter((line) => line.includes('"callback attempt"')).length;
    expect(attemptsLogged(first)).toBeGreaterThan(0);
    expect(attemptsLogged(second)).toBeGreaterThan(0);
    expect(attemptsLogged(first) + attemptsLogged(second)).toBe(ids.length);
    expect(new Set(listener.hits.map((hit) => hit.headers['webhook-id'])).size).toBe(ids.length);
    const secretOf = new Map(merchants.map((merchant) => [merchant.merchantCode, merchant.callbackSecret]));
    const owners = await database.db
      .selectFrom('callback_deliveries')
      .select(['id_payin', 'merchant_code', 'status'])
      .execute();
    const ownerOf = new Map(owners.map((row) => [row.id_payin, row.merchant_code]));
    for (const hit of listener.hits) verifyHit(hit, secretOf.get(ownerOf.get(idPayinOf(hit))!)!);
    expect(owners.filter((row) => row.status === 'DELIVERED')).toHaveLength(ids.length);
    const attempts = await database.db.selectFrom('callback_attempts').select('id').execute();
    expect(attempts).toHaveLength(ids.length);
    await database.close();
  });
});
