import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_PAYIN_OPERATIONS } from '../support/api-client';
import { newIdPayin, payinRequest } from '../support/builders';
import { expectProblem } from '../support/problem';
import { manualClock, startTestApi, type TestApi, type TestMerchant } from '../support/test-api';

const clock = manualClock();
let api: TestApi;

beforeAll(async () => {
  // Tokens expire by the same manual clock as payins: nothing here waits on wall time.
  api = await startTestApi({}, { clock, tokenClock: clock });
});
afterAll(() => api.close());

interface SessionBody {
  token: string;
  expiresAt: string;
  operations: string[];
}

async function openSession(token: string, idPayin: string, body: Record<string, unknown> = {}) {
  return api.client.request<SessionBody>('POST', `/payins/${idPayin}/!customerSession`, { token, body });
}

async function sessionFor(merchant: TestMerchant, idPayin: string, extra: Record<string, unknown> = {}) {
  const token = await api.client.tokenByAction(merchant, 'PAYIN_CREATE', idPayin, extra);
  const opened = await openSession(token, idPayin, {
    returnUrl: 'https://merchant.example/return',
  });
  expect(opened.status).toBe(201);
  return { token, session: opened.body.token };
}

describe('POST /payins/{idPayin}/!customerSession', () => {
  it('outlives the merchant token: the payin is created, read and referenced after the token expired', async () => {
    const merchant = await api.createMerchant({ paymentMethods: ['P2A_V2', 'OFFLINE'] });
    const id = newIdPayin();
    const { token, session } = await sessionFor(merchant, id, { validitySecs: 60 });
    clock.advance(61_000);
    expectProblem(await api.client.request('GET', `/payins/${id}`, { token }), 401, 'TOKEN_EXPIRED');

    const options = await api.client.request('POST', '/payins/!availablePaymentOptions', {
      token: session,
      body: { money: { amount: 1000, currencyCode: 'INR' } },
    });
    expect(options.status).toBe(200);
    const created = await api.client.request('POST', `/payins/${id}`, {
      token: session,
      body: payinRequest({
        paymentRequested: { money: { amount: 1000, currencyCode: 'INR' } },
        paymentMethod: { paymentMethodCode: 'P2A_V2' },
      }),
    });
    expect(created.status).toBe(201);
    const reference = await api.client.request('POST', `/payins/${id}/!setExternalReference`, {
      token: session,
      body: { reference: '123456789012' },
    });
    expect(reference.status).toBe(200);
    const read = await api.client.request<{ process: { status: string } }>('GET', `/payins/${id}`, {
      token: session,
    });
    expect(read.status).toBe(200);
    expect(read.body.process.status).toBe('PENDING');
  });

  it('lists the operations it allows: the payin flow, confined to the payin, never more than the token had', async () => {
    const merchant = await api.createMerchant();
    const id = newIdPayin('a.b+c');
    const byAction = await sessionFor(merchant, id);
    const opened = await openSession(byAction.token, id);
    expect(opened.body.operations).toEqual([
      'POST /payins/!availablePaymentOptions',
      `POST /payins/${id.replace(/[.+]/g, '\\$&')}`,
      `GET /payins/${id.replace(/[.+]/g, '\\$&')}`,
      `POST /payins/${id.replace(/[.+]/g, '\\$&')}/!setExternalReference`,
      'GET /merchant-info',
      `POST /sandbox/payins/${id.replace(/[.+]/g, '\\$&')}/!simulate`,
    ]);

    // A read-only token gives a read-only session.
    const info = await api.client.tokenByAction(merchant, 'PAYIN_INFO', id);
    const readOnly = await openSession(info, id);
    expect(readOnly.status).toBe(201);
    expect(readOnly.body.operations).toEqual([`GET /payins/${id.replace(/[.+]/g, '\\$&')}`]);
    expectProblem(
      await api.client.request('POST', `/payins/${id}`, { token: readOnly.body.token, body: payinRequest() }),
      403,
      'OPERATION_NOT_PERMITTED',
    );

    // A general token gives a session confined to the one payin.
    const general = await api.client.token(merchant, ALL_PAYIN_OPERATIONS);
    const confined = await openSession(general, id);
    expect(confined.status).toBe(201);
    const other = newIdPayin();
    expectProblem(
      await api.client.request('POST', `/payins/${other}`, {
        token: confined.body.token,
        body: payinRequest(),
      }),
      403,
      'OPERATION_NOT_PERMITTED',
    );
    // A session cannot open another (which could stretch its life).
    expectProblem(await openSession(confined.body.token, id), 403, 'OPERATION_NOT_PERMITTED');
    // Its payment scope makes it usable from a browser, as the specification allows.
    const fromBrowser = await api.client.request('GET', `/payins/${id}`, {
      token: confined.body.token,
      headers: { origin: 'https://shop.example' },
    });
    expectProblem(fromBrowser, 404, 'PAYIN_NOT_FOUND');
    expect(fromBrowser.headers.get('access-control-allow-origin')).toBe('*');
  });

  it("keeps the token's money restriction, and catches a link of another amount at once", async () => {
    const merchant = await api.createMerchant();
    const id = newIdPayin();
    const limited = await api.client.tokenByAction(merchant, 'PAYIN_CREATE', id, {
      money: { amount: 1500.5, currencyCode: 'THB' },
    });
    const mismatch = await openSession(limited, id, { money: { amount: 1.5, currencyCode: 'THB' } });
    expectProblem(mismatch, 403, 'MONEY_NOT_PERMITTED');

    const opened = await openSession(limited, id, { money: { amount: 1500.5, currencyCode: 'THB' } });
    expect(opened.status).toBe(201);
    const other = await api.client.request('POST', `/payins/${id}`, {
      token: opened.body.token,
      body: payinRequest({ paymentRequested: { money: { amount: 1.5 } } }),
    });
    expectProblem(other, 403, 'MONEY_NOT_PERMITTED');
    const same = await api.client.request('POST', `/payins/${id}`, {
      token: opened.body.token,
      body: payinRequest(),
    });
    expect(same.status).toBe(201);
  });

  it('refuses what the link gets wrong: a returnUrl that is not allowed, a token of another payin, bad bodies', async () => {
    const merchant = await api.createMerchant();
    const id = newIdPayin();
    const token = await api.client.tokenByAction(merchant, 'PAYIN_CREATE', id);
    expectProblem(
      await openSession(token, id, { returnUrl: 'http://merchant.example/return' }),
      400,
      'URL_NOT_ALLOWED',
    );
    expectProblem(await openSession(token, id, { returnUrl: 'not a url' }), 400, 'VALIDATION_FAILED');
    expectProblem(await openSession(token, newIdPayin()), 403, 'PAYMENT_NOT_PERMITTED');
    const malformed = await api.client.request('POST', `/payins/${id}/!customerSession`, {
      token,
      rawBody: '{"returnUrl": ',
    });
    expectProblem(malformed, 400, 'MALFORMED_JSON');
    expectProblem(
      await api.client.request('POST', `/payins/${id}/!customerSession`, { body: {} }),
      401,
      'AUTHENTICATION_REQUIRED',
    );
  });

  it('ends an hour after its payin became final, not before', async () => {
    const merchant = await api.createMerchant();
    const id = newIdPayin();
    const { session } = await sessionFor(merchant, id);
    expect(
      (await api.client.request('POST', `/payins/${id}`, { token: session, body: payinRequest() })).status,
    ).toBe(201);
    const simulated = await api.client.request('POST', `/sandbox/payins/${id}/!simulate`, {
      token: session,
      body: { status: 'SUCCESS' },
    });
    expect(simulated.status).toBe(200);
    clock.advance(59 * 60_000);
    expect((await api.client.request('GET', `/payins/${id}`, { token: session })).status).toBe(200);
    clock.advance(2 * 60_000);
    expectProblem(await api.client.request('GET', `/payins/${id}`, { token: session }), 401, 'SESSION_ENDED');
  });

  it('stays open as long as the payin is open, however long that is', async () => {
    const merchant = await api.createMerchant();
    const id = newIdPayin();
    const { session } = await sessionFor(merchant, id);
    expect(
      (await api.client.request('POST', `/payins/${id}`, { token: session, body: payinRequest() })).status,
    ).toBe(201);
    // An OFFLINE payin stays open 24 h: the page keeps working through it.
    clock.advance(23 * 3_600_000);
    const read = await api.client.request<{ process: { status: string } }>('GET', `/payins/${id}`, {
      token: session,
    });
    expect(read.status).toBe(200);
    expect(read.body.process.status).toBe('PENDING');
  });
});

describe('a customer session whose payin was never created', () => {
  const shortClock = manualClock();
  let short: TestApi;
  beforeAll(async () => {
    short = await startTestApi({ CHECKOUT_WINDOW_SECS: '1' }, { clock: shortClock, tokenClock: shortClock });
  });
  afterAll(() => short.close());

  it('may create it only within the checkout window (or the token’s validity, if longer)', async () => {
    const merchant = await short.createMerchant();
    const [late, onTime] = [newIdPayin(), newIdPayin()];
    const open = async (id: string, validitySecs: number) => {
      const token = await short.client.tokenByAction(merchant, 'PAYIN_CREATE', id, { validitySecs });
      const opened = await short.client.request<SessionBody>('POST', `/payins/${id}/!customerSession`, {
        token,
        body: {},
      });
      expect(opened.status).toBe(201);
      return opened.body.token;
    };
    const [lateSession, onTimeSession] = await Promise.all([open(late, 3), open(onTime, 60)]);
    shortClock.advance(4100);
    expectProblem(
      await short.client.request('POST', `/payins/${late}`, { token: lateSession, body: payinRequest() }),
      401,
      'SESSION_ENDED',
    );
    const created = await short.client.request('POST', `/payins/${onTime}`, {
      token: onTimeSession,
      body: payinRequest(),
    });
    expect(created.status).toBe(201);
  });
});
