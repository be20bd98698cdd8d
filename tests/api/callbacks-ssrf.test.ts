import { lookup } from 'node:dns/promises';
import { hostname, networkInterfaces } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallbackDispatcherWorker } from '@/server/callbacks';
import { BLOCKED_TARGET } from '@/server/callbacks/callback.sender';
import { classifyAddress } from '@/server/net';
import { ALL_PAYIN_OPERATIONS } from '../support/api-client';
import { newIdPayin, payinRequest } from '../support/builders';
import { startCallbackListener, type CallbackListener } from '../support/callback-listener';
import { expectProblem } from '../support/problem';
import {
  manualClock,
  startTestApi,
  type TestApi,
  type TestMerchant,
  callbackDispatcherOf,
} from '../support/test-api';

/**
 * The SSRF matrix: the operator allowlists nothing and allows plain http, so the address rules
 * alone stand between a merchant's callbackUrl and this machine. The canary listens on every
 * local address ("::", dual stack) at the port every target names; it must record zero hits.
 */
const clock = manualClock();
let api: TestApi;
let dispatcher: CallbackDispatcherWorker;
let canary: CallbackListener;
const logLines: string[] = [];

/** Hosts (as written in a URL) that reach the canary if connected to, or are otherwise off limits. */
const LITERAL_TARGETS = [
  '127.0.0.1',
  '127.0.0.2',
  '127.255.255.254',
  '127.1',
  '2130706433',
  '0x7f000001',
  '0177.0.0.1',
  '0x7f.1',
  '0.0.0.0',
  '0',
  '[::1]',
  '[::]',
  '[::ffff:127.0.0.1]',
  '[::ffff:7f00:1]',
  '[0:0:0:0:0:ffff:7f00:1]',
  '[::127.0.0.1]',
  '[::ffff:0.0.0.0]',
  '[64:ff9b::7f00:1]',
  '[2002:7f00:1::1]',
  '10.0.0.1',
  '172.16.0.1',
  '192.168.1.1',
  '169.254.169.254',
  '[::ffff:169.254.169.254]',
  '[::ffff:a9fe:a9fe]',
  '100.64.0.1',
  '192.0.0.192',
  '192.0.2.1',
  '198.18.0.1',
  '224.0.0.1',
  '255.255.255.255',
  '240.0.0.1',
  '[fe80::1]',
  '[fc00::1]',
  '[fd00:ec2::254]',
  '[ff02::1]',
  '[2001:db8::1]',
];
const NAME_TARGETS = ['localhost', 'LOCALHOST.', 'ip6-localhost.localhost'];

/** This machine's own non-loopback addresses (containers have private ones): the canary listens there too. */
function ownAddresses(): string[] {
  return Object.values(networkInterfaces())
    .flat()
    .filter((info) => info !== undefined && !info.internal && !info.address.startsWith('fe80'))
    .map((info) => (info!.family === 'IPv6' ? `[${info!.address}]` : info!.address));
}

const urlFor = (host: string) => `http://${host}:${canary.port}/canary`;

async function freshMerchant(): Promise<{ merchant: TestMerchant; token: string }> {
  const merchant = await api.createMerchant();
  return { merchant, token: await api.client.token(merchant, ALL_PAYIN_OPERATIONS) };
}

/** Runs `task` over `items`, a fresh merchant per chunk, to stay within 10 requests per second each. */
async function inChunks<T>(
  items: readonly T[],
  size: number,
  task: (item: T, token: string) => Promise<void>,
) {
  for (let start = 0; start < items.length; start += size) {
    const { token } = await freshMerchant();
    for (const item of items.slice(start, start + size)) await task(item, token);
  }
}

beforeAll(async () => {
  canary = await startCallbackListener({ host: '::' });
  api = await startTestApi(
    { CALLBACK_ALLOWLIST: '', ALLOW_INSECURE_URLS: 'true', CALLBACK_TIMEOUT_SECS: '3', LOG_LEVEL: 'warn' },
    { clock, logLines },
  );
  dispatcher = callbackDispatcherOf(api);
});
afterAll(async () => {
  await api.close();
  await canary.close();
});

describe('the SSRF matrix', () => {
  it('has a canary that records a hit whenever a loopback or local address is actually connected to', async () => {
    for (const host of [
      '127.0.0.1',
      '127.0.0.2',
      '[::1]',
      '[::ffff:127.0.0.1]',
      'localhost',
      ...ownAddresses(),
    ]) {
      const response = await fetch(urlFor(host), { method: 'POST', body: '{}' });
      expect(response.status, host).toBe(200);
    }
    expect(canary.hits.length).toBeGreaterThanOrEqual(5);
    canary.hits.length = 0;
  });

  it('refuses at creation (400) every literal non-public address and localhost', async () => {
    const targets = [...LITERAL_TARGETS, ...NAME_TARGETS, ...ownAddresses()];
    expect(targets.length).toBeGreaterThanOrEqual(30);
    await inChunks(targets, 8, async (host, token) => {
      const response = await api.client.request('POST', `/payins/${newIdPayin()}`, {
        token,
        body: payinRequest({ callbackUrl: urlFor(host) }),
      });
      expectProblem(response, 400, 'URL_NOT_ALLOWED');
    });
    expect(canary.hits).toHaveLength(0);
  });

  it('refuses at delivery every such target, literal or resolved by name, and never connects', async () => {
    // Rows written before the operator narrowed the allowlist: the creation check no longer helps.
    const targets = [...LITERAL_TARGETS, ...NAME_TARGETS, ...ownAddresses()];
    // The machine's own name resolves to this machine in most containers: accepted at creation,
    // refused once resolved.
    const ownName = hostname();
    const resolved = await lookup(ownName, { all: true }).catch(() => []);
    const ownNameIsLocal =
      resolved.length > 0 && resolved.some(({ address }) => !classifyAddress(address).allowed);
    const ids: string[] = [];
    // Two requests per target: 4 targets per merchant.
    await inChunks([...targets, ...(ownNameIsLocal ? [ownName] : [])], 4, async (host, token) => {
      const id = newIdPayin();
      const viaName = host === ownName;
      const created = await api.client.request('POST', `/payins/${id}`, {
        token,
        body: payinRequest({ callbackUrl: viaName ? urlFor(host) : 'https://merchant.example/cb' }),
      });
      expect(created.status, host).toBe(201);
      if (!viaName) {
        await api.runtime.deps.db
          .updateTable('payins')
          .set({ callback_url: urlFor(host) })
          .where('id_payin', '=', id)
          .execute();
      }
      const simulated = await api.client.request('POST', `/sandbox/payins/${id}/!simulate`, {
        token,
        body: { status: 'SUCCESS' },
      });
      expect(simulated.status, host).toBe(200);
      ids.push(id);
    });
    expect(ids.length).toBeGreaterThanOrEqual(30);

    while ((await dispatcher.runOnce()) > 0) {
      // every delivery is due once; failed ones wait for their next attempt
    }
    const attempts = await api.runtime.deps.db
      .selectFrom('callback_attempts')
      .innerJoin('callback_deliveries', 'callback_deliveries.id', 'callback_attempts.delivery_id')
      .select([
        'callback_deliveries.id_payin',
        'callback_attempts.url',
        'callback_attempts.error',
        'callback_attempts.outcome',
      ])
      .where('callback_deliveries.id_payin', 'in', ids)
      .execute();
    expect(attempts).toHaveLength(ids.length);
    for (const attempt of attempts) {
      expect(attempt.error, attempt.url).toBe(BLOCKED_TARGET);
      expect(attempt.outcome).toBe('RETRY');
    }
    expect(canary.hits).toHaveLength(0);
  });
});

describe('POST /callbacks/!test to a name that resolves inside', () => {
  it('answers one generic refusal and keeps what the name resolves to in the log', async () => {
    const ownName = hostname();
    const resolved = await lookup(ownName, { all: true }).catch(() => []);
    // Containers usually resolve their own name to this machine; elsewhere this case cannot be built.
    if (!resolved.some(({ address }) => !classifyAddress(address).allowed)) return;
    const merchant = await api.createMerchant();
    const token = await api.client.token(merchant, ['POST /callbacks/!test']);
    const response = await api.client.request<{ error?: string; outcome: string }>(
      'POST',
      '/callbacks/!test',
      {
        token,
        body: { url: urlFor(ownName) },
      },
    );
    expect(response.status, response.text).toBe(200);
    expect(response.body).toMatchObject({ outcome: 'FAILED', error: BLOCKED_TARGET });
    expect(response.text).not.toContain('127.');
    expect(response.text).not.toContain('resolves to');
    expect(logLines.some((line) => line.includes(`${ownName} resolves to`))).toBe(true);
    expect(canary.hits).toHaveLength(0);
  });
});
