import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { METHOD_CODES } from '@/lib/methods';
import { loadConfig } from '@/server/config';
import { createLogger } from '@/server/logger';
import { createRuntime } from '@/server/runtime';
import { ALL_PAYIN_OPERATIONS, type ApiClient } from '../support/api-client';
import { methodRequest } from '../support/method-requests';
import { newIdPayin } from '../support/builders';
import { expectProblem, fieldsOf } from '../support/problem';
import { eventually, startTestApi, type TestApi } from '../support/test-api';

// The operator API (docs/decisions/035): merchants live in the database, operators create and
// change them with the merchants file's rules, and every instance sees a change within seconds.
const OPERATOR_KEY = `op_test_${randomBytes(24).toString('base64url')}`;
const PROMPTPAY_ID = '0105550123451';

let api: TestApi;
let client: ApiClient;

beforeAll(async () => {
  api = await startTestApi({ OPERATOR_API_KEY: OPERATOR_KEY });
  client = api.client;
});
afterAll(async () => {
  await api.close();
});

const newCode = () => `shop_${randomBytes(5).toString('hex')}`;

function operator<T = Record<string, unknown>>(
  method: string,
  path: string,
  body?: unknown,
  on: ApiClient = client,
) {
  return on.request<T>(method, `/operator${path}`, {
    token: OPERATOR_KEY,
    ...(body !== undefined && { body }),
  });
}

const promptPay = {
  id: 'promptpay',
  type: 'PROMPTPAY',
  currency: 'THB',
  promptPayId: PROMPTPAY_ID,
  accountName: 'Bangkok Books Co., Ltd.',
};

interface CreatedMerchant {
  merchantCode: string;
  secret: string;
  idKey: string;
  channelName: string;
  test: boolean;
  paymentMethods: string[];
  notOffered: { method: string; currency: string; missing: string }[];
  collectionAccounts: Record<string, unknown>[];
  fees: Record<string, { percent: number; fixed?: Record<string, number> }> | null;
  vatPercent: number | null;
}

async function createLive(extra: Record<string, unknown> = {}) {
  const merchantCode = newCode();
  const created = await operator<CreatedMerchant>('POST', '/merchants', {
    merchantCode,
    channelName: 'Bangkok Books',
    test: false,
    paymentMethods: ['QRTH'],
    fees: { default: { percent: 2.5, fixed: { THB: 5 } } },
    vatPercent: 7,
    settlementDelaySeconds: 86400,
    ...extra,
  });
  expect(created.status, created.text).toBe(201);
  return created.body;
}

describe('the operator key', () => {
  it('is required, checked, and never taken from a browser', async () => {
    expectProblem(await client.request('GET', '/operator/merchants'), 401, 'AUTHENTICATION_REQUIRED');
    expectProblem(
      await client.request('GET', '/operator/merchants', { token: `${OPERATOR_KEY}x` }),
      401,
      'OPERATOR_KEY_INVALID',
    );
    // A merchant's token is no operator key.
    const merchant = await api.createMerchant();
    const token = await client.token(merchant, ['GET /.*']);
    expectProblem(await client.request('GET', '/operator/merchants', { token }), 401, 'OPERATOR_KEY_INVALID');
    expectProblem(
      await client.request('GET', '/operator/merchants', {
        token: OPERATOR_KEY,
        headers: { origin: 'https://evil.example' },
      }),
      403,
      'BROWSER_NOT_ALLOWED',
    );
    expect((await operator('GET', '/merchants')).status).toBe(200);
  });

  it('is generated at the first start, kept only as a hash, and printed by that start alone', async () => {
    const first = await startTestApi();
    try {
      const generated = first.runtime.generatedOperatorKey;
      expect(generated).toMatch(/^op_[A-Za-z0-9_-]{32}$/);
      const stored = await first.runtime.deps.db.selectFrom('server_secrets').select('value').execute();
      expect(stored.some((row) => row.value.includes(generated!))).toBe(false);
      const second = await startTestApi({}, { sharing: first });
      try {
        expect(second.runtime.generatedOperatorKey).toBeUndefined();
        for (const instance of [first, second]) {
          const read = await instance.client.request('GET', '/operator/merchants', { token: generated });
          expect(read.status).toBe(200);
        }
      } finally {
        await second.close();
      }
    } finally {
      await first.close();
    }
  });
});

describe('creating a merchant', () => {
  it('answers 201 with the first API key’s secret, which mints tokens at once', async () => {
    const created = await createLive();
    expect(created).toMatchObject({
      channelName: 'Bangkok Books',
      test: false,
      paymentMethods: ['QRTH'],
      fees: { default: { percent: 2.5, fixed: { THB: 5 } } },
      vatPercent: 7,
      settlementDelaySeconds: 86400,
      collectionAccounts: [],
    });
    // A live merchant with no account cannot be offered QRTH yet, and is told what to add.
    expect(created.notOffered).toEqual([
      expect.objectContaining({
        method: 'QRTH',
        currency: 'THB',
        missing: expect.stringContaining('PROMPTPAY'),
      }),
    ]);
    expect(created.secret).toMatch(/^sk_live_/);
    const token = await client.token(
      { merchantCode: created.merchantCode, secret: created.secret, callbackSecret: '' },
      ['GET /merchant-info'],
    );
    const info = await client.request<{ channelInfo: { name: string }; isTest: boolean }>(
      'GET',
      '/merchant-info',
      {
        token,
      },
    );
    expect(info.body).toMatchObject({ channelInfo: { name: 'Bangkok Books' }, isTest: false });

    const read = await operator<CreatedMerchant>('GET', `/merchants/${created.merchantCode}`);
    expect(read.status).toBe(200);
    expect(read.body).not.toHaveProperty('secret');
    expect(read.text).not.toContain(created.secret);
    const list = await operator<{ data: { merchantCode: string }[] }>('GET', '/merchants');
    expect(list.body.data.map((m) => m.merchantCode)).toContain(created.merchantCode);

    // The merchant's own key list shows the first key; the audit log names the operator.
    const keysToken = await client.token(
      { merchantCode: created.merchantCode, secret: created.secret, callbackSecret: '' },
      ['GET /api-keys', 'GET /audit-events'],
    );
    const keys = await client.request<{ data: { idKey: string; name: string }[] }>('GET', '/api-keys', {
      token: keysToken,
    });
    expect(keys.body.data).toEqual([expect.objectContaining({ idKey: created.idKey, name: 'First key' })]);
    const audit = await client.request<{ data: { action: string; actor: { type: string } }[] }>(
      'GET',
      '/audit-events?actor=operator',
      { token: keysToken },
    );
    expect(audit.body.data.map((event) => [event.action, event.actor.type])).toEqual([
      ['api_key.created', 'OPERATOR'],
      ['merchant.created', 'OPERATOR'],
    ]);
  });

  it('refuses a taken code with 409 and keeps the first merchant as it was', async () => {
    const created = await createLive();
    const again = await operator('POST', '/merchants', {
      merchantCode: created.merchantCode,
      channelName: 'Impostor',
      test: true,
    });
    // Without a list, a merchant offers every method, as in the merchants file.
    const everything = await operator<CreatedMerchant>('POST', '/merchants', {
      merchantCode: newCode(),
      channelName: 'Everything Shop',
      test: true,
    });
    expect(everything.body.paymentMethods).toEqual([...METHOD_CODES]);
    expectProblem(again, 409, 'MERCHANT_ALREADY_EXISTS');
    const read = await operator<CreatedMerchant>('GET', `/merchants/${created.merchantCode}`);
    expect(read.body).toMatchObject({ channelName: 'Bangkok Books', test: false });
  });

  it('validates like the merchants file, names every problem, and keeps nothing', async () => {
    const merchantCode = newCode();
    const refused = await operator('POST', '/merchants', {
      merchantCode,
      channelName: '',
      paymentMethods: ['NOPE'],
      fees: { default: { percent: 2.555 } },
      collectionAccounts: [{ ...promptPay, promptPayId: '12345' }],
      secret: 'sk_test_is_not_taken_here_at_all',
    });
    expectProblem(refused, 400, 'VALIDATION_FAILED');
    expect(fieldsOf(refused)).toEqual(
      expect.arrayContaining([
        'channelName',
        'test',
        'paymentMethods.0',
        'fees.default.percent',
        'collectionAccounts.0.promptPayId',
      ]),
    );
    expectProblem(await operator('GET', `/merchants/${merchantCode}`), 404, 'MERCHANT_NOT_FOUND');
    expectProblem(await operator('GET', '/merchants/not%20a%20code'), 404, 'MERCHANT_NOT_FOUND');
  });
});

describe('changing a merchant', () => {
  it('replaces the fields given, clears those given as null, and records before and after', async () => {
    const created = await createLive();
    const changed = await operator<CreatedMerchant>('PATCH', `/merchants/${created.merchantCode}`, {
      channelName: 'Bangkok Books & Cafe',
      vatPercent: null,
      fees: { QRTH: { percent: 1 } },
    });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body).toMatchObject({
      channelName: 'Bangkok Books & Cafe',
      vatPercent: null,
      fees: { QRTH: { percent: 1 } },
      settlementDelaySeconds: 86400,
    });
    const token = await client.token(
      { merchantCode: created.merchantCode, secret: created.secret, callbackSecret: '' },
      ['GET /merchant-info', 'GET /audit-events'],
    );
    const info = await client.request<{ channelInfo: { name: string } }>('GET', '/merchant-info', { token });
    expect(info.body.channelInfo.name).toBe('Bangkok Books & Cafe');
    const audit = await client.request<{ data: { action: string; details: Record<string, unknown> }[] }>(
      'GET',
      '/audit-events?action=merchant.updated',
      { token },
    );
    expect(audit.body.data[0]!.details).toEqual({
      before: {
        channelName: 'Bangkok Books',
        fees: { default: { percent: 2.5, fixed: { THB: 5 } } },
        vatPercent: 7,
      },
      after: { channelName: 'Bangkok Books & Cafe', fees: { QRTH: { percent: 1 } }, vatPercent: null },
    });
  });

  it('refuses an empty change, an unknown field, a switch between live and test, and an unknown merchant', async () => {
    const created = await createLive();
    const path = `/merchants/${created.merchantCode}`;
    expectProblem(await operator('PATCH', path, {}), 400, 'VALIDATION_FAILED');
    const live = await operator('PATCH', path, { test: true });
    expectProblem(live, 400, 'VALIDATION_FAILED');
    expect(fieldsOf(live)).toEqual(['test']);
    expectProblem(await operator('PATCH', path, { vatPercent: 101 }), 400, 'VALIDATION_FAILED');
    expectProblem(
      await operator('PATCH', `/merchants/${newCode()}`, { channelName: 'X' }),
      404,
      'MERCHANT_NOT_FOUND',
    );
    const wrongMethod = await operator('DELETE', path);
    expectProblem(wrongMethod, 405, 'METHOD_NOT_ALLOWED');
    expect(wrongMethod.headers.get('allow')).toBe('GET, PATCH, OPTIONS');
    expect((await operator<CreatedMerchant>('GET', path)).body.vatPercent).toBe(7);
  });
});

describe('collection accounts', () => {
  it('adds a PromptPay account that live payins pay into at once', async () => {
    const created = await createLive();
    const added = await operator('POST', `/merchants/${created.merchantCode}/collection-accounts`, {
      ...promptPay,
      feed: { apiKey: randomBytes(24).toString('hex') },
    });
    expect(added.status, added.text).toBe(201);
    expect(added.body).toMatchObject({ id: 'promptpay', promptPayId: PROMPTPAY_ID, feed: { apiKey: true } });
    expect(added.text).not.toMatch(/"apiKey":"/);
    const read = await operator<CreatedMerchant>('GET', `/merchants/${created.merchantCode}`);
    expect(read.body.notOffered).toEqual([]);

    const token = await client.token(
      { merchantCode: created.merchantCode, secret: created.secret, callbackSecret: '' },
      ALL_PAYIN_OPERATIONS,
    );
    const payin = await client.request<{ paymentMethodResponse: { account: Record<string, string> } }>(
      'POST',
      `/payins/${newIdPayin()}`,
      { token, body: methodRequest('QRTH', 'THB') },
    );
    expect(payin.status, payin.text).toBe(201);
    expect(payin.body.paymentMethodResponse.account).toEqual({
      accountName: 'Bangkok Books Co., Ltd.',
      accountNumber: PROMPTPAY_ID,
    });
  });

  it('adds a bank account that pays out by file, one per currency (decision 038)', async () => {
    const created = await createLive();
    const path = `/merchants/${created.merchantCode}/collection-accounts`;
    const bank = {
      id: 'kbank-thb',
      type: 'BANK_ACCOUNT',
      currency: 'THB',
      bank: 'KBANK',
      accountNumber: '1234567890',
      accountName: 'Bangkok Books Co., Ltd.',
      payouts: { format: 'pain.001', bic: 'KASITHBK' },
    };
    const added = await operator('POST', path, bank);
    expect(added.status, added.text).toBe(201);
    expect(added.body).toMatchObject({ payouts: { format: 'pain.001', bic: 'KASITHBK' } });
    const second = await operator('POST', path, { ...bank, id: 'scb-thb', bank: 'SCB' });
    expectProblem(second, 400, 'VALIDATION_FAILED');
    expect(second.body).toMatchObject({ errors: [{ field: 'payouts' }] });
    const wrongFormat = await operator('POST', path, { ...bank, id: 'other', payouts: { format: 'csv' } });
    expectProblem(wrongFormat, 400, 'VALIDATION_FAILED');
    // Without payouts the second account is fine.
    const plain = await operator('POST', path, { ...bank, id: 'scb-thb', bank: 'SCB', payouts: undefined });
    expect(plain.status, plain.text).toBe(201);
  });

  it('refuses a repeated id (409), a bad coordinate (400) and another account’s feed key (400)', async () => {
    const first = await createLive();
    const feedKey = randomBytes(24).toString('hex');
    const path = `/merchants/${first.merchantCode}/collection-accounts`;
    expect((await operator('POST', path, { ...promptPay, feed: { apiKey: feedKey } })).status).toBe(201);
    expectProblem(await operator('POST', path, promptPay), 409, 'COLLECTION_ACCOUNT_ALREADY_EXISTS');
    const bad = await operator('POST', path, { ...promptPay, id: 'second', promptPayId: '0105550123452' });
    expectProblem(bad, 400, 'VALIDATION_FAILED');
    expect(fieldsOf(bad)).toEqual(['promptPayId']);
    const other = await createLive();
    const stolen = await operator('POST', `/merchants/${other.merchantCode}/collection-accounts`, {
      ...promptPay,
      feed: { apiKey: feedKey },
    });
    expectProblem(stolen, 400, 'VALIDATION_FAILED');
    expect(fieldsOf(stolen)).toEqual(['feed.apiKey']);
    expect(
      (await operator<CreatedMerchant>('GET', `/merchants/${other.merchantCode}`)).body.collectionAccounts,
    ).toEqual([]);
  });

  it('replaces an account with PUT, keeping its feed credentials when none are given', async () => {
    const created = await createLive();
    const path = `/merchants/${created.merchantCode}/collection-accounts`;
    expect(
      (await operator('POST', path, { ...promptPay, feed: { apiKey: randomBytes(24).toString('hex') } }))
        .status,
    ).toBe(201);
    const replaced = await operator('PUT', `${path}/promptpay`, {
      ...promptPay,
      accountName: 'Bangkok Books Ltd',
    });
    expect(replaced.status, replaced.text).toBe(200);
    expect(replaced.body).toMatchObject({ accountName: 'Bangkok Books Ltd', feed: { apiKey: true } });
    const moved = await operator('PUT', `${path}/promptpay`, { ...promptPay, id: 'elsewhere' });
    expectProblem(moved, 400, 'VALIDATION_FAILED');
    expect(fieldsOf(moved)).toEqual(['id']);
    expectProblem(
      await operator('PUT', `${path}/nope`, { ...promptPay, id: 'nope' }),
      404,
      'COLLECTION_ACCOUNT_NOT_FOUND',
    );
  });
});

describe('another instance on the same database', () => {
  it('takes a new merchant, its key and its changes within seconds, without a restart', async () => {
    const other = await startTestApi({ OPERATOR_API_KEY: OPERATOR_KEY }, { sharing: api });
    const refresh = other.runtime.workers.find((worker) => worker.name === 'merchant-directory-refresh');
    refresh!.start();
    try {
      const created = await createLive();
      const merchant = { merchantCode: created.merchantCode, secret: created.secret, callbackSecret: '' };
      // Polled in the directory, not by asking for tokens: unknown credentials count as failures.
      await eventually(
        () => Promise.resolve(other.runtime.deps.merchants.known(created.merchantCode)),
        (known) => known !== undefined,
      );
      const minted = await other.client.request('POST', '/auth-tokens', {
        body: { ...merchant, operations: ['GET /merchant-info'] },
      });
      expect(minted.status).toBe(200);
      expect(
        (await operator('PATCH', `/merchants/${created.merchantCode}`, { channelName: 'Renamed' })).status,
      ).toBe(200);
      const renamed = await eventually(
        () => operator<CreatedMerchant>('GET', '/merchants/' + created.merchantCode, undefined, other.client),
        (response) => response.body.channelName === 'Renamed',
      );
      expect(renamed.body.channelName).toBe('Renamed');
    } finally {
      await other.close();
    }
  });
});

describe('a runtime started with the merchants file', () => {
  it('still reads merchants the operator created (the file is a seed, not the whole list)', async () => {
    const created = await createLive();
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', BACKGROUND_WORKERS: 'false' });
    const runtime = await createRuntime(config, {
      logger: createLogger('silent'),
      database: { ...api.database, close: () => Promise.resolve() },
    });
    try {
      expect(runtime.deps.merchants.known(created.merchantCode)?.channelName).toBe('Bangkok Books');
    } finally {
      await runtime.close();
    }
  });
});
