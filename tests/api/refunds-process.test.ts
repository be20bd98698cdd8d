import { describe, expect, it } from 'vitest';
import type { BalancesResource } from '@/lib/api/payout-responses';
import type { RefundList } from '@/lib/api/refund-responses';
import { checkLedgerInvariants } from '@/server/audit';
import { ALL_PAYIN_OPERATIONS, ApiClient } from '../support/api-client';
import { newIdPayin, payinRequest } from '../support/builders';
import { fileMerchant, politely, serverProcessFixture } from '../support/server-process';
import type { TestMerchant } from '../support/test-api';
import { openTestDatabase } from '../support/test-database';

/**
 * Refunds under two real server processes on one PostgreSQL (docs/decisions/036): requests racing
 * for a payin's last refundable amount, and for the merchant's last available money, through both
 * instances at once. Exactly the ones that fit are accepted, and the books hold.
 */
const { start, merchantsFile: writeMerchants } = serverProcessFixture('refunds');

const OPERATIONS = [
  ...ALL_PAYIN_OPERATIONS,
  'POST /payins/.*/refunds/.*',
  'GET /payins/.*/refunds.*',
  'POST /payouts/.*',
  'GET /balances',
];

/** Round numbers: 2 % on payins, nothing on payouts or refunds. */
const merchantsFile = (merchant: TestMerchant) =>
  writeMerchants([
    {
      ...merchant,
      channelName: 'Refund Shop',
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

async function paidPayin(client: ApiClient, token: string, amount: number): Promise<string> {
  const id = newIdPayin('paid');
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
  return id;
}

const BANK = {
  paymentMethodCode: 'BANK_TRANSFER',
  account: { accountName: 'Somchai Jaidee', accountNumber: '1234567890', bankCode: '014' },
};

describe.runIf(process.env.TEST_DATABASE_URL)('two instances on one PostgreSQL', () => {
  it(
    'accept exactly the refunds that fit the payin and the available balance',
    { timeout: 120_000 },
    async () => {
      const database = await openTestDatabase();
      const merchant = fileMerchant('refund');
      // Test refunds wait: nothing ends by itself during the races.
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
      const race = (idPayin: string, amount: number, count: number, prefix: string) =>
        Promise.all(
          Array.from({ length: count }, (_, index) =>
            politely(() =>
              instance(index).client.request('POST', `/payins/${idPayin}/refunds/${prefix}-${index}`, {
                token: instance(index).token,
                body: { money: { amount, currencyCode: 'THB' }, destination: BANK },
              }),
            ),
          ),
        );
      const { client, token } = instance(0);

      // The last refundable amount: 600.00 of a 1000.00 payin refunded, ten refunds of 400.00 race.
      const payin = await paidPayin(client, token, 1000);
      await paidPayin(client, token, 1000); // 1960.00 available in all
      const first = await politely(() =>
        client.request('POST', `/payins/${payin}/refunds/first`, {
          token,
          body: { money: { amount: 600, currencyCode: 'THB' }, destination: BANK },
        }),
      );
      expect(first.status, first.text).toBe(201);
      const lastAmount = await race(payin, 400, 10, 'last');
      const statuses = lastAmount.map((result) => result.status).sort();
      expect(statuses).toEqual([201, 422, 422, 422, 422, 422, 422, 422, 422, 422]);
      for (const refused of lastAmount.filter((result) => result.status === 422))
        expect((refused.body as { code: string }).code).toBe('REFUND_EXCEEDS_PAYMENT');
      const list = await politely(() =>
        instance(1).client.request<RefundList>('GET', `/payins/${payin}/refunds`, {
          token: instance(1).token,
        }),
      );
      expect(list.body.refundPending).toEqual({ amount: 1000, currencyCode: 'THB' });
      expect(list.body.refundable).toEqual({ amount: 0, currencyCode: 'THB' });

      // The last available money: two more payins (+1960.00, 2920.00 available), a payout of
      // 2840.00 leaves 80.00, and four refunds of 50.00 of those two payins race: one fits.
      const others = [await paidPayin(client, token, 1000), await paidPayin(client, token, 1000)];
      const idPayout = newIdPayin('payout');
      const payout = await politely(() =>
        client.request('POST', `/payouts/${idPayout}`, {
          token,
          body: {
            paymentRequested: { money: { amount: 2840, currencyCode: 'THB' } },
            paymentMethod: BANK,
            callbackUrl: 'https://shop.example/callbacks',
          },
        }),
      );
      expect(payout.status, payout.text).toBe(201);
      const balanceRace = (
        await Promise.all([race(others[0]!, 50, 2, 'balance-a'), race(others[1]!, 50, 2, 'balance-b')])
      ).flat();
      expect(balanceRace.map((result) => result.status).sort()).toEqual([201, 422, 422, 422]);
      for (const refused of balanceRace.filter((result) => result.status === 422))
        expect((refused.body as { code: string }).code).toBe('INSUFFICIENT_BALANCE');

      const balances = await politely(() =>
        client.request<BalancesResource>('GET', '/balances?currencies=THB', { token }),
      );
      const [thb] = balances.body.data;
      expect({ available: thb!.available.amount, reserved: thb!.reserved.amount }).toEqual({
        available: 30,
        reserved: 3890,
      });
      expect(await checkLedgerInvariants(database.db)).toEqual([]);
      await Promise.all(servers.map((server) => server.stop('SIGTERM')));
      await database.close();
    },
  );
});
