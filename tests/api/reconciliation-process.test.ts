import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { CollectionIngestResource } from '@/lib/api/collection-responses';
import { migrateToLatest, openPglite, type DatabaseHandle } from '@/server/db';
import { checkLedgerInvariants } from '@/server/audit';
import { thaiIdCheckDigit } from '@/server/rails';
import { ALL_PAYIN_OPERATIONS, ApiClient } from '../support/api-client';
import { newIdPayin, payinRequest } from '../support/builders';
import { politely, serverProcessFixture } from '../support/server-process';
import { openTestDatabase } from '../support/test-database';

/**
 * Reconciliation under real server processes (docs/decisions/028): one bank feed delivering to
 * two instances on one PostgreSQL at once, and a feed whose server is killed mid-delivery; each
 * bank transaction must be stored and applied exactly once, and the books must hold.
 */
const { start, merchantsFile: writeMerchants, scratchPath } = serverProcessFixture('collection');

const first12 = '010556100002';

interface LiveMerchant {
  merchantCode: string;
  secret: string;
  feedKey: string;
}

function liveMerchant(): { merchant: LiveMerchant; file: string } {
  const merchant = {
    merchantCode: `recon-${randomBytes(3).toString('hex')}`,
    secret: `sk_live_${randomBytes(18).toString('base64url')}`,
    feedKey: `feed_${randomBytes(24).toString('base64url')}`,
  };
  const file = writeMerchants([
    {
      merchantCode: merchant.merchantCode,
      secret: merchant.secret,
      channelName: 'Reconciled Shop',
      test: false,
      paymentMethods: ['QRTH'],
      collectionAccounts: [
        {
          id: 'kbank-promptpay',
          type: 'PROMPTPAY',
          promptPayId: first12 + thaiIdCheckDigit(first12),
          accountName: 'Reconciled Shop Co., Ltd.',
          feed: { apiKey: merchant.feedKey },
        },
      ],
    },
  ]);
  return { merchant, file };
}

async function token(client: ApiClient, merchant: LiveMerchant): Promise<string> {
  const response = await politely(() =>
    client.request<{ token: string }>('POST', '/auth-tokens', {
      body: {
        merchantCode: merchant.merchantCode,
        secret: merchant.secret,
        operations: [...ALL_PAYIN_OPERATIONS, 'GET /collection/.*'],
      },
    }),
  );
  expect(response.status, response.text).toBe(200);
  return response.body.token;
}

/** A live QRTH payin: its reference and the unique amount it asks. */
async function qrth(
  client: ApiClient,
  bearer: string,
): Promise<{ id: string; reference: string; toPay: number }> {
  const id = newIdPayin('rc');
  const created = await politely(() =>
    client.request<{ paymentMethodResponse: { reference: string; moneyRequired: { amount: number } } }>(
      'POST',
      `/payins/${id}`,
      {
        token: bearer,
        body: payinRequest({
          paymentRequested: { money: { amount: 200 } },
          paymentMethod: {
            paymentMethodCode: 'QRTH',
            account: { accountName: 'Somchai Jaidee', accountNumber: '1234567890' },
          },
        }),
      },
    ),
  );
  expect(created.status, created.text).toBe(201);
  const response = created.body.paymentMethodResponse;
  return { id, reference: response.reference, toPay: response.moneyRequired.amount };
}

function delivery(payin: { reference: string; toPay: number }) {
  return {
    transactions: [
      {
        id: `FT${randomBytes(6).toString('hex')}`,
        amount: payin.toPay.toFixed(2),
        currency: 'THB',
        bookedAt: new Date().toISOString(),
        note: `PROMPTPAY ${payin.reference}`,
      },
    ],
  };
}

function deliver(client: ApiClient, key: string, body: unknown) {
  return client.request<CollectionIngestResource>('POST', '/collection/transactions', {
    version: null,
    headers: { authorization: `Apikey ${key}` },
    body,
  });
}

async function transactionRows(db: DatabaseHandle['db']) {
  return db.selectFrom('collection_transactions').select(['bank_transaction_id', 'outcome']).execute();
}

describe.runIf(process.env.TEST_DATABASE_URL)('two instances on one PostgreSQL', () => {
  it(
    'store and apply a transaction delivered to both at once exactly once',
    { timeout: 120_000 },
    async () => {
      const database = await openTestDatabase();
      const { merchant, file } = liveMerchant();
      const env = { DATABASE_URL: database.url!, MERCHANTS_FILE: file };
      const servers = [await start(env), await start(env)];
      const clients = servers.map((server) => new ApiClient(server.baseUrl));
      const bearer = await token(clients[0]!, merchant);
      const payins = [];
      for (let index = 0; index < 6; index++) payins.push(await qrth(clients[0]!, bearer));
      const deliveries = payins.map(delivery);

      // Every delivery to both instances at the same moment, as a feed retrying on a timeout would.
      const answers = await Promise.all(
        deliveries.flatMap((body) =>
          clients.map((client) => politely(() => deliver(client, merchant.feedKey, body))),
        ),
      );
      for (const answer of answers) expect(answer.status, answer.text).toBe(200);
      expect(answers.reduce((sum, answer) => sum + answer.body.stored, 0)).toBe(6);
      expect(answers.reduce((sum, answer) => sum + answer.body.duplicates, 0)).toBe(6);

      const rows = await transactionRows(database.db);
      const ours = rows.filter((row) =>
        deliveries.some((d) => d.transactions[0]!.id === row.bank_transaction_id),
      );
      expect(ours).toHaveLength(6);
      expect(ours.every((row) => row.outcome === 'APPLIED')).toBe(true);
      for (const payin of payins) {
        const read = await politely(() =>
          clients[1]!.request<{ process: { status: string } }>('GET', `/payins/${payin.id}`, {
            token: bearer,
          }),
        );
        expect(read.body.process.status).toBe('SUCCESS');
      }
      expect(await checkLedgerInvariants(database.db)).toEqual([]);
      await Promise.all(servers.map((server) => server.stop('SIGTERM')));
      await database.close();
    },
  );
});

describe('a feed whose server is killed mid-delivery', () => {
  it(
    'loses nothing: what was stored is matched after the restart, redeliveries are duplicates',
    { timeout: 120_000 },
    async () => {
      const { merchant, file } = liveMerchant();
      const pg = process.env.TEST_DATABASE_URL ? await openTestDatabase() : undefined;
      const dataDir = scratchPath('data');
      const env = { ...(pg ? { DATABASE_URL: pg.url! } : { DATA_DIR: dataDir }), MERCHANTS_FILE: file };

      let server = await start(env);
      let client = new ApiClient(server.baseUrl);
      let bearer = await token(client, merchant);
      const payins = [];
      for (let index = 0; index < 12; index++) payins.push(await qrth(client, bearer));
      const deliveries = payins.map(delivery);
      const burst = deliveries.map((body) => deliver(client, merchant.feedKey, body).catch(() => undefined));
      await new Promise((resolve) => setTimeout(resolve, 40));
      await server.stop('SIGKILL');
      const before = await Promise.all(burst);
      const acknowledged = before.filter((answer) => answer?.status === 200).length;

      // The feed redelivers everything it has no answer for; the restarted server matches the backlog.
      server = await start(env);
      client = new ApiClient(server.baseUrl);
      bearer = await token(client, merchant);
      for (const body of deliveries) {
        const answer = await politely(() => deliver(client, merchant.feedKey, body));
        expect(answer.status, answer.text).toBe(200);
      }
      const deadline = Date.now() + 30_000;
      let statuses: string[] = [];
      while (Date.now() < deadline) {
        statuses = [];
        for (const payin of payins) {
          const read = await politely(() =>
            client.request<{ process: { status: string } }>('GET', `/payins/${payin.id}`, { token: bearer }),
          );
          statuses.push(read.body.process.status);
        }
        if (statuses.every((status) => status === 'SUCCESS')) break;
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
      expect(statuses, `${acknowledged} of 12 acknowledged before the kill`).toEqual(
        payins.map(() => 'SUCCESS'),
      );
      await server.stop('SIGTERM');

      const database: DatabaseHandle = pg ?? (await openPglite(dataDir));
      if (!pg) await migrateToLatest(database.db);
      try {
        const rows = await transactionRows(database.db);
        const ours = rows.filter((row) =>
          deliveries.some((d) => d.transactions[0]!.id === row.bank_transaction_id),
        );
        expect(ours).toHaveLength(12);
        expect(ours.every((row) => row.outcome === 'APPLIED')).toBe(true);
        expect(await checkLedgerInvariants(database.db)).toEqual([]);
      } finally {
        await database.close();
      }
    },
  );
});
