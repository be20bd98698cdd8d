import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { sql } from 'kysely';
import { sandboxInstitutionConnector } from '@/server/methods/connectors/sandbox-institution.connector';
import { ALL_PAYIN_OPERATIONS } from '../support/api-client';
import { accountRecord, newIdPayin, payinRequest } from '../support/builders';
import { methodRequest } from '../support/method-requests';
import { expectProblem, fieldsOf } from '../support/problem';
import { startTestApi, type TestApi, type TestMerchant } from '../support/test-api';

let api: TestApi;

beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

async function merchantWithToken(overrides = {}): Promise<{ merchant: TestMerchant; token: string }> {
  const merchant = await api.createMerchant(overrides);
  return { merchant, token: await api.client.token(merchant, ALL_PAYIN_OPERATIONS) };
}

describe('creating an OFFLINE payin', () => {
  it('returns 201 with paymentRequested and the method response, and reads back as a PENDING payin', async () => {
    const { token } = await merchantWithToken();
    const id = newIdPayin();
    const request = payinRequest({
      paymentMethod: {
        paymentMethodCode: 'OFFLINE',
        productId: 'SKU-9',
        account: { accountName: 'Somchai P.' },
      },
    });
    const created = await api.client.request('POST', `/payins/${id}`, {
      token,
      body: { ...request, somethingNew: 1 },
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      paymentRequested: { money: { amount: 1500.5, currencyCode: 'THB' } },
      paymentMethodResponse: {
        idPayin: id,
        paymentMethodCode: 'OFFLINE',
        money: { amount: 1500.5, currencyCode: 'THB' },
        moneyRequired: { amount: 1500.5, currencyCode: 'THB' },
        expireAt: expect.stringMatching(/Z$/),
        reference: expect.stringMatching(/^[0-9A-HJKMNP-TV-Z]{10}$/),
        returnUrl: 'https://merchant.example/return',
        paymentOperator: { code: 'KBANK', name: 'Kasikornbank' },
        account: {
          accountName: 'Test Shop',
          accountNumber: expect.stringMatching(/^[1-9]\d{9}$/),
          bankCode: '004',
          bankName: 'Kasikornbank',
        },
        productId: 'SKU-9',
      },
    });
    const expireAt = Date.parse((created.body.paymentMethodResponse as { expireAt: string }).expireAt);
    expect(expireAt - Date.now()).toBeGreaterThan(23 * 3600_000);

    const read = await api.client.request('GET', `/payins/${id}`, { token });
    expect(read.status).toBe(200);
    expect(read.body).toEqual({
      paymentRequested: { money: { amount: 1500.5, currencyCode: 'THB' } },
      process: { status: 'PENDING', processedAt: null, createdAt: expect.stringMatching(/Z$/), isTest: true },
      fee: { amount: 30.01, currencyCode: 'THB' },
      paymentMethodResponse: created.body.paymentMethodResponse,
    });

    const accounts = await api.client.request('GET', `/payins/${id}/accounts`, { token });
    expect(accounts.status).toBe(200);
    // Every field of both records is present, null where it is not known (yet).
    expect(accounts.body).toEqual({
      customerAccountRequest: accountRecord({ accountName: 'Somchai P.' }),
      customerAccountProcess: accountRecord(),
    });
  });

  it("stores only what the method added; the row's own fields are put back first, in the API's order", async () => {
    const { token } = await merchantWithToken();
    const id = newIdPayin();
    const created = await api.client.request('POST', `/payins/${id}`, { token, body: payinRequest() });
    expect(created.status).toBe(201);
    const answered = created.body.paymentMethodResponse as Record<string, unknown>;
    const db = api.runtime.deps.db;
    const stored = await sql<{ method_response: string }>`
      select method_response from payins where id_payin = ${id}`.execute(db);
    const kept = JSON.parse(stored.rows[0]!.method_response) as Record<string, unknown>;
    // idPayin, money, moneyRequired, expireAt, reference and returnUrl live in their columns only.
    expect(Object.keys(kept)).toEqual(['paymentOperator', 'account']);

    const read = await api.client.request('GET', `/payins/${id}`, { token });
    expect(JSON.stringify(read.body.paymentMethodResponse)).toBe(JSON.stringify(answered));

    // A row written before this kept the whole response: it reads the same, key for key (a new
    // version, so the presented JSON is not the one cached for the first).
    await sql`update payins set method_response = ${JSON.stringify(answered)},
      updated_at = updated_at + interval '1 millisecond' where id_payin = ${id}`.execute(db);
    const again = await api.client.request('GET', `/payins/${id}`, { token });
    expect(again.status).toBe(200);
    expect(JSON.stringify(again.body.paymentMethodResponse)).toBe(JSON.stringify(answered));
  });

  it('applies the merchant fee rule and VAT from the merchants file', async () => {
    const { token } = await merchantWithToken({
      fees: { OFFLINE: { percent: 1.5, fixed: { THB: 5 } } },
      vatPercent: 7,
    });
    const id = newIdPayin();
    const created = await api.client.request('POST', `/payins/${id}`, {
      token,
      body: payinRequest({ paymentRequested: { money: { amount: 1000 } } }),
    });
    expect(created.body.paymentMethodResponse).toMatchObject({ vat: { amount: 1.4, currencyCode: 'THB' } });
    const read = await api.client.request('GET', `/payins/${id}`, { token });
    expect(read.body.fee).toEqual({ amount: 20, currencyCode: 'THB' });
  });

  it('gives every open payin of the same amount its own moneyRequired, never above the order', async () => {
    const { token } = await merchantWithToken();
    const ids = Array.from({ length: 4 }, () => newIdPayin());
    const responses = await Promise.all(
      ids.map((id) =>
        api.client.request('POST', `/payins/${id}`, {
          token,
          body: payinRequest({ paymentRequested: { money: { amount: 200 } } }),
        }),
      ),
    );
    expect(responses.map((response) => response.status)).toEqual([201, 201, 201, 201]);
    const amounts = responses.map(
      (response) =>
        (response.body.paymentMethodResponse as { moneyRequired: { amount: number } }).moneyRequired.amount,
    );
    expect(new Set(amounts).size).toBe(4);
    // One pays the order amount itself; the others a free amount at most 1 % (2.00) below it.
    expect(amounts.sort((a, b) => b - a)[0]).toBe(200);
    for (const amount of amounts) expect(amount >= 198 && amount <= 200).toBe(true);
  });

  it('applies the method-dependent rules: accountName for KRW, emailAddress for JPY', async () => {
    const { token } = await merchantWithToken();
    const krw = await api.client.request('POST', `/payins/${newIdPayin()}`, {
      token,
      body: payinRequest({ paymentRequested: { money: { amount: 50000, currencyCode: 'KRW' } } }),
    });
    expectProblem(krw, 400, 'VALIDATION_FAILED');
    expect(fieldsOf(krw)).toEqual(['paymentMethod.account.accountName']);
    const jpy = await api.client.request('POST', `/payins/${newIdPayin()}`, {
      token,
      body: payinRequest({ paymentRequested: { money: { amount: 5000, currencyCode: 'JPY' } } }),
    });
    expect(fieldsOf(jpy)).toEqual(['paymentMethod.emailAddress']);
    const ok = await api.client.request('POST', `/payins/${newIdPayin()}`, {
      token,
      body: payinRequest({
        paymentRequested: { money: { amount: 5000, currencyCode: 'JPY' } },
        paymentMethod: { emailAddress: 'taro@example.jp', phoneNumber: '+81 90-1234-5678' },
      }),
    });
    expect(ok.status).toBe(201);
  });
});

describe('create validation', () => {
  // A merchant per test: each has its own 10 requests per second.
  let token: string;
  beforeEach(async () => {
    ({ token } = await merchantWithToken());
  });

  it.each([
    [
      'amount with too many decimals',
      { paymentRequested: { money: { amount: 10.005 } } },
      'paymentRequested.money.amount',
    ],
    ['a zero amount', { paymentRequested: { money: { amount: 0 } } }, 'paymentRequested.money.amount'],
    ['a negative amount', { paymentRequested: { money: { amount: -10 } } }, 'paymentRequested.money.amount'],
    [
      'an unknown currency',
      { paymentRequested: { money: { currencyCode: 'USD' } } },
      'paymentRequested.money.currencyCode',
    ],
    [
      'an unknown method',
      { paymentMethod: { paymentMethodCode: 'CARD' } },
      'paymentMethod.paymentMethodCode',
    ],
    ['an invalid email', { paymentMethod: { emailAddress: 'not-an-email' } }, 'paymentMethod.emailAddress'],
    ['a phone that is not text', { paymentMethod: { phoneNumber: 812345678 } }, 'paymentMethod.phoneNumber'],
    ['a relative returnUrl', { returnUrl: '/thanks' }, 'returnUrl'],
    ['a javascript: returnUrl', { returnUrl: 'javascript:alert(1)' }, 'returnUrl'],
    ['a callbackUrl with credentials', { callbackUrl: 'https://user:pw@merchant.example/cb' }, 'callbackUrl'],
    ['a non-http callbackUrl', { callbackUrl: 'ftp://merchant.example/cb' }, 'callbackUrl'],
  ])('refuses %s (400 with the field named)', async (_label, overrides, field) => {
    const response = await api.client.request('POST', `/payins/${newIdPayin()}`, {
      token,
      body: payinRequest(overrides),
    });
    expectProblem(response, 400, 'VALIDATION_FAILED');
    expect(fieldsOf(response)).toContain(field);
  });

  it('refuses plain http to hosts that are not allowlisted', async () => {
    const response = await api.client.request('POST', `/payins/${newIdPayin()}`, {
      token,
      body: payinRequest({
        callbackUrl: 'http://merchant.example/cb',
        returnUrl: 'http://localhost:8080/return',
      }),
    });
    expectProblem(response, 400, 'URL_NOT_ALLOWED');
    expect(fieldsOf(response)).toEqual(['callbackUrl']);
  });

  it('refuses a currency the method does not take and a method the merchant has not configured', async () => {
    const currency = await api.client.request('POST', `/payins/${newIdPayin()}`, {
      token,
      body: payinRequest({ paymentRequested: { money: { amount: 10, currencyCode: 'MYR' } } }),
    });
    expectProblem(currency, 400, 'CURRENCY_NOT_SUPPORTED');
    const { token: qrOnly } = await merchantWithToken({ paymentMethods: ['QRTH'] });
    const method = await api.client.request('POST', `/payins/${newIdPayin()}`, {
      token: qrOnly,
      body: payinRequest(),
    });
    expectProblem(method, 400, 'PAYMENT_METHOD_NOT_CONFIGURED');
  });

  it('refuses an unknown payment operator and uses a known one', async () => {
    const unknown = await api.client.request('POST', `/payins/${newIdPayin()}`, {
      token,
      body: payinRequest({ paymentMethod: { paymentOperatorCode: 'NOPE' } }),
    });
    expectProblem(unknown, 400, 'PAYMENT_OPERATOR_UNKNOWN');
    const known = await api.client.request('POST', `/payins/${newIdPayin()}`, {
      token,
      body: payinRequest({ paymentMethod: { paymentOperatorCode: 'SCB' } }),
    });
    expect(known.body.paymentMethodResponse).toMatchObject({
      paymentOperator: { code: 'SCB', name: 'Siam Commercial Bank' },
      account: { bankCode: '014' },
    });
  });

  it.each(['a'.repeat(65), 'has space', 'semi;colon', '%2e%2e'])('refuses the idPayin %j', async (id) => {
    const response = await api.client.request('POST', `/payins/${encodeURIComponent(id)}`, {
      token,
      body: payinRequest(),
    });
    expect([400, 404]).toContain(response.status);
    if (response.status === 400) expect(fieldsOf(response)).toEqual(['idPayin']);
  });

  it('refuses missing parts of the body together, losing nothing', async () => {
    const id = newIdPayin();
    const response = await api.client.request('POST', `/payins/${id}`, { token, body: {} });
    expectProblem(response, 400, 'VALIDATION_FAILED');
    expect(fieldsOf(response).sort()).toEqual([
      'callbackUrl',
      'paymentMethod',
      'paymentRequested',
      'returnUrl',
    ]);
    // Nothing was stored: the same ID can still be created.
    expect((await api.client.request('POST', `/payins/${id}`, { token, body: payinRequest() })).status).toBe(
      201,
    );
  });
});

describe('idempotency', () => {
  it('answers 409 for a repeated idPayin and keeps the first payin', async () => {
    const { token } = await merchantWithToken();
    const id = newIdPayin();
    const first = await api.client.request('POST', `/payins/${id}`, { token, body: payinRequest() });
    const second = await api.client.request('POST', `/payins/${id}`, {
      token,
      body: payinRequest({ paymentRequested: { money: { amount: 9 } } }),
    });
    expectProblem(second, 409, 'PAYIN_ALREADY_EXISTS');
    const read = await api.client.request('GET', `/payins/${id}`, { token });
    expect(read.body.paymentMethodResponse).toEqual(first.body.paymentMethodResponse);
  });

  it('of concurrent identical creates released together, exactly one succeeds and the rest get 409', async () => {
    const { token } = await merchantWithToken();
    const id = newIdPayin();
    // Nine: with the token request that makes ten requests, the merchant's whole budget for the second.
    const responses = await Promise.all(
      Array.from({ length: 9 }, () =>
        api.client.request('POST', `/payins/${id}`, { token, body: payinRequest() }),
      ),
    );
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409, 409, 409, 409]);
    for (const response of responses.filter((candidate) => candidate.status === 409))
      expectProblem(response, 409, 'PAYIN_ALREADY_EXISTS');
  });
});

describe('processor connectors', () => {
  afterEach(() => vi.restoreAllMocks());

  it("start a payment once per accepted create, under the payin's idempotency key, and never for a repeat", async () => {
    // The real sandbox connector, watched: how often the processor is asked to start a payment.
    const start = vi.spyOn(sandboxInstitutionConnector, 'start');
    const { merchant, token } = await merchantWithToken();
    const id = newIdPayin();
    const body = payinRequest({ paymentMethod: { paymentMethodCode: 'ONLINE' } });
    const first = await api.client.request('POST', `/payins/${id}`, { token, body });
    expect(first.status, first.text).toBe(201);
    expect(start).toHaveBeenCalledTimes(1);
    expect(start.mock.calls[0]?.[0]).toMatchObject({
      idempotencyKey: `${merchant.merchantCode}/${id}`,
      idPayin: id,
    });
    for (let i = 0; i < 3; i++)
      expectProblem(
        await api.client.request('POST', `/payins/${id}`, { token, body }),
        409,
        'PAYIN_ALREADY_EXISTS',
      );
    expect(start).toHaveBeenCalledTimes(1);
  });
});

describe('idPayin', () => {
  const ids = [
    ['a UUID', '3f1c9a3e-5b8e-4c1d-9a2f-6e7d8c9b0a1f'],
    ['a nanoid', 'V1StGXR8_Z5jdHi6B-myT'],
    ['base64url with a leading -', '-Xa3_kT9qZ0pL2mN8vB1cW'],
    ['base64url with a leading _', '_9zYxWvUt-SrQpOnMlKjIh'],
    ['standard base64 with + and =', 'q+3ZkT9qZ0pL2mN8vB1cWw=='],
  ];

  it.each(ids)(
    'accepts %s: create, read, accounts, external reference and a token by action',
    async (_name, id) => {
      const merchant = await api.createMerchant();
      const token = await api.client.tokenByAction(merchant, 'PAYIN_CREATE', id);
      const path = `/payins/${encodeURIComponent(id)}`;
      const created = await api.client.request('POST', path, { token, body: payinRequest() });
      expect(created.status).toBe(201);
      expect((created.body.paymentMethodResponse as { idPayin: string }).idPayin).toBe(id);
      const read = await api.client.request('GET', path, { token });
      expect(read.status).toBe(200);
      // + and = unencoded in the path name the same payin.
      expect((await api.client.request('GET', `/payins/${id}`, { token })).status).toBe(200);
      const general = await api.client.token(merchant, ALL_PAYIN_OPERATIONS);
      expect((await api.client.request('GET', `${path}/accounts`, { token: general })).status).toBe(200);
      // Found by its idPayin, and refused for its method: OFFLINE payments take no external reference.
      const reference = await api.client.request('POST', `${path}/!setExternalReference`, {
        token,
        body: { reference: '123456789012' },
      });
      expectProblem(reference, 400, 'EXTERNAL_REFERENCE_INVALID');
      expect(reference.body.detail).toBe('OFFLINE payments take no external reference (P2A_V2 and QRIN do).');
      // A token naming the payin by literal operations is confined to it.
      const literal = await api.client.token(merchant, [`GET /payins/${id.replace(/[+.]/g, '\\$&')}`]);
      expect((await api.client.request('GET', path, { token: literal })).status).toBe(200);
    },
  );

  it('refuses "/" (use base64url), other characters and more than 64 characters', async () => {
    const { token } = await merchantWithToken();
    // ("." and ".." never reach us: every URL parser removes dot segments from the path.)
    for (const id of ['ab/cd==', 'x'.repeat(65), 'a b', 'é', 'a?b', 'a#b']) {
      const response = await api.client.request('POST', `/payins/${encodeURIComponent(id)}`, {
        token,
        body: payinRequest(),
      });
      expectProblem(response, 400, 'VALIDATION_FAILED');
      expect(fieldsOf(response)).toEqual(['idPayin']);
    }
  });
});

describe('unique amounts to pay (moneyRequired)', () => {
  /** Customer tokens for `count` payins, minted within the merchant's 10 per second. */
  async function customerTokens(merchant: TestMerchant, count: number): Promise<Map<string, string>> {
    const tokens = new Map<string, string>();
    for (let i = 0; i < count; i++) {
      if (i > 0 && i % 9 === 0) await new Promise((resolve) => setTimeout(resolve, 1100));
      const id = newIdPayin();
      tokens.set(id, await api.client.tokenByAction(merchant, 'PAYIN_CREATE', id));
    }
    return tokens;
  }

  it('lets 20 concurrent creates of the same amount all succeed, each with its own amount to pay', async () => {
    const merchant = await api.createMerchant();
    const tokens = await customerTokens(merchant, 20);
    const responses = await Promise.all(
      [...tokens].map(([id, token]) =>
        api.client.request<{ paymentMethodResponse: { moneyRequired: { amount: number } } }>(
          'POST',
          `/payins/${id}`,
          {
            token,
            body: payinRequest({
              paymentMethod: { paymentMethodCode: 'QRTH', account: { accountNumber: '1234567890' } },
            }),
          },
        ),
      ),
    );
    expect(responses.map((response) => response.status)).toEqual(Array(20).fill(201));
    const amounts = responses.map((response) => response.body.paymentMethodResponse.moneyRequired.amount);
    expect(new Set(amounts).size).toBe(20);
    for (const amount of amounts) {
      expect(amount).toBeLessThanOrEqual(1500.5);
      expect(amount).toBeGreaterThanOrEqual(1490.51);
    }
  });

  it('answers 503 with Retry-After, not 409, when every amount of the band is taken', async () => {
    const merchant = await api.createMerchant();
    // 5 VND: the band is 1 to 5, five open payins fill it.
    const tokens = [...(await customerTokens(merchant, 6))];
    const body = payinRequest({ paymentRequested: { money: { amount: 5, currencyCode: 'VND' } } });
    for (const [id, token] of tokens.slice(0, 5)) {
      expect((await api.client.request('POST', `/payins/${id}`, { token, body })).status).toBe(201);
    }
    const [id, token] = tokens[5]!;
    const full = await api.client.request('POST', `/payins/${id}`, { token, body });
    expectProblem(full, 503, 'AMOUNT_UNAVAILABLE');
    expect(Number(full.headers.get('retry-after'))).toBeGreaterThan(0);
    // Nothing was created: the same request is welcome again later.
    expectProblem(await api.client.request('GET', `/payins/${id}`, { token }), 404, 'PAYIN_NOT_FOUND');
  });
});

describe('!setExternalReference', () => {
  it('records the reference on an open payin and shows it on reads', async () => {
    const { token } = await merchantWithToken();
    const id = newIdPayin();
    const created = await api.client.request('POST', `/payins/${id}`, {
      token,
      body: methodRequest('QRIN', 'INR'),
    });
    expect(created.status, created.text).toBe(201);
    const response = await api.client.request('POST', `/payins/${id}/!setExternalReference`, {
      token,
      body: { reference: '123456789012' },
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ idPayin: id, externalReference: { reference: '123456789012' } });
    const read = await api.client.request('GET', `/payins/${id}`, { token });
    expect(read.body.paymentMethodResponse).toMatchObject({
      externalReference: { reference: '123456789012' },
    });
    expectProblem(
      await api.client.request('POST', `/payins/${id}/!setExternalReference`, { token, body: {} }),
      400,
      'VALIDATION_FAILED',
    );
    expectProblem(
      await api.client.request('POST', `/payins/${newIdPayin()}/!setExternalReference`, {
        token,
        body: { reference: '1' },
      }),
      404,
      'PAYIN_NOT_FOUND',
    );
  });

  it('is refused, and nothing stored, on methods that take no reference', async () => {
    const { token } = await merchantWithToken();
    const id = newIdPayin();
    await api.client.request('POST', `/payins/${id}`, { token, body: payinRequest() });
    const refused = await api.client.request('POST', `/payins/${id}/!setExternalReference`, {
      token,
      body: { reference: 'anything at all' },
    });
    expectProblem(refused, 400, 'EXTERNAL_REFERENCE_INVALID');
    expect(fieldsOf(refused)).toEqual(['reference']);
    const read = await api.client.request('GET', `/payins/${id}`, { token });
    expect(read.body.paymentMethodResponse).not.toHaveProperty('externalReference');
  });
});

describe('payment options and merchant info', () => {
  it("lists the merchant's configured methods for the currency with their operators", async () => {
    const { token } = await merchantWithToken({ channelName: 'Bangkok Books' });
    const options = await api.client.request<{
      data: { paymentMethodCode: string; paymentOperators: { code: string }[] }[];
    }>('POST', '/payins/!availablePaymentOptions', {
      token,
      body: { money: { amount: 100, currencyCode: 'THB' } },
    });
    expect(options.status).toBe(200);
    const offline = options.body.data.find((option) => option.paymentMethodCode === 'OFFLINE');
    expect(offline?.paymentOperators.map((operator) => operator.code)).toEqual([
      'KBANK',
      'SCB',
      'BBL',
      'KTB',
    ]);
    const none = await api.client.request<{ data: unknown[] }>('POST', '/payins/!availablePaymentOptions', {
      token,
      body: { money: { amount: 100, currencyCode: 'GHS' } },
    });
    expect(
      none.body.data.find(
        (option) => (option as { paymentMethodCode: string }).paymentMethodCode === 'OFFLINE',
      ),
    ).toBeUndefined();
    expectProblem(
      await api.client.request('POST', '/payins/!availablePaymentOptions', {
        token,
        body: { money: { amount: 1 } },
      }),
      400,
      'VALIDATION_FAILED',
    );
    const info = await api.client.request('GET', '/merchant-info', { token });
    expect(info.body).toEqual({
      channelInfo: { name: 'Bangkok Books' },
      isTest: true,
      customerEmails: false,
    });
  });
});
