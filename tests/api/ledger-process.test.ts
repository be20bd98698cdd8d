import { describe, expect, it } from 'vitest';
import type { BalancesResource } from '@/lib/api/payout-responses';
import { migrateToLatest, openPglite, type DatabaseHandle } from '@/server/db';
import { checkLedgerInvariants } from '@/server/audit';
import { ALL_PAYIN_OPERATIONS, ApiClient } from '../support/api-client';
import { newIdPayin, payinRequest } from '../support/builders';
import { fileMerchant, politely, serverProcessFixture } from '../support/server-process';
import type { TestMerchant } from '../support/test-api';
import { openTestDatabase } from '../support/test-database';

/**
 * The ledger under real server processes (docs/decisions/027): two instances on one PostgreSQL
 * racing payouts over one balance, and a randomised run of payins and payouts with the server
 * killed (SIGKILL) mid-flight, after which the books must still hold.
 */
const { start, merchantsFile: writeMerchants, scratchPath } = serverProcessFixture('ledger');

const OPERATIONS = [
  ...ALL_PAYIN_OPERATIONS,
  'POST /payouts/.*',
  'GET /payouts.*',
  'GET /balances',
  'POST /sandbox/payouts/.*',
];

/** Round numbers: 2 % on payins, nothing on payouts. */
const merchantsFile = (merchant: TestMerchant) =>
  writeMerchants([
    {
      ...merchant,
      channelName: 'Ledger Shop',
      test: true,
      fees: { default: { percent: 2 } },
      payoutFees: { default: { percent: 0 } },
    },
  ]);

async function tokenFor(client: ApiClient, merchant: TestMerchant): Promise<string> {
  const response = await politely(() =>
    client.request<{ token: string }>('POST', '/auth-tokens', {
      body: { merchantCode: merchant.merchantCode, secret: merchant.secret, operations: OPERATIONS },
    }),
  );
  expect(response.status, response.text).toBe(200);
  return response.body.token;
}

const payoutBody = (amount: number) => ({
  paymentRequested: { money: { amount, currencyCode: 'THB' } },
  paymentMethod: {
    paymentMethodCode: 'BANK_TRANSFER',
    account: { accountName: 'Somchai Jaidee', accountNumber: '1234567890', bankCode: '014' },
  },
  callbackUrl: 'https://shop.example/callbacks',
});

async function fund(client: ApiClient, token: string, amount: number): Promise<void> {
  const id = newIdPayin('fund');
  const created = await politely(() =>
    client.request('POST', `/payins/${id}`, {
      token,
      body: payinRequest({ paymentRequested: { money: { amount } } }),
    }),
  );
  expect(created.status, created.text).toBe(201);
  const paid = await politely(() =>
    client.request('POST', `/sandbox/payins/${id}/!simulate`, { token, body: { status: 'SUCCESS' } }),
  );
  expect(paid.status, paid.text).toBe(200);
}

async function thb(client: ApiClient, token: string) {
  const response = await politely(() =>
    client.request<BalancesResource>('GET', '/balances?currencies=THB', { token }),
  );
  const [balance] = response.body.data;
  return { available: balance!.available.amount, reserved: balance!.reserved.amount };
}

describe.runIf(process.env.TEST_DATABASE_URL)('two instances on one PostgreSQL', () => {
  it(
    'let concurrent payouts spend exactly the available balance, never more',
    { timeout: 120_000 },
    async () => {
      const database = await openTestDatabase();
      const merchant = fileMerchant('ledger');
      // Test payouts wait for the simulate call: nothing ends by itself during the race.
      const env = {
        DATABASE_URL: database.url!,
        MERCHANTS_FILE: merchantsFile(merchant),
        SANDBOX_PAYOUT_SECS: '86400',
      };
      const servers = [await start(env), await start(env)];
      const clients = servers.map((server) => new ApiClient(server.baseUrl));
      const tokens: string[] = [];
      for (const client of clients) tokens.push(await tokenFor(client, merchant));
      const instance = (index: number) => ({ client: clients[index % 2]!, token: tokens[index % 2]! });
      await fund(instance(0).client, instance(0).token, 1000); // 980.00 available

      // Ten payouts of 196.00, five through each instance, all at once: exactly five fit.
      const results = await Promise.all(
        Array.from({ length: 10 }, (_, index) =>
          politely(() =>
            instance(index).client.request('POST', `/payouts/${newIdPayin(`race${index}`)}`, {
              token: instance(index).token,
              body: payoutBody(196),
            }),
          ),
        ),
      );
      const statuses = results.map((result) => result.status).sort();
      expect(statuses).toEqual([201, 201, 201, 201, 201, 422, 422, 422, 422, 422]);
      expect(await thb(instance(1).client, instance(1).token)).toEqual({ available: 0, reserved: 980 });
      expect(await checkLedgerInvariants(database.db)).toEqual([]);
      await Promise.all(servers.map((server) => server.stop('SIGTERM')));
      await database.close();
    },
  );
});

describe('a randomised run of payins and payouts with crashes', () => {
  it('leaves books that balance, with nothing posted twice or half', { timeout: 240_000 }, async () => {
    const merchant = fileMerchant('ledger');
    const pg = process.env.TEST_DATABASE_URL ? await openTestDatabase() : undefined;
    const dataDir = scratchPath('data');
    const env = {
      ...(pg ? { DATABASE_URL: pg.url! } : { DATA_DIR: dataDir }),
      MERCHANTS_FILE: merchantsFile(merchant),
      SANDBOX_PAYOUT_SECS: '1',
    };
    // A seeded generator: a failure names its seed, and the same seed replays the same choices.
    const seed = Number(process.env.LEDGER_SEED ?? Date.now() % 1_000_000);
    let state = seed;
    const random = () => {
      state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
      return state / 2 ** 31;
    };
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
    const payins: string[] = [];
    const payouts: string[] = [];

    for (let round = 0; round < 5; round++) {
      const server = await start(env);
      const client = new ApiClient(server.baseUrl);
      const token = await tokenFor(client, merchant);
      const operation = async (): Promise<unknown> => {
        const choice = random();
        if (choice < 0.3 || payins.length === 0) {
          const id = newIdPayin('rp');
          payins.push(id);
          return client.request('POST', `/payins/${id}`, {
            token,
            body: payinRequest({ paymentRequested: { money: { amount: pick([100, 250.5, 999.99, 20]) } } }),
          });
        }
        if (choice < 0.6)
          return client.request('POST', `/sandbox/payins/${pick(payins)}/!simulate`, {
            token,
            body: { status: random() < 0.8 ? 'SUCCESS' : 'REFUSED' },
          });
        if (choice < 0.85 || payouts.length === 0) {
          const id = newIdPayin('ro');
          payouts.push(id);
          // 9.10 endings wait for a simulate call; 9.02 refuses by itself; others succeed after 1 s.
          return client.request('POST', `/payouts/${id}`, {
            token,
            body: payoutBody(pick([50, 109.1, 19.02, 300])),
          });
        }
        return client.request('POST', `/sandbox/payouts/${pick(payouts)}/!simulate`, {
          token,
          body: { status: random() < 0.5 ? 'SUCCESS' : 'REFUSED' },
        });
      };
      // A paced burst (the rate limit is 10/s); the process dies in the middle of the last one.
      for (let burst = 0; burst < 3; burst++) {
        const inFlight = Array.from({ length: 8 }, () => operation().catch(() => undefined));
        if (burst === 2) {
          await new Promise((resolve) => setTimeout(resolve, Math.floor(random() * 300)));
          await server.stop('SIGKILL');
        }
        await Promise.all(inFlight);
        if (burst < 2) await new Promise((resolve) => setTimeout(resolve, 1100));
      }
    }

    // A last, orderly run lets the sandbox finish what it scheduled; then the books are read.
    const last = await start(env);
    const client = new ApiClient(last.baseUrl);
    const token = await tokenFor(client, merchant);
    const balance = await thb(client, token);
    expect(balance.available).toBeGreaterThanOrEqual(0);
    await last.stop('SIGTERM');

    const database: DatabaseHandle = pg ?? (await openPglite(dataDir));
    if (!pg) await migrateToLatest(database.db);
    try {
      expect(await checkLedgerInvariants(database.db), `seed ${seed}`).toEqual([]);
      const kinds = await database.db
        .selectFrom('ledger_transfers')
        .select(['kind', (eb) => eb.fn.countAll<string>().as('n')])
        .groupBy('kind')
        .execute();
      const count = (kind: string) => Number(kinds.find((row) => row.kind === kind)?.n ?? 0);
      const summary = kinds.map((row) => `${row.kind} ${row.n}`).join(', ');
      // The run moved money in and out (else it proved nothing).
      expect(count('PAYIN_CREDIT'), `seed ${seed}: ${summary}`).toBeGreaterThan(0);
      expect(count('PAYOUT_RESERVE'), `seed ${seed}: ${summary}`).toBeGreaterThan(0);
    } finally {
      await database.close();
    }
  });
});
