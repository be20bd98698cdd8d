import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeEmvQr } from '@/server/methods/payloads/emvco-decoder';
import type { MerchantEntry } from '@/server/merchants';
import { ALL_PAYIN_OPERATIONS, PacedApiClient } from '../support/api-client';
import { newIdPayin } from '../support/builders';
import { methodRequest } from '../support/method-requests';
import { expectProblem } from '../support/problem';
import { startTestApi, type TestApi } from '../support/test-api';

// Live merchants collect only into configured accounts (docs/decisions/028), over real HTTP.
const PROMPTPAY_ID = '0105550123451';
const TRON = [
  'TBXSw8fM4jpQkGc6zZjsVABFpVN7UvXPdV',
  'TD5gsCwxykWsLN9aPrq2TAfNjByuZKYp4E',
  'TEdvoHEatmDKvTh3o9vBRB9Vdtbhn4QFhy',
];

type Accounts = NonNullable<MerchantEntry['collectionAccounts']>;

let api: TestApi;
let client: PacedApiClient;

beforeAll(async () => {
  api = await startTestApi();
  client = new PacedApiClient(api.baseUrl);
});
afterAll(() => api.close());

async function liveShop(collectionAccounts: Accounts, paymentMethods?: MerchantEntry['paymentMethods']) {
  const merchant = await api.createMerchant({
    test: false,
    collectionAccounts,
    ...(paymentMethods && { paymentMethods }),
  });
  return client.token(merchant, ALL_PAYIN_OPERATIONS);
}

const promptPay: Accounts[number] = {
  id: 'kbank-promptpay',
  type: 'PROMPTPAY',
  currency: 'THB',
  promptPayId: PROMPTPAY_ID,
  accountName: 'Bangkok Books Co., Ltd.',
};
const scb: Accounts[number] = {
  id: 'scb-current',
  type: 'BANK_ACCOUNT',
  currency: 'THB',
  bank: 'SCB',
  accountNumber: '4012345678',
  accountName: 'Bangkok Books Co., Ltd.',
};

async function options(token: string, currencyCode: string) {
  const response = await client.request<{
    data: { paymentMethodCode: string; paymentOperators: { code: string }[] }[];
  }>('POST', '/payins/!availablePaymentOptions', { token, body: { money: { amount: 100, currencyCode } } });
  expect(response.status).toBe(200);
  return response.body.data;
}

describe('a live merchant with a PromptPay account only', () => {
  let token: string;
  beforeAll(async () => {
    token = await liveShop([promptPay]);
  });

  it('is offered QRTH and nothing it cannot collect', async () => {
    expect((await options(token, 'THB')).map((option) => option.paymentMethodCode)).toEqual(['QRTH']);
    expect(await options(token, 'VND')).toEqual([]);
    expect(await options(token, 'IDR')).toEqual([]);
  });

  it('creates a QRTH payin whose QR pays the configured PromptPay ID the amount to pay', async () => {
    const idPayin = newIdPayin();
    const created = await client.request<Record<string, unknown>>('POST', `/payins/${idPayin}`, {
      token,
      body: methodRequest('QRTH', 'THB'),
    });
    expect(created.status).toBe(201);
    const body = created.body.paymentMethodResponse as Record<string, unknown>;
    expect(body.account).toEqual({ accountName: 'Bangkok Books Co., Ltd.', accountNumber: PROMPTPAY_ID });
    const qr = decodeEmvQr(body.qrCode as string);
    expect(qr.crcValid).toBe(true);
    expect(qr.template('29')['02']).toBe(PROMPTPAY_ID);
    const moneyRequired = body.moneyRequired as { amount: number | string; currencyCode: string };
    expect(moneyRequired.currencyCode).toBe('THB');
    expect(Number(qr.fields['54'])).toBe(Number(moneyRequired.amount));
  });

  it('is live wherever the hosted app decides on the test banner and sandbox controls', async () => {
    // The hosted app shows them only when the merchant info and the payin's process say isTest.
    const info = await client.request<{ isTest: boolean }>('GET', '/merchant-info', { token });
    expect(info.body.isTest).toBe(false);
    const idPayin = newIdPayin();
    expect(
      (await client.request('POST', `/payins/${idPayin}`, { token, body: methodRequest('QRTH', 'THB') }))
        .status,
    ).toBe(201);
    const read = await client.request<{ process: { isTest: boolean } }>('GET', `/payins/${idPayin}`, {
      token,
    });
    expect(read.body.process.isTest).toBe(false);
    const simulate = await client.request('POST', `/sandbox/payins/${idPayin}/!simulate`, {
      token,
      body: { status: 'SUCCESS' },
    });
    expectProblem(simulate, 403, 'SANDBOX_ONLY');
  });

  it('refuses a method it has no account for, and stores nothing', async () => {
    for (const method of ['OFFLINE', 'ONLINE']) {
      const idPayin = newIdPayin();
      const refused = await client.request<{ detail: string; errors: { field: string }[] }>(
        'POST',
        `/payins/${idPayin}`,
        { token, body: methodRequest(method, 'THB') },
      );
      expectProblem(refused, 422, 'PAYMENT_METHOD_NOT_AVAILABLE');
      expect(refused.body.errors[0]?.field).toBe('paymentMethod.paymentMethodCode');
      expectProblem(await client.request('GET', `/payins/${idPayin}`, { token }), 404, 'PAYIN_NOT_FOUND');
    }
    const refused = await client.request<{ detail: string }>('POST', `/payins/${newIdPayin()}`, {
      token,
      body: methodRequest('OFFLINE', 'THB'),
    });
    expect(refused.body.detail).toBe(
      'OFFLINE is not available live for this merchant: no THB BANK_ACCOUNT collection account is configured.',
    );
  });
});

describe('a live merchant with a bank account', () => {
  it('is offered OFFLINE at that bank only, pays into the configured account, and refuses other banks', async () => {
    const token = await liveShop([promptPay, scb]);
    const offline = (await options(token, 'THB')).find((option) => option.paymentMethodCode === 'OFFLINE');
    expect(offline?.paymentOperators.map((operator) => operator.code)).toEqual(['SCB']);
    const created = await client.request<Record<string, unknown>>('POST', `/payins/${newIdPayin()}`, {
      token,
      body: methodRequest('OFFLINE', 'THB'),
    });
    expect(created.status).toBe(201);
    const body = created.body.paymentMethodResponse as Record<string, unknown>;
    expect(body.account).toMatchObject({
      accountName: 'Bangkok Books Co., Ltd.',
      accountNumber: '4012345678',
      bankCode: '014',
    });
    const kbank = await client.request<{ errors: { field: string }[] }>('POST', `/payins/${newIdPayin()}`, {
      token,
      body: methodRequest('OFFLINE', 'THB', { paymentOperatorCode: 'KBANK' }),
    });
    expectProblem(kbank, 422, 'PAYMENT_METHOD_NOT_AVAILABLE');
    expect(kbank.body.errors[0]?.field).toBe('paymentMethod.paymentOperatorCode');
  });
});

describe('live crypto', () => {
  it('hands one configured address to every payin, each with its own amount to pay', async () => {
    const token = await liveShop([
      {
        id: 'usdt',
        type: 'CRYPTO',
        currency: 'USDT',
        network: 'TRON',
        addresses: [TRON[0]!],
        accountName: 'Books',
      },
    ]);
    const bodies = await Promise.all(
      Array.from({ length: 4 }, async () => {
        const created = await client.request<Record<string, unknown>>('POST', `/payins/${newIdPayin()}`, {
          token,
          body: methodRequest('CRYPTO_OFFLINE', 'USDT', { paymentOperatorCode: 'TRON' }),
        });
        expect(created.status).toBe(201);
        return created.body.paymentMethodResponse as Record<string, unknown>;
      }),
    );
    const amounts = bodies.map((body) => Number((body.moneyRequired as { amount: number | string }).amount));
    expect(new Set(amounts).size).toBe(4);
    for (const body of bodies) {
      const crypto = body.cryptoPayment as { depositAddress: string; amount: string; paymentUri: string };
      expect(crypto.depositAddress).toBe(TRON[0]);
      expect(Number(crypto.amount)).toBe(Number((body.moneyRequired as { amount: number | string }).amount));
      expect(crypto.paymentUri).toContain(crypto.amount);
    }
  });

  it('hands a rotating list out one address per open payin, even to concurrent creates', async () => {
    const token = await liveShop([
      {
        id: 'usdt',
        type: 'CRYPTO',
        currency: 'USDT',
        network: 'TRON',
        addresses: TRON,
        accountName: 'Books',
      },
    ]);
    const create = () =>
      client.request<Record<string, unknown>>('POST', `/payins/${newIdPayin()}`, {
        token,
        body: methodRequest('CRYPTO_OFFLINE', 'USDT', { paymentOperatorCode: 'TRON' }),
      });
    const created = await Promise.all([create(), create(), create()]);
    const addresses = created.map((response) => {
      expect(response.status).toBe(201);
      const body = response.body.paymentMethodResponse as Record<string, unknown>;
      return (body.cryptoPayment as { depositAddress: string }).depositAddress;
    });
    expect(new Set(addresses)).toEqual(new Set(TRON));
    const full = await create();
    expectProblem(full, 503, 'ADDRESS_UNAVAILABLE');
    expect(full.headers.get('retry-after')).toBe('60');
  });
});

describe('a test merchant without accounts', () => {
  it('is offered every method with every operator and gets sandbox coordinates, as before', async () => {
    const merchant = await api.createMerchant();
    const token = await client.token(merchant, ALL_PAYIN_OPERATIONS);
    const thb = await options(token, 'THB');
    expect(thb.map((option) => option.paymentMethodCode)).toEqual(['ONLINE', 'OFFLINE', 'QRTH']);
    expect(thb.find((option) => option.paymentMethodCode === 'OFFLINE')?.paymentOperators).toHaveLength(4);
    for (const method of ['QRTH', 'ONLINE']) {
      const created = await client.request('POST', `/payins/${newIdPayin()}`, {
        token,
        body: methodRequest(method, 'THB'),
      });
      expect(created.status).toBe(201);
    }
  });
});
