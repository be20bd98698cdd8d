import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_PAYIN_OPERATIONS } from '../support/api-client';
import { accountRecord, newIdPayin } from '../support/builders';
import { methodRequest } from '../support/method-requests';
import { expectProblem, fieldsOf } from '../support/problem';
import { startTestApi, type TestApi, type TestMerchant } from '../support/test-api';

let api: TestApi;

beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

/** A fresh merchant per test: each has its own 10 requests per second. */
async function merchantWithToken(overrides = {}): Promise<{ merchant: TestMerchant; token: string }> {
  const merchant = await api.createMerchant(overrides);
  return { merchant, token: await api.client.token(merchant, ALL_PAYIN_OPERATIONS) };
}

describe("phone numbers in the customer's national format", () => {
  it.each([
    ['OFFLINE', 'THB', {}, '0812345678', '+66812345678'],
    ['OFFLINE', 'THB', {}, '081-234-5678', '+66812345678'],
    ['MOBILE_MONEY', 'KES', {}, '0712345678', '+254712345678'],
    ['MOBILE_MONEY', 'GHS', {}, '024 123 4567', '+233241234567'],
    ['PAY_ME', 'ZAR', {}, '082 123 4567', '+27821234567'],
    ['EWALLET', 'IDR', { paymentOperatorCode: 'OVO' }, '0812-3456-7890', '+6281234567890'],
    ['NETBANKING', 'INR', {}, '98765 43210', '+919876543210'],
  ])('%s %s takes %s as %s', async (method, currency, data, given, e164) => {
    const merchant = await api.createMerchant();
    const token = await api.client.token(merchant, ALL_PAYIN_OPERATIONS);
    const id = newIdPayin();
    const response = await api.client.request('POST', `/payins/${id}`, {
      token,
      body: methodRequest(method, currency, { ...data, phoneNumber: given }),
    });
    expect(response.status).toBe(201);
    const stored = await api.runtime.deps.payins.get(
      (await api.runtime.deps.merchants.find(merchant.merchantCode))!,
      id,
    );
    expect(stored.customer.phoneNumber).toBe(e164);
  });

  it('ignores an optional phone that is not a valid number instead of refusing the payment', async () => {
    const merchant = await api.createMerchant();
    const token = await api.client.token(merchant, ALL_PAYIN_OPERATIONS);
    for (const phoneNumber of ['081234', 'tomorrow', '+1 555']) {
      const id = newIdPayin();
      const response = await api.client.request('POST', `/payins/${id}`, {
        token,
        body: methodRequest('OFFLINE', 'THB', { phoneNumber }),
      });
      expect(response.status, phoneNumber).toBe(201);
      const stored = await api.runtime.deps.payins.get(
        (await api.runtime.deps.merchants.find(merchant.merchantCode))!,
        id,
      );
      expect(stored.customer.phoneNumber).toBeUndefined();
    }
  });
});

describe('method-dependent request rules', () => {
  it.each([
    [
      'OFFLINE KRW without accountName',
      'OFFLINE',
      'KRW',
      { account: {} },
      'paymentMethod.account.accountName',
    ],
    [
      'OFFLINE JPY without emailAddress',
      'OFFLINE',
      'JPY',
      { emailAddress: undefined },
      'paymentMethod.emailAddress',
    ],
    [
      'NETBANKING with an invalid phoneNumber',
      'NETBANKING',
      'INR',
      { phoneNumber: '081234' },
      'paymentMethod.phoneNumber',
    ],
    [
      'QRTH without accountNumber',
      'QRTH',
      'THB',
      { account: { accountName: 'Somchai' } },
      'paymentMethod.account.accountNumber',
    ],
    [
      'NETBANKING with a non-Indian phone',
      'NETBANKING',
      'INR',
      { phoneNumber: '+66812345678' },
      'paymentMethod.phoneNumber',
    ],
    [
      'NETBANKING with an invalid email',
      'NETBANKING',
      'INR',
      { emailAddress: 'rahul@' },
      'paymentMethod.emailAddress',
    ],
    [
      'CRYPTO_OFFLINE with an invalid email',
      'CRYPTO_OFFLINE',
      'USDT',
      { emailAddress: 'x' },
      'paymentMethod.emailAddress',
    ],
    ['QRVN with an invalid email', 'QRVN', 'VND', { emailAddress: 'an@' }, 'paymentMethod.emailAddress'],
    [
      'P2A_V2 (UPI ID) with an invalid email',
      'P2A_V2',
      'INR',
      { emailAddress: '@in' },
      'paymentMethod.emailAddress',
    ],
    [
      'MOBILE_MONEY without phoneNumber',
      'MOBILE_MONEY',
      'GHS',
      { phoneNumber: undefined },
      'paymentMethod.phoneNumber',
    ],
    [
      'MOBILE_MONEY KES with a Ghanaian phone',
      'MOBILE_MONEY',
      'KES',
      { phoneNumber: '+233241234567' },
      'paymentMethod.phoneNumber',
    ],
    [
      'BANKA_PAY without phoneNumber',
      'BANKA_PAY',
      'ZAR',
      { phoneNumber: undefined },
      'paymentMethod.phoneNumber',
    ],
    [
      'PAY_ME with a foreign phone',
      'PAY_ME',
      'ZAR',
      { phoneNumber: '+447700900123' },
      'paymentMethod.phoneNumber',
    ],
    [
      'EWALLET OVO (push) without phoneNumber',
      'EWALLET',
      'IDR',
      { paymentOperatorCode: 'OVO' },
      'paymentMethod.phoneNumber',
    ],
    ['a VND amount with a fraction', 'QRVN', 'VND', {}, 'paymentRequested.money.amount', 250000.5],
    [
      'an IDR amount too long for a QR',
      'QRID',
      'IDR',
      {},
      'paymentRequested.money.amount',
      99_999_999_999_999,
    ],
  ])(
    'refuses %s (400 with the field named)',
    async (_label, method, currency, data, field, amount?: number) => {
      const { token } = await merchantWithToken();
      const body = methodRequest(method, currency, data);
      if (amount !== undefined) body.paymentRequested.money.amount = amount;
      const response = await api.client.request('POST', `/payins/${newIdPayin()}`, { token, body });
      expectProblem(response, 400, 'VALIDATION_FAILED');
      expect(fieldsOf(response)).toEqual([field]);
    },
  );

  it('keeps the customer data a method uses and drops the rest', async () => {
    const { token } = await merchantWithToken();
    const account = { accountName: 'Nguyen Van An', accountNumber: '0123456789' };
    const qrvn = newIdPayin();
    const qrth = newIdPayin();
    for (const [id, method, currency] of [
      [qrvn, 'QRVN', 'VND'],
      [qrth, 'QRTH', 'THB'],
    ] as const) {
      const created = await api.client.request('POST', `/payins/${id}`, {
        token,
        body: methodRequest(method, currency, { account }),
      });
      expect(created.status).toBe(201);
    }
    const unused = await api.client.request('GET', `/payins/${qrvn}/accounts`, { token });
    expect(unused.body).toEqual({
      customerAccountRequest: accountRecord(),
      customerAccountProcess: accountRecord(),
    });
    const used = await api.client.request('GET', `/payins/${qrth}/accounts`, { token });
    expect(used.body).toEqual({
      customerAccountRequest: accountRecord(account),
      customerAccountProcess: accountRecord(),
    });
  });
});

describe('operators', () => {
  it.each([
    ['VAPAY', 'IDR', 'GOPAY', 'Use one of BCA, MANDIRI, BNI, BRI, PERMATA.'],
    ['P2A_V2', 'INR', 'PAYTM', 'Use one of UPI, HDFC, ICICI, SBI, AXIS, KOTAK.'],
    ['MOBILE_MONEY', 'KES', 'MTN', 'Use one of MPESA, AIRTEL.'],
    ['QRTH', 'THB', 'KBANK', 'This method takes no operator.'],
  ])('refuses an unknown %s operator in %s', async (method, currency, operator, message) => {
    const { token } = await merchantWithToken();
    const response = await api.client.request('POST', `/payins/${newIdPayin()}`, {
      token,
      body: methodRequest(method, currency, { paymentOperatorCode: operator }),
    });
    expectProblem(response, 400, 'PAYMENT_OPERATOR_UNKNOWN');
    expect(response.body.errors).toEqual([{ field: 'paymentMethod.paymentOperatorCode', message }]);
  });

  it('lists every configured method of the currency with its operators', async () => {
    const { token } = await merchantWithToken();
    const options = async (currencyCode: string, amount: number) => {
      const response = await api.client.request<{
        data: { paymentMethodCode: string; paymentOperators: { code: string; name: string }[] }[];
      }>('POST', '/payins/!availablePaymentOptions', { token, body: { money: { amount, currencyCode } } });
      expect(response.status).toBe(200);
      return Object.fromEntries(
        response.body.data.map((option) => [
          option.paymentMethodCode,
          option.paymentOperators.map((o) => o.code),
        ]),
      );
    };
    expect(await options('IDR', 150000)).toEqual({
      EWALLET: ['DANA', 'OVO', 'GOPAY', 'SHOPEEPAY', 'LINKAJA'],
      QRID: [],
      VAPAY: ['BCA', 'MANDIRI', 'BNI', 'BRI', 'PERMATA'],
    });
    expect(await options('INR', 1499.5)).toEqual({
      P2A_V2: ['UPI', 'HDFC', 'ICICI', 'SBI', 'AXIS', 'KOTAK'],
      ONLINE: ['HDFC', 'ICICI', 'SBI', 'AXIS', 'KOTAK'],
      NETBANKING: ['SBI', 'HDFC', 'ICICI', 'AXIS', 'KOTAK', 'PNB', 'BOB'],
      QRIN: ['ICICI', 'AXIS', 'HDFC'],
    });
    expect(await options('USDT', 10)).toEqual({ CRYPTO_OFFLINE: ['TRON', 'ETHEREUM'] });
    expect(await options('GHS', 10)).toEqual({ MOBILE_MONEY: ['MTN', 'TELECEL', 'AIRTELTIGO'] });
    expect(await options('ZAR', 10)).toEqual({
      BANKA_PAY: [],
      ONLINE: ['ABSA', 'FNB', 'NEDBANK', 'STANDARD_BANK', 'CAPITEC'],
      PAY_ME: ['CAPITEC', 'ABSA', 'FNB', 'NEDBANK', 'STANDARD_BANK'],
    });
  });

  it("offers only the merchant's configured methods and refuses the others", async () => {
    const { token } = await merchantWithToken({ paymentMethods: ['QRMY', 'OFFLINE'] });
    const response = await api.client.request<{ data: { paymentMethodCode: string }[] }>(
      'POST',
      '/payins/!availablePaymentOptions',
      { token, body: { money: { amount: 50, currencyCode: 'MYR' } } },
    );
    expect(response.body.data).toEqual([
      {
        paymentMethodCode: 'QRMY',
        paymentOperators: [
          { code: 'MAYBANK', name: 'Maybank' },
          { code: 'RHB', name: 'RHB Bank' },
          { code: 'OCBC', name: 'OCBC Bank (Malaysia)' },
        ],
      },
    ]);
    const refused = await api.client.request('POST', `/payins/${newIdPayin()}`, {
      token,
      body: methodRequest('ONLINE', 'MYR'),
    });
    expectProblem(refused, 400, 'PAYMENT_METHOD_NOT_CONFIGURED');
    expect(fieldsOf(refused)).toEqual(['paymentMethod.paymentMethodCode']);
  });
});

describe('!setExternalReference', () => {
  it('P2A_V2 takes exactly 12 digits (the UTR) and shows it on reads', async () => {
    const { token } = await merchantWithToken();
    const id = newIdPayin();
    expect(
      (await api.client.request('POST', `/payins/${id}`, { token, body: methodRequest('P2A_V2', 'INR') }))
        .status,
    ).toBe(201);
    for (const reference of ['12345678901', '1234567890123', 'ABCDEFGHIJKL']) {
      const refused = await api.client.request('POST', `/payins/${id}/!setExternalReference`, {
        token,
        body: { reference },
      });
      expectProblem(refused, 400, 'EXTERNAL_REFERENCE_INVALID');
      expect(fieldsOf(refused)).toEqual(['reference']);
    }
    const accepted = await api.client.request('POST', `/payins/${id}/!setExternalReference`, {
      token,
      body: { reference: '412345678901' },
    });
    expect(accepted.status).toBe(200);
    const read = await api.client.request('GET', `/payins/${id}`, { token });
    expect(read.body.paymentMethodResponse).toMatchObject({
      externalReference: { reference: '412345678901' },
    });
  });

  it('QRIN takes an optional UTR of 12 digits too', async () => {
    const { token } = await merchantWithToken();
    const id = newIdPayin();
    await api.client.request('POST', `/payins/${id}`, { token, body: methodRequest('QRIN', 'INR') });
    expectProblem(
      await api.client.request('POST', `/payins/${id}/!setExternalReference`, {
        token,
        body: { reference: 'UTR-1' },
      }),
      400,
      'EXTERNAL_REFERENCE_INVALID',
    );
    const accepted = await api.client.request('POST', `/payins/${id}/!setExternalReference`, {
      token,
      body: { reference: '512345678901' },
    });
    expect(accepted.body).toEqual({ idPayin: id, externalReference: { reference: '512345678901' } });
  });
});
