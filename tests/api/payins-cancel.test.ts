import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallbackDeliveryResource } from '@/lib/api/responses';
import type { CallbackDispatcherWorker } from '@/server/callbacks';
import { ALL_PAYIN_OPERATIONS } from '../support/api-client';
import { newIdPayin, payinRequest } from '../support/builders';
import { startCallbackListener, verifyHit } from '../support/callback-listener';
import { expectProblem } from '../support/problem';
import { startTestApi, type TestApi, type TestMerchant, callbackDispatcherOf } from '../support/test-api';

// POST /payins/{idPayin}/!cancel over real HTTP, on the real database (docs/decisions/024).
let api: TestApi;
let dispatcher: CallbackDispatcherWorker;

beforeAll(async () => {
  api = await startTestApi();
  dispatcher = callbackDispatcherOf(api);
});
afterAll(() => api.close());

const CANCEL_OPERATIONS = [...ALL_PAYIN_OPERATIONS, 'POST /payins/[^/]+/!cancel'];

interface OpenPayin {
  merchant: TestMerchant;
  token: string;
  id: string;
}

/** A fresh merchant (its own rate-limit budget) with one open payin. */
async function openPayin(
  options: { test?: boolean; callbackUrl?: string; amount?: number } = {},
): Promise<OpenPayin> {
  const merchant = await api.createMerchant({ test: options.test ?? true });
  const token = await api.client.token(merchant, CANCEL_OPERATIONS);
  const id = newIdPayin();
  const created = await api.client.request('POST', `/payins/${id}`, {
    token,
    body: payinRequest({
      ...(options.callbackUrl && { callbackUrl: options.callbackUrl }),
      ...(options.amount && { paymentRequested: { money: { amount: options.amount } } }),
    }),
  });
  expect(created.status, created.text).toBe(201);
  return { merchant, token, id };
}

function cancel(payin: OpenPayin, options: { body?: unknown; rawBody?: string; token?: string } = {}) {
  return api.client.request<{ process: Record<string, unknown> }>('POST', `/payins/${payin.id}/!cancel`, {
    token: options.token ?? payin.token,
    ...(options.body !== undefined && { body: options.body }),
    ...(options.rawBody !== undefined && { rawBody: options.rawBody }),
  });
}

async function deliveries(payin: OpenPayin): Promise<CallbackDeliveryResource[]> {
  const response = await api.client.request<{ data: CallbackDeliveryResource[] }>(
    'GET',
    `/payins/${payin.id}/callbacks`,
    { token: payin.token },
  );
  expect(response.status).toBe(200);
  return response.body.data;
}

describe('cancelling an open payin', () => {
  it('answers 200 with the payin, REFUSED CANCELLED, as GET reads it, and sends the signed callback', async () => {
    const listener = await startCallbackListener();
    try {
      const payin = await openPayin({ callbackUrl: listener.url('/hooks') });
      const cancelled = await cancel(payin);
      expect(cancelled.status, cancelled.text).toBe(200);
      expect(cancelled.body.process).toMatchObject({
        status: 'REFUSED',
        processorStatus: 'CANCELLED',
        processedAt: expect.stringMatching(/Z$/),
      });
      const read = await api.client.request('GET', `/payins/${payin.id}`, { token: payin.token });
      expect(read.body).toEqual(cancelled.body);

      while ((await dispatcher.runOnce()) > 0) {
        // deliver everything due
      }
      const [hit] = await listener.waitFor((hits) => hits.length === 1);
      expect(hit).toMatchObject({ method: 'POST', path: '/hooks' });
      expect(verifyHit(hit!, payin.merchant.callbackSecret)).toMatchObject({
        type: 'payin.status_changed',
        idPayin: payin.id,
      });
      const [delivery] = await deliveries(payin);
      expect(delivery).toMatchObject({ idPayin: payin.id, status: 'DELIVERED' });
    } finally {
      await listener.close();
    }
  });

  it('takes no body, an empty object, or an object whose properties it ignores; not malformed JSON', async () => {
    for (const body of [undefined, {}, { reason: 'customer asked' }]) {
      const payin = await openPayin();
      expect((await cancel(payin, { body })).status).toBe(200);
    }
    const payin = await openPayin();
    expectProblem(await cancel(payin, { rawBody: '{"oops"' }), 400, 'MALFORMED_JSON');
    expectProblem(await cancel(payin, { body: [1] }), 400, 'VALIDATION_FAILED');
  });

  it('works for a live merchant too', async () => {
    const payin = await openPayin({ test: false });
    const cancelled = await cancel(payin);
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(cancelled.body.process).toMatchObject({
      status: 'REFUSED',
      processorStatus: 'CANCELLED',
      isTest: false,
    });
  });

  it('keeps the money received before the cancel, and records later money as late', async () => {
    const payin = await openPayin({ amount: 1000 });
    const short = await api.client.request('POST', `/sandbox/payins/${payin.id}/!simulate`, {
      token: payin.token,
      body: { payment: { amount: 400 } },
    });
    expect(short.status, short.text).toBe(200);
    const cancelled = await cancel(payin);
    expect(cancelled.body.process).toMatchObject({
      status: 'REFUSED',
      processorStatus: 'CANCELLED',
      moneyReceived: { amount: 400, currencyCode: 'THB' },
    });
    await api.client.request('POST', `/sandbox/payins/${payin.id}/!simulate`, {
      token: payin.token,
      body: { payment: { amount: 600 } },
    });
    const read = await api.client.request<{ process: Record<string, unknown> }>(
      'GET',
      `/payins/${payin.id}`,
      { token: payin.token },
    );
    expect(read.body.process).toMatchObject({
      status: 'REFUSED',
      processorStatus: 'CANCELLED',
      moneyReceived: { amount: 400, currencyCode: 'THB' },
      moneyReceivedLate: { amount: 600, currencyCode: 'THB' },
    });
  });

  it('frees the unique amount to pay, like any final payin', async () => {
    const payin = await openPayin({ amount: 200 });
    const first = await api.client.request<{ paymentMethodResponse: { moneyRequired: { amount: number } } }>(
      'GET',
      `/payins/${payin.id}`,
      { token: payin.token },
    );
    expect(first.body.paymentMethodResponse.moneyRequired.amount).toBe(200);
    const body = payinRequest({ paymentRequested: { money: { amount: 200 } } });
    const whileOpen = await api.client.request<typeof first.body>('POST', `/payins/${newIdPayin()}`, {
      token: payin.token,
      body,
    });
    expect(whileOpen.body.paymentMethodResponse.moneyRequired.amount).not.toBe(200);
    expect((await cancel(payin)).status).toBe(200);
    const afterCancel = await api.client.request<typeof first.body>('POST', `/payins/${newIdPayin()}`, {
      token: payin.token,
      body,
    });
    expect(afterCancel.body.paymentMethodResponse.moneyRequired.amount).toBe(200);
  });
});

describe('what cannot be cancelled', () => {
  it('answers 409 PAYIN_FINAL for a final payin, and sends no second callback', async () => {
    const payin = await openPayin();
    expect((await cancel(payin)).status).toBe(200);
    expectProblem(await cancel(payin), 409, 'PAYIN_FINAL');

    const succeeded = await openPayin();
    await api.client.request('POST', `/sandbox/payins/${succeeded.id}/!simulate`, {
      token: succeeded.token,
      body: { status: 'SUCCESS' },
    });
    expectProblem(await cancel(succeeded), 409, 'PAYIN_FINAL');
    expect(await deliveries(payin)).toHaveLength(1);
    expect(await deliveries(succeeded)).toHaveLength(1);
  });

  it("answers 404 for an unknown payin and for another merchant's", async () => {
    const payin = await openPayin();
    expectProblem(await cancel({ ...payin, id: newIdPayin() }), 404, 'PAYIN_NOT_FOUND');
    const other = await openPayin();
    expectProblem(await cancel({ ...other, token: payin.token }), 404, 'PAYIN_NOT_FOUND');
    const read = await api.client.request<{ process: Record<string, unknown> }>(
      'GET',
      `/payins/${other.id}`,
      { token: other.token },
    );
    expect(read.body.process.status).toBe('PENDING');
  });

  it('is not granted by tokens by action, customer sessions or operations that do not match it', async () => {
    const payin = await openPayin();
    for (const action of ['PAYIN_CREATE', 'PAYIN_INFO']) {
      const token = await api.client.tokenByAction(payin.merchant, action, payin.id);
      expectProblem(await cancel(payin, { token }), 403, 'OPERATION_NOT_PERMITTED');
    }
    const session = await api.client.request<{ token: string; operations: string[] }>(
      'POST',
      `/payins/${payin.id}/!customerSession`,
      {
        token: await api.client.tokenByAction(payin.merchant, 'PAYIN_CREATE', payin.id),
        body: { returnUrl: 'https://merchant.example/return' },
      },
    );
    expect(session.status, session.text).toBe(201);
    expect(session.body.operations.join('\n')).not.toContain('!cancel');
    expectProblem(await cancel(payin, { token: session.body.token }), 403, 'OPERATION_NOT_PERMITTED');
    const readOnly = await api.client.token(payin.merchant, ['GET /payins/.*', 'GET /payins']);
    expectProblem(await cancel(payin, { token: readOnly }), 403, 'OPERATION_NOT_PERMITTED');
    const read = await api.client.request<{ process: Record<string, unknown> }>(
      'GET',
      `/payins/${payin.id}`,
      { token: payin.token },
    );
    expect(read.body.process.status).toBe('PENDING');
  });

  it('answers 403 PAYMENT_NOT_PERMITTED to a token confined to another payin', async () => {
    const payin = await openPayin();
    // General patterns confined by idPayment: the operation matches, the payment does not.
    const confined = await api.client.token(payin.merchant, ['POST /payins/.*'], { idPayment: newIdPayin() });
    expectProblem(await cancel(payin, { token: confined }), 403, 'PAYMENT_NOT_PERMITTED');
    const own = await api.client.token(payin.merchant, [`POST /payins/${payin.id}/!cancel`]);
    expect((await cancel(payin, { token: own })).status).toBe(200);
  });

  it('answers 405 to GET, and 404 to an unknown action', async () => {
    const payin = await openPayin();
    const get = await api.client.request('GET', `/payins/${payin.id}/!cancel`, { token: payin.token });
    expectProblem(get, 405, 'METHOD_NOT_ALLOWED');
    expect(get.headers.get('allow')).toBe('POST, OPTIONS');
    expectProblem(
      await api.client.request('POST', `/payins/${payin.id}/!cancelled`, { token: payin.token }),
      404,
      'NOT_FOUND',
    );
  });
});

describe('a cancel racing a success', () => {
  it('lets exactly one win, with one status change and one callback', async () => {
    for (let round = 0; round < 8; round++) {
      const payin = await openPayin();
      const [cancelled, simulated] = await Promise.all([
        cancel(payin),
        api.client.request('POST', `/sandbox/payins/${payin.id}/!simulate`, {
          token: payin.token,
          body: { status: 'SUCCESS' },
        }),
      ]);
      expect([cancelled.status, simulated.status].sort()).toEqual([200, 409]);
      const loser = cancelled.status === 409 ? cancelled : simulated;
      expectProblem(loser, 409, 'PAYIN_FINAL');
      const read = await api.client.request<{ process: Record<string, unknown> }>(
        'GET',
        `/payins/${payin.id}`,
        { token: payin.token },
      );
      expect(read.body.process).toMatchObject(
        cancelled.status === 200
          ? { status: 'REFUSED', processorStatus: 'CANCELLED' }
          : { status: 'SUCCESS', processorStatus: 'APPROVED' },
      );
      expect(await deliveries(payin)).toHaveLength(1);
    }
  });
});
