import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  PaymentLinkPage,
  PaymentLinkResource,
  PaymentLinkStart,
  PaymentLinkView,
} from '@/lib/api/payment-link-responses';
import type { PayinResource } from '@/lib/api/responses';
import { checkLedgerInvariants } from '@/server/audit';
import { ALL_PAYIN_OPERATIONS, PacedApiClient } from '../support/api-client';
import { newIdPayin, payinRequest } from '../support/builders';
import { expectProblem, fieldsOf } from '../support/problem';
import { manualClock, startTestApi, type TestApi, type TestMerchant } from '../support/test-api';

// Payment links over real HTTP on the real database (docs/decisions/051): the merchant's API, the
// customer's page calls, and the payins made from a link bound to its terms.
const OPERATIONS = [...ALL_PAYIN_OPERATIONS, 'POST /payment-links/.*', 'GET /payment-links.*'];

const clock = manualClock();
let api: TestApi;
let client: PacedApiClient;
let merchant: TestMerchant;
let token: string;

beforeAll(async () => {
  api = await startTestApi({}, { clock });
  client = new PacedApiClient(api.baseUrl);
  merchant = await api.createMerchant({ channelName: 'Bangkok Books' });
  token = await client.token(merchant, OPERATIONS);
});
afterAll(async () => {
  expect(await checkLedgerInvariants(api.runtime.deps.db)).toEqual([]);
  await api.close();
});

const CALLBACK = 'https://merchant.example/callbacks';
const RETURN = 'https://merchant.example/thanks';

async function createLink(body: Record<string, unknown>, idLink = newIdPayin('link')) {
  const response = await client.request<PaymentLinkResource>('POST', `/payment-links/${idLink}`, {
    token,
    body: { description: 'A book', callbackUrl: CALLBACK, returnUrl: RETURN, ...body },
  });
  expect(response.status, response.text).toBe(201);
  return response.body;
}

const secretOf = (link: { url: string }) => link.url.split('/').pop()!;

function start(link: { url: string }, body?: Record<string, unknown>) {
  return client.request<PaymentLinkStart>('POST', `/payment-link-pages/${secretOf(link)}/!start`, {
    ...(body && { body }),
  });
}

async function started(link: { url: string }, body?: Record<string, unknown>): Promise<PaymentLinkStart> {
  const response = await start(link, body);
  expect(response.status, response.text).toBe(201);
  return response.body;
}

/** The payin the customer's page creates with the session the link opened. */
function pay(session: PaymentLinkStart, overrides: Parameters<typeof payinRequest>[0] = {}) {
  return client.request<PayinResource>('POST', `/payins/${session.idPayin}`, {
    token: session.token,
    body: payinRequest({
      paymentRequested: {
        money: { amount: Number(session.query.amount), currencyCode: session.query.currencyCode as 'THB' },
      },
      callbackUrl: session.query.callbackUrl,
      returnUrl: session.query.returnUrl,
      ...overrides,
    }),
  });
}

/** PromptPay QR, with the payer's account it needs. */
const QRTH = {
  paymentMethodCode: 'QRTH',
  account: { accountName: 'Somchai Jaidee', accountNumber: '1234567890' },
} as const;

const read = (idLink: string) =>
  client.request<PaymentLinkResource>('GET', `/payment-links/${idLink}`, { token });

describe('creating and reading links', () => {
  it('gives a fixed-amount link its URL, a PNG QR of it, and reads it back', async () => {
    const link = await createLink({ money: { amount: 299, currencyCode: 'THB' }, usageLimit: 3 });
    expect(link).toMatchObject({
      status: 'ACTIVE',
      money: { amount: 299, currencyCode: 'THB' },
      usageLimit: 3,
      isTest: true,
      uses: { paid: 0, pending: 0, counted: 0 },
      payins: [],
    });
    expect(link.url).toMatch(/\/links\/[A-Za-z0-9_-]{43}$/);
    // The URL names neither the merchant nor the link: only the secret opens it.
    expect(link.url).not.toContain(link.idLink);
    const png = Buffer.from(link.qrCodePng.replace(/^data:image\/png;base64,/, ''), 'base64');
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    const again = await read(link.idLink);
    expect(again.status).toBe(200);
    expect(again.body.url).toBe(link.url);
    const page = await client.request<PaymentLinkPage>('GET', '/payment-links?limit=5', { token });
    expect(page.body.data[0]).toMatchObject({ idLink: link.idLink, status: 'ACTIVE' });
    expect(page.body.data[0]).not.toHaveProperty('qrCodePng');
  });

  it('refuses what it cannot keep, naming the field, and keeps nothing', async () => {
    const idLink = newIdPayin('bad');
    const both = await client.request('POST', `/payment-links/${idLink}`, {
      token,
      body: {
        description: 'x',
        money: { amount: 1, currencyCode: 'THB' },
        amountRange: { currencyCode: 'THB', minAmount: 1, maxAmount: 2 },
      },
    });
    expectProblem(both, 400, 'VALIDATION_FAILED');
    expect(fieldsOf(both)).toContain('money');
    const neither = await client.request('POST', `/payment-links/${idLink}`, {
      token,
      body: { description: 'x' },
    });
    expect(fieldsOf(neither)).toContain('money');
    const precise = await client.request('POST', `/payment-links/${idLink}`, {
      token,
      body: { description: 'x', amountRange: { currencyCode: 'THB', minAmount: 1.005, maxAmount: 2 } },
    });
    expect(fieldsOf(precise)).toContain('amountRange.minAmount');
    const upsideDown = await client.request('POST', `/payment-links/${idLink}`, {
      token,
      body: { description: 'x', amountRange: { currencyCode: 'THB', minAmount: 5, maxAmount: 2 } },
    });
    expect(fieldsOf(upsideDown)).toContain('amountRange.maxAmount');
    const past = await client.request('POST', `/payment-links/${idLink}`, {
      token,
      body: { description: 'x', money: { amount: 1, currencyCode: 'THB' }, expireAt: '2020-01-01T00:00:00Z' },
    });
    expect(fieldsOf(past)).toEqual(['expireAt']);
    const method = await client.request('POST', `/payment-links/${idLink}`, {
      token,
      body: {
        description: 'x',
        money: { amount: 1, currencyCode: 'THB' },
        paymentMethodCodes: ['OFFLINE', 'UPI'],
      },
    });
    expect(fieldsOf(method)).toEqual(['paymentMethodCodes.1']);
    const url = await client.request('POST', `/payment-links/${idLink}`, {
      token,
      body: {
        description: 'x',
        money: { amount: 1, currencyCode: 'THB' },
        callbackUrl: 'http://merchant.example/callbacks',
      },
    });
    expectProblem(url, 400, 'URL_NOT_ALLOWED');
    const badId = await client.request('POST', `/payment-links/${'x'.repeat(49)}`, {
      token,
      body: { description: 'x', money: { amount: 1, currencyCode: 'THB' } },
    });
    expect(fieldsOf(badId)).toEqual(['idLink']);
    expectProblem(await read(idLink), 404, 'PAYMENT_LINK_NOT_FOUND');
  });

  it('never changes a link: the same id again is 409', async () => {
    const link = await createLink({ money: { amount: 10, currencyCode: 'THB' } });
    const again = await client.request('POST', `/payment-links/${link.idLink}`, {
      token,
      body: { description: 'Other', money: { amount: 99, currencyCode: 'THB' } },
    });
    expectProblem(again, 409, 'PAYMENT_LINK_ALREADY_EXISTS');
    expect((await read(link.idLink)).body.money?.amount).toBe(10);
  });

  it('calls back to the built-in receiver and returns to its own page when the merchant gives no URLs', async () => {
    const link = await createLink({
      money: { amount: 10, currencyCode: 'THB' },
      callbackUrl: undefined,
      returnUrl: undefined,
    });
    expect(link.callbackUrl).toContain('/api/callback-receiver/');
    const session = await started(link);
    expect(session.query.returnUrl).toBe(link.url);
    expect((await pay(session)).status).toBe(201);
  });

  it('keeps links to their merchant and to tokens that may touch them', async () => {
    const link = await createLink({ money: { amount: 10, currencyCode: 'THB' } });
    const other = await api.createMerchant();
    const otherToken = await client.token(other, OPERATIONS);
    expectProblem(
      await client.request('GET', `/payment-links/${link.idLink}`, { token: otherToken }),
      404,
      'PAYMENT_LINK_NOT_FOUND',
    );
    const scoped = await client.token(merchant, [`GET /payins/abc`]);
    expect((await client.request('GET', `/payment-links/${link.idLink}`, { token: scoped })).status).toBe(
      403,
    );
  });
});

describe("the customer's page", () => {
  it('shows the shop, the terms and the status, and nothing of the setup', async () => {
    const link = await createLink({ amountRange: { currencyCode: 'THB', minAmount: 100, maxAmount: 500 } });
    const view = await client.request<PaymentLinkView>('GET', `/payment-link-pages/${secretOf(link)}`);
    expect(view.body).toEqual({
      merchantName: 'Bangkok Books',
      description: 'A book',
      isTest: true,
      status: 'ACTIVE',
      amountRange: { currencyCode: 'THB', minAmount: 100, maxAmount: 500 },
    });
    const unknown = await client.request('GET', `/payment-link-pages/${'A'.repeat(43)}`);
    expectProblem(unknown, 404, 'PAYMENT_LINK_NOT_FOUND');
    expectProblem(await client.request('GET', '/payment-link-pages/short'), 404, 'PAYMENT_LINK_NOT_FOUND');
  });

  it('numbers two uses .1 and .2, each a payin of the link', async () => {
    const link = await createLink({ money: { amount: 250, currencyCode: 'THB' } });
    const first = await started(link);
    const second = await started(link);
    expect([first.idPayin, second.idPayin]).toEqual([`${link.idLink}.1`, `${link.idLink}.2`]);
    expect(first.merchantCode).toBe(merchant.merchantCode);
    expect(first.query).toEqual({
      amount: '250.00',
      currencyCode: 'THB',
      callbackUrl: CALLBACK,
      returnUrl: RETURN,
    });
    expect((await pay(second)).status).toBe(201);
    expect((await pay(first)).status).toBe(201);
    const detail = (await read(link.idLink)).body;
    expect(detail.payins.map((payin) => payin.idPayin)).toEqual([first.idPayin, second.idPayin]);
    expect(detail.uses).toEqual({ paid: 0, pending: 2, counted: 2 });
    // The list counts every link of its page in one query: each its own payins, none for a new link.
    const fresh = await createLink({ money: { amount: 40, currencyCode: 'THB' } });
    const page = await client.request<PaymentLinkPage>('GET', '/payment-links?limit=100', { token });
    const listed = new Map(page.body.data.map((item) => [item.idLink, item.uses]));
    expect(listed.get(link.idLink)).toEqual({ paid: 0, pending: 2, counted: 2 });
    expect(listed.get(fresh.idLink)).toEqual({ paid: 0, pending: 0, counted: 0 });
    for (const [idLink, uses] of listed) expect(uses).toEqual((await read(idLink)).body.uses);
  });

  it('skips a number the merchant used for a payin of its own', async () => {
    const link = await createLink({ money: { amount: 20, currencyCode: 'THB' } });
    const own = await client.request('POST', `/payins/${link.idLink}.1`, { token, body: payinRequest() });
    expect(own.status).toBe(201);
    expect((await started(link)).idPayin).toBe(`${link.idLink}.2`);
  });

  it('lets the customer choose an amount within the range, and nothing else', async () => {
    const link = await createLink({ amountRange: { currencyCode: 'THB', minAmount: 100, maxAmount: 500 } });
    for (const amount of [99.99, 500.01, 100.005]) {
      const refused = await start(link, { amount });
      expectProblem(refused, 400, 'VALIDATION_FAILED');
      expect(fieldsOf(refused)).toEqual(['amount']);
    }
    expect(fieldsOf(await start(link))).toEqual(['amount']);
    const session = await started(link, { amount: 100 });
    expect(session.query.amount).toBe('100.00');
    // Tampering: the session fixes the chosen amount; another one is refused, the chosen one taken.
    const more = await pay(session, { paymentRequested: { money: { amount: 500, currencyCode: 'THB' } } });
    expectProblem(more, 403, 'MONEY_NOT_PERMITTED');
    expect((await pay(session)).status).toBe(201);
    const fixed = await createLink({ money: { amount: 300, currencyCode: 'THB' } });
    expect(fieldsOf(await start(fixed, { amount: 1 }))).toEqual(['amount']);
  });

  it("binds the link's URLs and methods: the customer's page can change neither", async () => {
    const link = await createLink({
      money: { amount: 300, currencyCode: 'THB' },
      paymentMethodCodes: ['QRTH'],
    });
    const session = await started(link);
    expect(session.query.paymentMethodCode).toBe('QRTH');
    const options = await client.request<{ data: { paymentMethodCode: string }[] }>(
      'POST',
      '/payins/!availablePaymentOptions',
      { token: session.token, body: { money: { amount: 300, currencyCode: 'THB' } } },
    );
    expect(options.body.data.map((option) => option.paymentMethodCode)).toEqual(['QRTH']);
    const otherMethod = await pay(session, { paymentMethod: { paymentMethodCode: 'OFFLINE' } });
    expectProblem(otherMethod, 403, 'TERMS_NOT_PERMITTED');
    expect(fieldsOf(otherMethod)).toEqual(['paymentMethod.paymentMethodCode']);
    const otherCallback = await pay(session, {
      paymentMethod: QRTH,
      callbackUrl: 'https://attacker.example/cb',
    });
    expectProblem(otherCallback, 403, 'TERMS_NOT_PERMITTED');
    // The session is for its one payin: not another idPayin, not another link's.
    const elsewhere = await client.request('POST', `/payins/${link.idLink}.9`, {
      token: session.token,
      body: payinRequest({ paymentRequested: { money: { amount: 300, currencyCode: 'THB' } } }),
    });
    expect(elsewhere.status).toBe(403);
    const paid = await pay(session, { paymentMethod: QRTH });
    expect(paid.status, paid.text).toBe(201);
  });
});

describe('the usage limit, expiry and deactivation', () => {
  it('takes one payment on a single-use link; a refused one frees its place', async () => {
    const link = await createLink({ money: { amount: 150, currencyCode: 'THB' }, usageLimit: 1 });
    // Starting is free: two customers open the page and start.
    const [first, second] = [await started(link), await started(link)];
    expect((await pay(first)).status).toBe(201);
    expectProblem(await pay(second), 409, 'PAYMENT_LINK_CLOSED');
    expect((await read(link.idLink)).body.status).toBe('USED_UP');
    expectProblem(await start(link), 409, 'PAYMENT_LINK_CLOSED');
    const view = await client.request<PaymentLinkView>('GET', `/payment-link-pages/${secretOf(link)}`);
    expect(view.body.status).toBe('USED_UP');
    // The first payment is refused at the bank: the link takes a payment again.
    const refused = await client.request('POST', `/sandbox/payins/${first.idPayin}/!simulate`, {
      token,
      body: { status: 'REFUSED' },
    });
    expect(refused.status, refused.text).toBe(200);
    expect((await read(link.idLink)).body.status).toBe('ACTIVE');
    expect((await pay(second)).status).toBe(201);
    const paid = await client.request('POST', `/sandbox/payins/${second.idPayin}/!simulate`, {
      token,
      body: { status: 'SUCCESS' },
    });
    expect(paid.status).toBe(200);
    expect((await read(link.idLink)).body).toMatchObject({
      status: 'USED_UP',
      uses: { paid: 1, pending: 0 },
    });
  });

  it('gives the last place to one of many customers racing for it', async () => {
    const link = await createLink({ money: { amount: 75, currencyCode: 'THB' }, usageLimit: 2 });
    const sessions = await Promise.all(Array.from({ length: 6 }, () => started(link)));
    const answers = await Promise.all(sessions.map((session) => pay(session)));
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(2);
    for (const answer of answers.filter((answer) => answer.status !== 201))
      expectProblem(answer, 409, 'PAYMENT_LINK_CLOSED');
    expect((await read(link.idLink)).body.uses.counted).toBe(2);
  });

  it('ends at its expiry: no new start, and a session opened before cannot create', async () => {
    const link = await createLink({
      money: { amount: 80, currencyCode: 'THB' },
      expireAt: new Date(clock().getTime() + 3_600_000).toISOString(),
    });
    const session = await started(link);
    clock.advance(3_600_000);
    try {
      expectProblem(await start(link), 409, 'PAYMENT_LINK_CLOSED');
      expectProblem(await pay(session), 409, 'PAYMENT_LINK_CLOSED');
      expect((await read(link.idLink)).body.status).toBe('EXPIRED');
    } finally {
      clock.advance(-3_600_000);
    }
  });

  it('takes nothing once deactivated; payins already made go on', async () => {
    const link = await createLink({ money: { amount: 90, currencyCode: 'THB' } });
    const [paid, late] = [await started(link), await started(link)];
    expect((await pay(paid)).status).toBe(201);
    const off = await client.request<PaymentLinkResource>(
      'POST',
      `/payment-links/${link.idLink}/!deactivate`,
      {
        token,
      },
    );
    expect(off.status).toBe(200);
    expect(off.body.status).toBe('INACTIVE');
    expect(off.body.deactivatedAt).toBeDefined();
    expectProblem(await pay(late), 409, 'PAYMENT_LINK_CLOSED');
    expectProblem(await start(link), 409, 'PAYMENT_LINK_CLOSED');
    const ended = await client.request('POST', `/sandbox/payins/${paid.idPayin}/!simulate`, {
      token,
      body: { status: 'SUCCESS' },
    });
    expect(ended.status).toBe(200);
    const again = await client.request<PaymentLinkResource>(
      'POST',
      `/payment-links/${link.idLink}/!deactivate`,
      {
        token,
      },
    );
    expect(again.body.deactivatedAt).toBe(off.body.deactivatedAt);
  });
});
