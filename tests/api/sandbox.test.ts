import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_PAYIN_OPERATIONS } from '../support/api-client';
import { newIdPayin, payinRequest, accountRecord } from '../support/builders';
import { expectProblem, fieldsOf } from '../support/problem';
import { eventually, manualClock, startTestApi, type TestApi, type TestMerchant } from '../support/test-api';

const clock = manualClock();
let api: TestApi;

beforeAll(async () => {
  api = await startTestApi({}, { clock });
});
afterAll(() => api.close());

async function createOffline(merchant: TestMerchant, token: string, overrides = {}): Promise<string> {
  const id = newIdPayin();
  const response = await api.client.request('POST', `/payins/${id}`, {
    token,
    body: payinRequest(overrides),
  });
  expect(response.status).toBe(201);
  return id;
}

describe('POST /sandbox/payins/{idPayin}/!simulate', () => {
  it('moves a test payin to SUCCESS and records where the money came from', async () => {
    const merchant = await api.createMerchant();
    const token = await api.client.token(merchant, ALL_PAYIN_OPERATIONS);
    const id = await createOffline(merchant, token, {
      paymentMethod: { account: { accountName: 'Nguyen Van A', accountNumber: '0123456789' } },
    });
    const response = await api.client.request('POST', `/sandbox/payins/${id}/!simulate`, {
      token,
      body: { status: 'SUCCESS' },
    });
    expect(response.status).toBe(200);
    expect(response.body.process).toEqual({
      status: 'SUCCESS',
      createdAt: expect.any(String),
      processedAt: clock().toISOString(),
      isTest: true,
      processorStatus: 'APPROVED',
    });
    const accounts = await api.client.request('GET', `/payins/${id}/accounts`, { token });
    expect(accounts.body.customerAccountProcess).toMatchObject({
      accountName: 'Nguyen Van A',
      accountNumber: '0123456789',
    });
    // A final payin never changes again.
    expectProblem(
      await api.client.request('POST', `/sandbox/payins/${id}/!simulate`, {
        token,
        body: { status: 'REFUSED' },
      }),
      409,
      'PAYIN_FINAL',
    );
  });

  it('shows a change made within the millisecond of the last read (reads are cached per row version)', async () => {
    const merchant = await api.createMerchant();
    const token = await api.client.token(merchant, ALL_PAYIN_OPERATIONS);
    const id = await createOffline(merchant, token);
    // The clock stands still: the create, this read and the change share one instant.
    expect((await api.client.request('GET', `/payins/${id}`, { token })).body.process).toMatchObject({
      status: 'PENDING',
    });
    await api.client.request('POST', `/sandbox/payins/${id}/!simulate`, {
      token,
      body: { status: 'SUCCESS' },
    });
    expect((await api.client.request('GET', `/payins/${id}`, { token })).body.process).toMatchObject({
      status: 'SUCCESS',
    });
  });

  it('moves a test payin to REFUSED with the processor status given', async () => {
    const merchant = await api.createMerchant();
    const token = await api.client.token(merchant, ALL_PAYIN_OPERATIONS);
    const id = await createOffline(merchant, token);
    const response = await api.client.request('POST', `/sandbox/payins/${id}/!simulate`, {
      token,
      body: { status: 'REFUSED', processorStatus: 'INSUFFICIENT_FUNDS' },
    });
    expect(response.body.process).toMatchObject({ status: 'REFUSED', processorStatus: 'INSUFFICIENT_FUNDS' });
    const accounts = await api.client.request('GET', `/payins/${id}/accounts`, { token });
    expect(accounts.body.customerAccountProcess).toEqual(accountRecord());
  });

  it('refuses payins of non-test merchants, bad bodies and unknown payins', async () => {
    // A live merchant collects OFFLINE only into a configured bank account (docs/decisions/028).
    const live = await api.createMerchant({
      test: false,
      collectionAccounts: [
        {
          id: 'kbank',
          type: 'BANK_ACCOUNT',
          currency: 'THB',
          bank: 'KBANK',
          accountNumber: '1234567890',
          accountName: 'Live Shop',
        },
      ],
    });
    const liveToken = await api.client.token(live, ALL_PAYIN_OPERATIONS);
    const id = await createOffline(live, liveToken);
    expectProblem(
      await api.client.request('POST', `/sandbox/payins/${id}/!simulate`, {
        token: liveToken,
        body: { status: 'SUCCESS' },
      }),
      403,
      'SANDBOX_ONLY',
    );
    const read = await api.client.request('GET', `/payins/${id}`, { token: liveToken });
    expect(read.body.process).toMatchObject({ status: 'PENDING', isTest: false });

    const merchant = await api.createMerchant();
    const token = await api.client.token(merchant, ALL_PAYIN_OPERATIONS);
    const bad = await api.client.request('POST', `/sandbox/payins/${newIdPayin()}/!simulate`, {
      token,
      body: { status: 'PENDING', delaySeconds: -1 },
    });
    expectProblem(bad, 400, 'VALIDATION_FAILED');
    expect(fieldsOf(bad).sort()).toEqual(['delaySeconds', 'status']);
    expectProblem(
      await api.client.request('POST', `/sandbox/payins/${newIdPayin()}/!simulate`, {
        token,
        body: { status: 'SUCCESS' },
      }),
      404,
      'PAYIN_NOT_FOUND',
    );
  });

  it('needs its own token operation', async () => {
    const merchant = await api.createMerchant();
    const token = await api.client.token(merchant, ['POST /payins/.*', 'GET /payins/.*']);
    const id = await createOffline(merchant, token);
    expectProblem(
      await api.client.request('POST', `/sandbox/payins/${id}/!simulate`, {
        token,
        body: { status: 'SUCCESS' },
      }),
      403,
      'OPERATION_NOT_PERMITTED',
    );
    const customer = await api.client.tokenByAction(merchant, 'PAYIN_CREATE', id);
    expect(
      (
        await api.client.request('POST', `/sandbox/payins/${id}/!simulate`, {
          token: customer,
          body: { status: 'SUCCESS' },
        })
      ).status,
    ).toBe(200);
  });

  it('applies a delayed outcome in the background once its time has come', async () => {
    const merchant = await api.createMerchant();
    const token = await api.client.token(merchant, ALL_PAYIN_OPERATIONS);
    const id = await createOffline(merchant, token);
    const scheduled = await api.client.request('POST', `/sandbox/payins/${id}/!simulate`, {
      token,
      body: { status: 'SUCCESS', delaySeconds: 120 },
    });
    expect(scheduled.status).toBe(202);
    expect(scheduled.body).toEqual({
      idPayin: id,
      status: 'SUCCESS',
      dueAt: new Date(clock().getTime() + 120_000).toISOString(),
    });
    const workers = api.runtime.workers.filter((worker) => worker.name === 'sandbox-simulations');
    for (const worker of workers) worker.start();
    try {
      clock.advance(60_000);
      await new Promise((resolve) => setTimeout(resolve, 700));
      expect((await api.client.request('GET', `/payins/${id}`, { token })).body.process).toMatchObject({
        status: 'PENDING',
      });
      clock.advance(61_000);
      const read = await eventually(
        () => api.client.request('GET', `/payins/${id}`, { token }),
        (response) => (response.body.process as { status: string }).status !== 'PENDING',
      );
      expect(read.body.process).toMatchObject({ status: 'SUCCESS', processorStatus: 'APPROVED' });
    } finally {
      for (const worker of workers) await worker.stop();
    }
  });
});

describe('expiry', () => {
  it('expires overdue payins in the background: REFUSED with processorStatus EXPIRED', async () => {
    const merchant = await api.createMerchant();
    const token = await api.client.token(merchant, ALL_PAYIN_OPERATIONS);
    const overdue = await createOffline(merchant, token);
    const expireAt = Date.parse(
      (
        (await api.client.request('GET', `/payins/${overdue}`, { token })).body.paymentMethodResponse as {
          expireAt: string;
        }
      ).expireAt,
    );
    const sweeper = api.runtime.workers.find((worker) => worker.name === 'expiry-sweeper')!;
    sweeper.start();
    try {
      clock.set(new Date(expireAt + 1));
      const later = await createOffline(merchant, token);
      const read = await eventually(
        () => api.client.request('GET', `/payins/${overdue}`, { token }),
        (response) => (response.body.process as { status: string }).status !== 'PENDING',
      );
      expect(read.body.process).toMatchObject({
        status: 'REFUSED',
        processorStatus: 'EXPIRED',
        processedAt: expect.any(String),
      });
      // A payin created since is not overdue and stays open.
      expect((await api.client.request('GET', `/payins/${later}`, { token })).body.process).toMatchObject({
        status: 'PENDING',
      });
      expectProblem(
        await api.client.request('POST', `/sandbox/payins/${overdue}/!simulate`, {
          token,
          body: { status: 'SUCCESS' },
        }),
        409,
        'PAYIN_FINAL',
      );
    } finally {
      await sweeper.stop();
    }
  });
});

describe('the simulated payment institution', () => {
  it('shows the session and applies the customer decision, once', async () => {
    const merchant = await api.createMerchant({ channelName: 'Saigon Shoes' });
    const token = await api.client.token(merchant, ALL_PAYIN_OPERATIONS);
    // A redirect to the bank has an institution session; a bank transfer has none (nothing to open).
    const id = await createOffline(merchant, token, {
      paymentMethod: { paymentMethodCode: 'ONLINE', paymentOperatorCode: 'KBANK' },
    });
    const transfer = await createOffline(merchant, token);
    const sessionOf = async (idPayin: string) =>
      (
        await api.runtime.deps.db
          .selectFrom('payins')
          .select('institution_session')
          .where('id_payin', '=', idPayin)
          .executeTakeFirstOrThrow()
      ).institution_session;
    expect(await sessionOf(transfer)).toBeNull();
    const session = (await sessionOf(id))!;
    const shown = await api.client.request('GET', `/sandbox/institution/${session}`, { version: null });
    expect(shown.status).toBe(200);
    expect(shown.body).toMatchObject({
      idPayin: id,
      merchantName: 'Saigon Shoes',
      money: { amount: 1500.5, currencyCode: 'THB' },
      status: 'PENDING',
      isTest: true,
    });
    const decided = await api.client.request('POST', `/sandbox/institution/${session}/!decide`, {
      version: null,
      body: { decision: 'decline' },
    });
    expect(decided.body).toEqual({ status: 'REFUSED', returnUrl: 'https://merchant.example/return' });
    expectProblem(
      await api.client.request('POST', `/sandbox/institution/${session}/!decide`, {
        version: null,
        body: { decision: 'approve' },
      }),
      409,
      'PAYIN_FINAL',
    );
    expectProblem(
      await api.client.request('GET', `/sandbox/institution/${'x'.repeat(22)}`, { version: null }),
      404,
      'NOT_FOUND',
    );
    expectProblem(
      await api.client.request('GET', '/sandbox/institution/short', { version: null }),
      404,
      'NOT_FOUND',
    );
  });
});

describe('code lists', () => {
  it('GET /currencies lists every currency with its precision and methods', async () => {
    const merchant = await api.createMerchant();
    const token = await api.client.token(merchant, ALL_PAYIN_OPERATIONS);
    const response = await api.client.request<{
      data: { currencyCode: string; decimals: number; paymentMethodCodes: string[] }[];
    }>('GET', '/currencies', { token });
    expect(response.status).toBe(200);
    expect(response.body.data.map((entry) => entry.currencyCode)).toEqual([
      'CNY',
      'GHS',
      'IDR',
      'INR',
      'JPY',
      'KES',
      'KRW',
      'LAK',
      'MYR',
      'NGN',
      'PHP',
      'THB',
      'USDC',
      'USDT',
      'VND',
      'ZAR',
    ]);
    expect(response.body.data.find((entry) => entry.currencyCode === 'VND')).toEqual({
      currencyCode: 'VND',
      decimals: 0,
      paymentMethodCodes: ['ONLINE', 'OFFLINE', 'QRVN'],
    });
  });

  it('GET /payment-operators filters by comma lists and ignores unsupported values', async () => {
    const merchant = await api.createMerchant();
    const token = await api.client.token(merchant, ALL_PAYIN_OPERATIONS);
    const response = await api.client.request<{
      data: { paymentMethodCode: string; currencyCode: string; code: string }[];
    }>('GET', '/payment-operators?paymentMethodCodes=OFFLINE,NOPE&currencyCodes=thb,XXX', { token });
    expect(response.status).toBe(200);
    expect(
      response.body.data.map((entry) => `${entry.paymentMethodCode}/${entry.currencyCode}/${entry.code}`),
    ).toEqual(['OFFLINE/THB/KBANK', 'OFFLINE/THB/SCB', 'OFFLINE/THB/BBL', 'OFFLINE/THB/KTB']);
  });
});
