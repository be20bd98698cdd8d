import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_PAYIN_OPERATIONS } from '../support/api-client';
import { newIdPayin, payinRequest } from '../support/builders';
import { methodRequest } from '../support/method-requests';
import { expectProblem, fieldsOf } from '../support/problem';
import { startTestApi, type TestApi, type TestMerchant } from '../support/test-api';

// A payment link's terms bound by its token (docs/decisions/030): what the token binds, a request
// cannot change; and a live merchant's customer link must fix the amount.
let api: TestApi;

beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const MONEY = { amount: 1500.5, currencyCode: 'THB' };
const TERMS = {
  callbackUrl: 'https://shop.example/callbacks/order',
  returnUrl: 'https://shop.example/return',
  paymentMethodCode: 'QRTH',
  customer: { accountName: 'Somchai Jaidee', accountNumber: '1234567890' },
};

async function createToken(merchant: TestMerchant, idPayment: string, extra: Record<string, unknown>) {
  return api.client.request<{ token: string }>('POST', '/auth-tokens-by-action', {
    body: {
      merchantCode: merchant.merchantCode,
      secret: merchant.secret,
      action: 'PAYIN_CREATE',
      idPayment,
      ...extra,
    },
  });
}

/** The create request the link describes: QRTH with the payer's account, the link's addresses. */
function linkRequest() {
  const request = methodRequest('QRTH', 'THB');
  return {
    ...request,
    paymentRequested: { money: MONEY },
    paymentMethod: { ...request.paymentMethod, account: { ...TERMS.customer } },
    callbackUrl: TERMS.callbackUrl,
    returnUrl: TERMS.returnUrl,
  };
}

describe('terms a PAYIN_CREATE token binds', () => {
  it('accept the request that keeps them, and refuse each change, naming it and storing nothing', async () => {
    const merchant = await api.createMerchant();
    const id = newIdPayin();
    const issued = await createToken(merchant, id, { money: MONEY, terms: TERMS });
    expect(issued.status, issued.text).toBe(200);
    const { token } = issued.body;
    const changes: [string, (request: ReturnType<typeof linkRequest>) => void][] = [
      ['callbackUrl', (request) => (request.callbackUrl = 'https://attacker.example/cb')],
      ['returnUrl', (request) => (request.returnUrl = 'https://attacker.example/back')],
      [
        'paymentMethod.paymentMethodCode',
        (request) =>
          (request.paymentMethod = methodRequest('OFFLINE', 'THB')
            .paymentMethod as typeof request.paymentMethod),
      ],
      [
        'paymentMethod.account.accountName',
        (request) => (request.paymentMethod.account.accountName = 'Someone Else'),
      ],
      [
        'paymentMethod.account.accountNumber',
        (request) => (request.paymentMethod.account.accountNumber = '999'),
      ],
    ];
    for (const [field, change] of changes) {
      const request = linkRequest();
      change(request);
      const refused = await api.client.request('POST', `/payins/${id}`, { token, body: request });
      expectProblem(refused, 403, 'TERMS_NOT_PERMITTED');
      expect(fieldsOf(refused), field).toContain(field);
    }
    expectProblem(await api.client.request('GET', `/payins/${id}`, { token }), 404, 'PAYIN_NOT_FOUND');
    const created = await api.client.request('POST', `/payins/${id}`, { token, body: linkRequest() });
    expect(created.status, created.text).toBe(201);
  });

  it('compare phone numbers in E.164 and e-mail addresses without case', async () => {
    const merchant = await api.createMerchant();
    const id = newIdPayin();
    const { token } = (
      await createToken(merchant, id, {
        money: { amount: 250.75, currencyCode: 'GHS' },
        terms: { paymentMethodCode: 'MOBILE_MONEY', customer: { phoneNumber: '024 123 4567' } },
      })
    ).body;
    const request = methodRequest('MOBILE_MONEY', 'GHS');
    const created = await api.client.request('POST', `/payins/${id}`, {
      token,
      body: {
        ...request,
        paymentRequested: { money: { amount: 250.75, currencyCode: 'GHS' } },
        paymentMethod: { ...request.paymentMethod, phoneNumber: '+233241234567' },
      },
    });
    expect(created.status, created.text).toBe(201);
  });

  it('are refused where they mean nothing, or half', async () => {
    const merchant = await api.createMerchant();
    const info = await api.client.request('POST', '/auth-tokens-by-action', {
      body: {
        merchantCode: merchant.merchantCode,
        secret: merchant.secret,
        action: 'PAYIN_INFO',
        idPayment: newIdPayin(),
        terms: TERMS,
      },
    });
    expectProblem(info, 400, 'VALIDATION_FAILED');
    expect(fieldsOf(info)).toEqual(['terms']);
    const half = await createToken(merchant, newIdPayin(), { terms: { paymentOperatorCode: 'KBANK' } });
    expectProblem(half, 400, 'VALIDATION_FAILED');
    expect(fieldsOf(half)).toEqual(['terms.paymentOperatorCode']);
  });

  it('refuse customer data no payment would take: the customer could not correct it', async () => {
    const merchant = await api.createMerchant();
    const email = await createToken(merchant, newIdPayin(), {
      money: MONEY,
      terms: { customer: { emailAddress: 'taro@@example' } },
    });
    expectProblem(email, 400, 'VALIDATION_FAILED');
    expect(fieldsOf(email)).toEqual(['terms.customer.emailAddress']);
    const phone = await createToken(merchant, newIdPayin(), {
      money: MONEY,
      terms: { customer: { phoneNumber: '0812' } },
    });
    expectProblem(phone, 400, 'VALIDATION_FAILED');
    expect(fieldsOf(phone)).toEqual(['terms.customer.phoneNumber']);
    // Written nationally for the payment's country, or internationally: both are numbers.
    for (const phoneNumber of ['081 234 5678', '+254 712 345678']) {
      const issued = await createToken(merchant, newIdPayin(), {
        money: MONEY,
        terms: { customer: { phoneNumber } },
      });
      expect(issued.status, phoneNumber).toBe(200);
    }
  });

  it('travel into the customer session, which refuses the same changes', async () => {
    const merchant = await api.createMerchant();
    const id = newIdPayin();
    const { token } = (await createToken(merchant, id, { money: MONEY, terms: TERMS })).body;
    const opened = await api.client.request<{ token: string }>('POST', `/payins/${id}/!customerSession`, {
      token,
      body: { returnUrl: TERMS.returnUrl },
    });
    expect(opened.status, opened.text).toBe(201);
    const tampered = { ...linkRequest(), callbackUrl: 'https://attacker.example/cb' };
    expectProblem(
      await api.client.request('POST', `/payins/${id}`, { token: opened.body.token, body: tampered }),
      403,
      'TERMS_NOT_PERMITTED',
    );
    const created = await api.client.request('POST', `/payins/${id}`, {
      token: opened.body.token,
      body: linkRequest(),
    });
    expect(created.status, created.text).toBe(201);
  });
});

describe('a live merchant’s customer link', () => {
  it('needs a PAYIN_CREATE token that fixes the amount', async () => {
    const merchant = await api.createMerchant({ test: false });
    const unbound = await createToken(merchant, newIdPayin(), {});
    expectProblem(unbound, 400, 'VALIDATION_FAILED');
    expect(fieldsOf(unbound)).toEqual(['money']);
    const bound = await createToken(merchant, newIdPayin(), { money: MONEY });
    expect(bound.status, bound.text).toBe(200);
  });

  it('cannot create with a token confined to the payment that leaves the amount open', async () => {
    const merchant = await api.createMerchant({ test: false });
    const id = newIdPayin();
    const literal = await api.client.token(merchant, [`POST /payins/${id}`, `GET /payins/${id}`]);
    const refused = await api.client.request('POST', `/payins/${id}`, {
      token: literal,
      body: payinRequest({ paymentRequested: { money: { amount: 1 } } }),
    });
    expectProblem(refused, 403, 'MONEY_NOT_PERMITTED');
    expectProblem(
      await api.client.request('GET', `/payins/${id}`, { token: literal }),
      404,
      'PAYIN_NOT_FOUND',
    );
    // The merchant's own server, with a general token, creates what it likes: that token never leaves it.
    const general = await api.client.token(merchant, ALL_PAYIN_OPERATIONS);
    const created = await api.client.request('POST', `/payins/${id}`, {
      token: general,
      body: payinRequest(),
    });
    expect(created.status, created.text).toBe(201);
  });

  it('opens no customer session from a general token, or from one that leaves the amount open', async () => {
    const merchant = await api.createMerchant({ test: false });
    const id = newIdPayin();
    const general = await api.client.token(merchant, ALL_PAYIN_OPERATIONS);
    const fromGeneral = await api.client.request('POST', `/payins/${id}/!customerSession`, {
      token: general,
      body: {},
    });
    expectProblem(fromGeneral, 403, 'TERMS_NOT_PERMITTED');
    const literal = await api.client.token(merchant, [`POST /payins/${id}`, `GET /payins/${id}`]);
    const fromUnbound = await api.client.request('POST', `/payins/${id}/!customerSession`, {
      token: literal,
      body: {},
    });
    expectProblem(fromUnbound, 403, 'TERMS_NOT_PERMITTED');
    const { token } = (await createToken(merchant, id, { money: MONEY })).body;
    const opened = await api.client.request('POST', `/payins/${id}/!customerSession`, { token, body: {} });
    expect(opened.status, opened.text).toBe(201);
  });
});
