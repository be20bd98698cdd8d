import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  BalancesResource,
  BalanceTransactionsResource,
  PayoutResource,
} from '@/lib/api/payout-responses';
import type { CallbackDeliveryResource } from '@/lib/api/responses';
import type { CallbackDispatcherWorker } from '@/server/callbacks';
import { checkLedgerInvariants } from '@/server/audit';
import type { MerchantEntry } from '@/server/merchants';
import { ALL_PAYIN_OPERATIONS, PacedApiClient } from '../support/api-client';
import { newIdPayin, payinRequest } from '../support/builders';
import { startCallbackListener, verifyHit, type CallbackListener } from '../support/callback-listener';
import { expectProblem } from '../support/problem';
import {
  manualClock,
  startTestApi,
  type TestApi,
  type TestMerchant,
  callbackDispatcherOf,
} from '../support/test-api';

// The ledger, balances and payouts over real HTTP on the real database (docs/decisions/027).
const OPERATIONS = [
  ...ALL_PAYIN_OPERATIONS,
  'POST /payouts/.*',
  'GET /payouts.*',
  'GET /balances',
  'GET /balance-transactions',
  'GET /callbacks',
  'POST /sandbox/payouts/.*',
];

const clock = manualClock();
let api: TestApi;
let client: PacedApiClient;
let dispatcher: CallbackDispatcherWorker;
let listener: CallbackListener;

beforeAll(async () => {
  api = await startTestApi({}, { clock });
  client = new PacedApiClient(api.baseUrl);
  dispatcher = callbackDispatcherOf(api);
  listener = await startCallbackListener();
});
afterAll(async () => {
  await listener.close();
  // Whatever the tests did, the books hold.
  expect(await checkLedgerInvariants(api.runtime.deps.db)).toEqual([]);
  await api.close();
});

interface Shop {
  merchant: TestMerchant;
  token: string;
}

async function shop(overrides: Partial<MerchantEntry> = {}): Promise<Shop> {
  const merchant = await api.createMerchant({ test: true, ...overrides });
  return { merchant, token: await client.token(merchant, OPERATIONS) };
}

/** A successful THB payin of `amount`: the merchant's balance grows by it less fee and VAT. */
async function paidPayin(s: Shop, amount: number, currencyCode = 'THB'): Promise<string> {
  const id = newIdPayin('fund');
  const created = await client.request('POST', `/payins/${id}`, {
    token: s.token,
    body: payinRequest({ paymentRequested: { money: { amount, currencyCode } } }),
  });
  expect(created.status, created.text).toBe(201);
  const paid = await client.request('POST', `/sandbox/payins/${id}/!simulate`, {
    token: s.token,
    body: { status: 'SUCCESS' },
  });
  expect(paid.status, paid.text).toBe(200);
  return id;
}

async function balances(s: Shop, query = ''): Promise<BalancesResource['data']> {
  const response = await client.request<BalancesResource>('GET', `/balances${query}`, { token: s.token });
  expect(response.status, response.text).toBe(200);
  return response.body.data;
}

async function thb(s: Shop): Promise<{ available: number; pending: number; reserved: number }> {
  const [balance] = await balances(s, '?currencies=THB');
  return {
    available: balance!.available.amount,
    pending: balance!.pending.amount,
    reserved: balance!.reserved.amount,
  };
}

const BANK_THB = {
  paymentMethodCode: 'BANK_TRANSFER',
  account: { accountName: 'Somchai Jaidee', accountNumber: '123-4-56789-0', bankCode: '004' },
};

function payoutBody(amount: number, overrides: Record<string, unknown> = {}) {
  return {
    paymentRequested: { money: { amount, currencyCode: 'THB' } },
    paymentMethod: BANK_THB,
    callbackUrl: listener.url('/payouts'),
    ...overrides,
  };
}

function createPayout(s: Shop, id: string, body: unknown, token = s.token) {
  return client.request<PayoutResource>('POST', `/payouts/${id}`, { token, body });
}

function simulate(s: Shop, id: string, body: unknown) {
  return client.request<PayoutResource>('POST', `/sandbox/payouts/${id}/!simulate`, { token: s.token, body });
}

async function transfers(s: Shop, query: string): Promise<BalanceTransactionsResource['data']> {
  const response = await client.request<BalanceTransactionsResource>('GET', `/balance-transactions${query}`, {
    token: s.token,
  });
  expect(response.status, response.text).toBe(200);
  return response.body.data;
}

describe('balances', () => {
  it('lists nothing for a merchant without money, and asked currencies as zero, ignoring the rest', async () => {
    const s = await shop();
    expect(await balances(s)).toEqual([]);
    const zero = (currencyCode: string) => ({ amount: 0, currencyCode });
    expect(await balances(s, '?currencies=VND,NOPE,thb,VND,,%20KES')).toEqual([
      {
        currencyCode: 'VND',
        available: zero('VND'),
        pending: zero('VND'),
        reserved: zero('VND'),
        unapplied: zero('VND'),
        forReview: zero('VND'),
      },
      {
        currencyCode: 'THB',
        available: zero('THB'),
        pending: zero('THB'),
        reserved: zero('THB'),
        unapplied: zero('THB'),
        forReview: zero('THB'),
      },
      {
        currencyCode: 'KES',
        available: zero('KES'),
        pending: zero('KES'),
        reserved: zero('KES'),
        unapplied: zero('KES'),
        forReview: zero('KES'),
      },
    ]);
    expect(await balances(s, '?currencies=XXX')).toEqual([]);
  });

  it('credits a successful payin less fee and VAT, settles it at once by default, and shows the transfers', async () => {
    const s = await shop({ vatPercent: 7 });
    const idPayin = await paidPayin(s, 1000);
    // 2 % fee = 20.00, 7 % VAT on it = 1.40.
    expect(await thb(s)).toEqual({ available: 978.6, pending: 0, reserved: 0 });
    const [settlement, credit] = await transfers(s, `?idPayin=${idPayin}`);
    expect(credit).toMatchObject({ type: 'PAYIN_CREDIT', idPayin, currencyCode: 'THB' });
    expect(credit!.entries).toEqual([
      { account: 'operator.cash', direction: 'DEBIT', money: { amount: 1000, currencyCode: 'THB' } },
      { account: 'merchant.pending', direction: 'CREDIT', money: { amount: 978.6, currencyCode: 'THB' } },
      { account: 'operator.fees', direction: 'CREDIT', money: { amount: 20, currencyCode: 'THB' } },
      { account: 'operator.vat', direction: 'CREDIT', money: { amount: 1.4, currencyCode: 'THB' } },
    ]);
    expect(settlement).toMatchObject({ type: 'PAYIN_SETTLEMENT', idPayin });
    // Every currency the merchant has, without a filter, or with one of only invalid values.
    expect((await balances(s)).map((balance) => balance.currencyCode)).toEqual(['THB']);
    expect(await balances(s, '?currencies=XXX,%20')).toEqual(await balances(s));
    expect(await balances(s, '?currencies=XXX&currencies=kes')).toEqual([
      expect.objectContaining({ currencyCode: 'KES' }),
    ]);
  });

  it('credits nothing for refused or still open payins', async () => {
    const s = await shop();
    const id = newIdPayin('refused');
    await client.request('POST', `/payins/${id}`, { token: s.token, body: payinRequest() });
    await client.request('POST', `/payins/${newIdPayin('open')}`, { token: s.token, body: payinRequest() });
    const refused = await client.request('POST', `/sandbox/payins/${id}/!simulate`, {
      token: s.token,
      body: { status: 'REFUSED' },
    });
    expect(refused.status).toBe(200);
    expect(await balances(s)).toEqual([]);
    expect(await transfers(s, '')).toEqual([]);
  });

  it('keeps the money pending for the merchant settlement delay, then makes it available once', async () => {
    const s = await shop({ settlementDelaySeconds: 3600 });
    await paidPayin(s, 500);
    expect(await thb(s)).toEqual({ available: 0, pending: 490, reserved: 0 });
    expect(await api.runtime.ledger.settleDue()).toBe(0);
    clock.advance(3600 * 1000);
    // Two settlers at once (two instances' workers): one posts.
    const settled = await Promise.all([api.runtime.ledger.settleDue(), api.runtime.ledger.settleDue()]);
    expect(settled.reduce((sum, n) => sum + n, 0)).toBeGreaterThanOrEqual(1);
    expect(await thb(s)).toEqual({ available: 490, pending: 0, reserved: 0 });
    // A payout can spend only what is available.
    const early = await shop({ settlementDelaySeconds: 3600 });
    await paidPayin(early, 500);
    expectProblem(await createPayout(early, newIdPayin('po'), payoutBody(100)), 422, 'INSUFFICIENT_BALANCE');
  });

  it('posts a replayed success once', async () => {
    const s = await shop();
    const idPayin = await paidPayin(s, 200);
    const again = await client.request('POST', `/sandbox/payins/${idPayin}/!simulate`, {
      token: s.token,
      body: { status: 'SUCCESS' },
    });
    expect(again.status).toBe(409);
    // The event itself replayed in a transaction of its own (a redelivered processor notification).
    const payin = (await api.runtime.deps.payins.find(
      await api.runtime.deps.merchants.require(s.merchant.merchantCode),
      idPayin,
    ))!;
    await api.runtime.deps.db.transaction().execute(async (tx) => {
      await api.runtime.ledger.payinPostings.record(tx, { payin, previous: 'PENDING', at: clock() });
    });
    expect(await thb(s)).toEqual({ available: 196, pending: 0, reserved: 0 });
    expect(await transfers(s, `?idPayin=${idPayin}`)).toHaveLength(2);
  });

  it('keeps entries immutable', async () => {
    const s = await shop();
    await paidPayin(s, 100);
    await expect(
      sql`update ledger_entries set amount_minor = 1`.execute(api.runtime.deps.db),
    ).rejects.toThrow(/immutable/);
    await expect(sql`delete from ledger_transfers`.execute(api.runtime.deps.db)).rejects.toThrow(/immutable/);
  });
});

describe('payouts', () => {
  it('reserves the amount, fee and VAT, and a success debits them with a signed payout callback', async () => {
    const s = await shop({ vatPercent: 7 });
    await paidPayin(s, 10_000);
    const available = (await thb(s)).available;
    const id = newIdPayin('po');
    // Amounts ending in 9.10: the sandbox leaves them PENDING until simulated.
    const created = await createPayout(s, id, payoutBody(1009.1));
    expect(created.status, created.text).toBe(201);
    expect(created.body).toMatchObject({
      paymentRequested: { money: { amount: 1009.1, currencyCode: 'THB' } },
      process: { status: 'PENDING', isTest: true },
      // The default payout fee: 1 %.
      fee: { amount: 10.09, currencyCode: 'THB' },
      paymentMethodResponse: {
        idPayout: id,
        paymentMethodCode: 'BANK_TRANSFER',
        account: { accountName: 'Somchai Jaidee', accountNumber: '1234567890', bankCode: '004' },
        money: { amount: 1009.1, currencyCode: 'THB' },
        vat: { amount: 0.71, currencyCode: 'THB' },
      },
    });
    expect(created.body.paymentMethodResponse.reference).toMatch(/\S/);
    expect(available).toBe(9786);
    expect(await thb(s)).toEqual({ available: 8766.1, pending: 0, reserved: 1019.9 });
    const read = await client.request<PayoutResource>('GET', `/payouts/${id}`, { token: s.token });
    expect(read.body).toEqual(created.body);

    const done = await simulate(s, id, { status: 'SUCCESS' });
    expect(done.status, done.text).toBe(200);
    expect(done.body.process).toMatchObject({ status: 'SUCCESS', processorStatus: 'APPROVED' });
    expect(done.body.process.processedAt).toBeDefined();
    expect(await thb(s)).toEqual({ available: 8766.1, pending: 0, reserved: 0 });
    const moves = await transfers(s, `?idPayout=${id}`);
    expect(moves.map((move) => move.type)).toEqual(['PAYOUT_DEBIT', 'PAYOUT_RESERVE']);

    const before = listener.hits.length;
    await dispatcher.runOnce();
    clock.advance(60_000);
    await dispatcher.runOnce();
    const [hit] = await listener.waitFor((hits) => hits.length > before);
    const payload = verifyHit(hit!, s.merchant.callbackSecret);
    expect(payload).toMatchObject({ type: 'payout.status_changed', idPayout: id });
    expect(payload).not.toHaveProperty('idPayin');
    // In the merchant's delivery log, by payout.
    const log = await client.request<{ data: CallbackDeliveryResource[] }>('GET', '/callbacks', {
      token: s.token,
    });
    expect(log.body.data.find((delivery) => delivery.idPayout === id)).toMatchObject({
      type: 'payout.status_changed',
      status: 'DELIVERED',
    });
    const own = await client.request<{ data: CallbackDeliveryResource[] }>(
      'GET',
      `/payouts/${id}/callbacks`,
      {
        token: s.token,
      },
    );
    expect(own.body.data).toMatchObject([{ idPayout: id, status: 'DELIVERED' }]);
    const filtered = await client.request<{ data: CallbackDeliveryResource[] }>(
      'GET',
      `/callbacks?idPayout=${id}`,
      {
        token: s.token,
      },
    );
    expect(filtered.body.data).toHaveLength(1);
    const again = await client.request<CallbackDeliveryResource>(
      'POST',
      `/payouts/${id}/callbacks/!redeliver`,
      {
        token: s.token,
      },
    );
    expect(again.status, again.text).toBe(202);
    expect(again.body).toMatchObject({ idPayout: id, status: 'PENDING' });
    expectProblem(await simulate(s, id, { status: 'SUCCESS' }), 409, 'PAYOUT_FINAL');
    expectProblem(await simulate(s, id, { status: 'REFUSED', delaySeconds: 5 }), 409, 'PAYOUT_FINAL');
    // REFUSED on a paid payout plays the payee's bank sending it back later (docs/decisions/044):
    // REFUSED after all, its money, fee and VAT back on the available balance, announced again.
    const returned = await simulate(s, id, { status: 'REFUSED', processorStatus: 'ACCOUNT_CLOSED' });
    expect(returned.status, returned.text).toBe(200);
    expect(returned.body.process).toMatchObject({
      status: 'REFUSED',
      processorStatus: 'ACCOUNT_CLOSED',
      processedAt: done.body.process.processedAt,
      returnedAt: expect.any(String) as string,
    });
    expect(await thb(s)).toEqual({ available: 9786, pending: 0, reserved: 0 });
    expect((await transfers(s, `?idPayout=${id}`)).map((move) => move.type)).toEqual([
      'PAYOUT_RETURN',
      'PAYOUT_DEBIT',
      'PAYOUT_RESERVE',
    ]);
    expectProblem(await simulate(s, id, { status: 'REFUSED' }), 409, 'PAYOUT_FINAL');
    // A pending payout has announced nothing yet.
    const pendingId = newIdPayin('po');
    await createPayout(s, pendingId, payoutBody(9.1));
    expectProblem(
      await client.request('POST', `/payouts/${pendingId}/callbacks/!redeliver`, { token: s.token }),
      404,
      'NOT_FOUND',
    );
  });

  it('a refusal releases the whole reservation', async () => {
    const s = await shop();
    await paidPayin(s, 1000);
    const before = await thb(s);
    const id = newIdPayin('po');
    expect((await createPayout(s, id, payoutBody(109.1))).status).toBe(201);
    const refused = await simulate(s, id, { status: 'REFUSED', processorStatus: 'ACCOUNT_CLOSED' });
    expect(refused.body.process).toMatchObject({ status: 'REFUSED', processorStatus: 'ACCOUNT_CLOSED' });
    expect(await thb(s)).toEqual(before);
    const moves = await transfers(s, `?idPayout=${id}`);
    expect(moves.map((move) => move.type)).toEqual(['PAYOUT_RELEASE', 'PAYOUT_RESERVE']);
    expectProblem(
      await simulate(s, id, { status: 'REFUSED', processorStatus: 'APPROVED' }),
      400,
      'VALIDATION_FAILED',
    );
  });

  it('refuses a payout the available balance cannot cover, leaving nothing behind; the idPayout stays free', async () => {
    const s = await shop();
    await paidPayin(s, 100); // 98.00 available
    const id = newIdPayin('po');
    // 97.10 + 1 % fee (0.97) = 98.07 > 98.00
    const short = await createPayout(s, id, payoutBody(97.1));
    expectProblem(short, 422, 'INSUFFICIENT_BALANCE');
    // The amount in currency units, as the merchant reads every other amount.
    expect((short.body as unknown as { detail: string }).detail).toMatch(
      /^The available balance in THB is lower than the 98\.\d\d THB this needs\.$/,
    );
    expectProblem(await client.request('GET', `/payouts/${id}`, { token: s.token }), 404, 'PAYOUT_NOT_FOUND');
    expect(await thb(s)).toEqual({ available: 98, pending: 0, reserved: 0 });
    await paidPayin(s, 100);
    expect((await createPayout(s, id, payoutBody(97.1))).status).toBe(201);
    expectProblem(await createPayout(s, id, payoutBody(9.1)), 409, 'PAYOUT_ALREADY_EXISTS');
  });

  it('keeps idPayout unique per merchant: another merchant may use it and never sees the first', async () => {
    const [one, two] = [await shop(), await shop()];
    await paidPayin(one, 100);
    await paidPayin(two, 100);
    const id = newIdPayin('shared');
    expect((await createPayout(one, id, payoutBody(9.1))).status).toBe(201);
    expectProblem(
      await client.request('GET', `/payouts/${id}`, { token: two.token }),
      404,
      'PAYOUT_NOT_FOUND',
    );
    expect((await createPayout(two, id, payoutBody(19.1))).status).toBe(201);
    const read = await client.request<PayoutResource>('GET', `/payouts/${id}`, { token: one.token });
    expect(read.body.paymentRequested.money.amount).toBe(9.1);
  });

  it('lets concurrent payouts spend exactly what is available, never more', async () => {
    const s = await shop({ payoutFees: { default: { percent: 0 } } });
    await paidPayin(s, 1000); // 980.00 available
    const ids = Array.from({ length: 12 }, () => newIdPayin('race'));
    // 12 × 109.10 = 1309.20: eight fit into 980.00.
    const results = await Promise.all(ids.map((id) => createPayout(s, id, payoutBody(109.1))));
    const accepted = results.filter((result) => result.status === 201);
    for (const result of results) expect([201, 422], result.text).toContain(result.status);
    expect(accepted).toHaveLength(8);
    expect(await thb(s)).toEqual({ available: 107.2, pending: 0, reserved: 872.8 });
  });

  it('applies token operations, money limits and the payment scope', async () => {
    const s = await shop();
    await paidPayin(s, 1000);
    const payinsOnly = await client.token(s.merchant, ALL_PAYIN_OPERATIONS);
    expectProblem(
      await createPayout(s, newIdPayin('po'), payoutBody(9.1), payinsOnly),
      403,
      'OPERATION_NOT_PERMITTED',
    );
    expectProblem(
      await client.request('GET', '/balances', { token: payinsOnly }),
      403,
      'OPERATION_NOT_PERMITTED',
    );
    const limited = await client.token(s.merchant, ['POST /payouts/.*'], {
      money: { amount: 9.1, currencyCode: 'THB' },
    });
    expectProblem(
      await createPayout(s, newIdPayin('po'), payoutBody(19.1), limited),
      403,
      'MONEY_NOT_PERMITTED',
    );
    expect((await createPayout(s, newIdPayin('po'), payoutBody(9.1), limited)).status).toBe(201);
    const id = newIdPayin('scoped');
    const scoped = await client.token(s.merchant, [`POST /payouts/${id}`, 'GET /balances'], {
      idPayment: id,
    });
    expectProblem(await createPayout(s, id, payoutBody(9.1), scoped), 403, 'PAYMENT_NOT_PERMITTED');
    expectProblem(await client.request('GET', '/balances', { token: scoped }), 403, 'PAYMENT_NOT_PERMITTED');
  });

  it('refuses live payouts until a connector exists', async () => {
    const s = await shop({ test: false });
    expectProblem(await createPayout(s, newIdPayin('po'), payoutBody(10)), 422, 'PAYOUTS_NOT_AVAILABLE');
  });

  it('checks the destination by its method and country, naming the field', async () => {
    const s = await shop();
    await paidPayin(s, 1000);
    const inr = (account: Record<string, string>) =>
      payoutBody(10, {
        paymentRequested: { money: { amount: 10, currencyCode: 'INR' } },
        paymentMethod: {
          paymentMethodCode: 'BANK_TRANSFER',
          account: { accountName: 'Asha Rao', ...account },
        },
      });
    const badIfsc = await createPayout(
      s,
      newIdPayin('po'),
      inr({ accountNumber: '123456789012', bankCode: 'HDFC1234567' }),
    );
    expectProblem(badIfsc, 400, 'VALIDATION_FAILED');
    expect(JSON.stringify(badIfsc.body)).toContain('paymentMethod.account.bankCode');
    expectProblem(
      await createPayout(
        s,
        newIdPayin('po'),
        payoutBody(10, { paymentMethod: { ...BANK_THB, paymentMethodCode: 'CHEQUE' } }),
      ),
      400,
      'PAYOUT_METHOD_UNKNOWN',
    );
    const crypto = await createPayout(
      s,
      newIdPayin('po'),
      payoutBody(10, {
        paymentRequested: { money: { amount: 10, currencyCode: 'USDT' } },
        paymentMethod: {
          paymentMethodCode: 'CRYPTO',
          paymentOperatorCode: 'TRON',
          account: { accountNumber: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6x' },
        },
      }),
    );
    expectProblem(crypto, 400, 'VALIDATION_FAILED');
    // Destinations the rules accept get as far as the balance (this merchant has no GHS, USDC or VND).
    const destination = (currencyCode: string, paymentMethod: Record<string, unknown>) =>
      payoutBody(10, { paymentRequested: { money: { amount: 10, currencyCode } }, paymentMethod });
    const momo = (number: string) =>
      destination('GHS', {
        paymentMethodCode: 'MOBILE_MONEY',
        paymentOperatorCode: 'MTN',
        account: { accountName: 'Kwame Mensah', accountNumber: number },
      });
    const otherNetwork = await createPayout(s, newIdPayin('po'), momo('020 123 4567'));
    expectProblem(otherNetwork, 400, 'VALIDATION_FAILED');
    expect(JSON.stringify(otherNetwork.body)).toContain('paymentMethod.account.accountNumber');
    expectProblem(await createPayout(s, newIdPayin('po'), momo('024 123 4567')), 422, 'INSUFFICIENT_BALANCE');
    const usdc = destination('USDC', {
      paymentMethodCode: 'CRYPTO',
      paymentOperatorCode: 'ETHEREUM',
      account: { accountNumber: '0x52908400098527886E0F7030069857D2E4169EE7' },
    });
    expectProblem(await createPayout(s, newIdPayin('po'), usdc), 422, 'INSUFFICIENT_BALANCE');
    const vnd = destination('VND', {
      paymentMethodCode: 'BANK_TRANSFER',
      account: { accountName: 'Nguyen Van A', accountNumber: '0071 0012 34567', bankCode: '970415' },
    });
    expectProblem(await createPayout(s, newIdPayin('po'), vnd), 422, 'INSUFFICIENT_BALANCE');
    const options = await client.request<{
      data: { paymentMethodCode: string; paymentOperators: unknown[] }[];
    }>('POST', '/payouts/!availablePaymentOptions', {
      token: s.token,
      body: { money: { amount: 10, currencyCode: 'GHS' } },
    });
    expect(options.body.data.map((option) => option.paymentMethodCode)).toEqual([
      'BANK_TRANSFER',
      'MOBILE_MONEY',
    ]);
    expectProblem(
      await createPayout(s, newIdPayin('po'), { paymentRequested: {} }),
      400,
      'VALIDATION_FAILED',
    );
    expectProblem(
      await createPayout(s, newIdPayin('po'), payoutBody(10, { callbackUrl: 'ftp://merchant.example/cb' })),
      400,
      'VALIDATION_FAILED',
    );
    expectProblem(
      await client.request('GET', '/payouts/a%2Fb', { token: s.token }),
      400,
      'VALIDATION_FAILED',
    );
    // Nothing of the refused requests stayed.
    expect((await thb(s)).reserved).toBe(0);
  });

  it('plays magic amounts and the default delay by itself', async () => {
    const s = await shop();
    await paidPayin(s, 1000);
    const refusedId = newIdPayin('magic');
    const okId = newIdPayin('plain');
    const manualId = newIdPayin('manual');
    await createPayout(s, refusedId, payoutBody(19.02));
    await createPayout(s, okId, payoutBody(10));
    await createPayout(s, manualId, payoutBody(19.1));
    clock.advance(3_000);
    await api.runtime.payoutSimulations.applyDue();
    const status = async (id: string) =>
      (await client.request<PayoutResource>('GET', `/payouts/${id}`, { token: s.token })).body.process;
    expect(await status(refusedId)).toMatchObject({ status: 'REFUSED', processorStatus: 'ACCOUNT_INVALID' });
    expect(await status(okId)).toMatchObject({ status: 'PENDING' });
    clock.advance(10_000);
    await api.runtime.payoutSimulations.applyDue();
    expect(await status(okId)).toMatchObject({ status: 'SUCCESS', processorStatus: 'APPROVED' });
    expect(await status(manualId)).toMatchObject({ status: 'PENDING' });
    const later = await simulate(s, manualId, { status: 'SUCCESS', delaySeconds: 30 });
    expect(later.status).toBe(202);
    clock.advance(30_000);
    await api.runtime.payoutSimulations.applyDue();
    expect(await status(manualId)).toMatchObject({ status: 'SUCCESS' });
  });

  it('lists payouts newest first, a page at a time', async () => {
    const s = await shop();
    await paidPayin(s, 1000);
    const ids = [newIdPayin('l1'), newIdPayin('l2'), newIdPayin('l3')];
    for (const id of ids) expect((await createPayout(s, id, payoutBody(9.1))).status).toBe(201);
    const first = await client.request<{ data: PayoutResource[]; nextCursor?: string }>(
      'GET',
      '/payouts?limit=2',
      {
        token: s.token,
      },
    );
    expect(first.body.data.map((payout) => payout.paymentMethodResponse.idPayout)).toEqual([ids[2], ids[1]]);
    const second = await client.request<{ data: PayoutResource[]; nextCursor?: string }>(
      'GET',
      `/payouts?limit=2&cursor=${first.body.nextCursor}`,
      { token: s.token },
    );
    expect(second.body.data.map((payout) => payout.paymentMethodResponse.idPayout)).toEqual([ids[0]]);
    expect(second.body.nextCursor).toBeUndefined();
    expectProblem(
      await client.request('GET', '/payouts?cursor=forged', { token: s.token }),
      400,
      'VALIDATION_FAILED',
    );
  });
});
