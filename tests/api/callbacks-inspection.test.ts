import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallbackDeliveryPage, CallbackTestAttempt } from '@/lib/api/callback-responses';
import type { CallbackDispatcherWorker } from '@/server/callbacks';
import { ALL_PAYIN_OPERATIONS, PacedApiClient } from '../support/api-client';
import { newIdPayin, payinRequest } from '../support/builders';
import { startCallbackListener, verifyHit, type CallbackListener } from '../support/callback-listener';
import { expectProblem, fieldsOf } from '../support/problem';
import { startTestApi, type TestApi, type TestMerchant, callbackDispatcherOf } from '../support/test-api';

// The merchant-wide delivery log, test callbacks and the signing secret, over real HTTP
// (docs/decisions/025-callback-inspection-and-receiver.md).
const INSPECTION_OPERATIONS = [
  ...ALL_PAYIN_OPERATIONS,
  'GET /callbacks',
  'POST /callbacks/!test',
  'GET /callbacks/signing-secret',
];

let api: TestApi;
let client: PacedApiClient;
let dispatcher: CallbackDispatcherWorker;
let listener: CallbackListener;
let shop: { merchant: TestMerchant; token: string; ids: string[] };
let other: { merchant: TestMerchant; token: string; ids: string[] };

async function drain(): Promise<void> {
  while ((await dispatcher.runOnce()) > 0) {
    // keep going
  }
}

/** A fresh merchant with `count` payins settled (SUCCESS) in order, their callbacks delivered to the listener. */
async function merchantWithCallbacks(count: number) {
  const merchant = await api.createMerchant();
  const token = await client.token(merchant, INSPECTION_OPERATIONS);
  const ids: string[] = [];
  for (let index = 0; index < count; index++) {
    const id = newIdPayin();
    const created = await client.request('POST', `/payins/${id}`, {
      token,
      body: payinRequest({ callbackUrl: listener.url(`/hooks/${merchant.merchantCode}`) }),
    });
    expect(created.status).toBe(201);
    const simulated = await client.request('POST', `/sandbox/payins/${id}/!simulate`, {
      token,
      body: { status: 'SUCCESS' },
    });
    expect(simulated.status).toBe(200);
    ids.push(id);
  }
  return { merchant, token, ids };
}

const list = (token: string, query = '') =>
  client.request<CallbackDeliveryPage>('GET', `/callbacks${query}`, { token });

beforeAll(async () => {
  api = await startTestApi();
  client = new PacedApiClient(api.baseUrl);
  dispatcher = callbackDispatcherOf(api);
  listener = await startCallbackListener();
  shop = await merchantWithCallbacks(3);
  other = await merchantWithCallbacks(1);
  await drain();
});
afterAll(async () => {
  await listener.close();
  await api.close();
});

describe('GET /callbacks', () => {
  it("pages through the merchant's deliveries newest first, and never shows another merchant's", async () => {
    const first = await list(shop.token, '?limit=2');
    expect(first.status).toBe(200);
    expect(first.body.data.map((delivery) => delivery.idPayin)).toEqual([shop.ids[2], shop.ids[1]]);
    expect(first.body.nextCursor).toMatch(/^[A-Za-z0-9_-]+$/);

    const second = await list(shop.token, `?limit=2&cursor=${first.body.nextCursor}`);
    expect(second.status).toBe(200);
    expect(second.body.data.map((delivery) => delivery.idPayin)).toEqual([shop.ids[0]]);
    expect(second.body).not.toHaveProperty('nextCursor');

    const all = await list(shop.token);
    expect(all.body.data).toHaveLength(3);
    expect(all.body).not.toHaveProperty('nextCursor');
    const mine = await list(other.token);
    expect(mine.body.data.map((delivery) => delivery.idPayin)).toEqual(other.ids);
    // Another merchant's payin as a filter finds nothing, rather than its deliveries.
    expect((await list(other.token, `?idPayin=${shop.ids[0]}`)).body.data).toEqual([]);
  });

  it('filters by payin and by status', async () => {
    const one = await list(shop.token, `?idPayin=${shop.ids[1]}`);
    expect(one.body.data.map((delivery) => delivery.idPayin)).toEqual([shop.ids[1]]);
    expect((await list(shop.token, '?status=DELIVERED')).body.data).toHaveLength(3);
    expect((await list(shop.token, '?status=FAILED')).body.data).toEqual([]);
  });

  it('refuses invalid parameters with field errors', async () => {
    const response = await list(shop.token, '?limit=0&status=LOST&cursor=not-a-cursor&idPayin=a%2Fb');
    expectProblem(response, 400, 'VALIDATION_FAILED');
    expect(fieldsOf(response).sort()).toEqual(['idPayin', 'limit', 'status']);
    expect(fieldsOf(await list(shop.token, '?limit=101'))).toEqual(['limit']);
    expect(fieldsOf(await list(shop.token, '?cursor=bm9wZQ'))).toEqual(['cursor']);
  });

  it('shows each delivery its payload and each attempt the headers it sent, which verify with the signing secret', async () => {
    const secret = await client.request<{ secret: string }>('GET', '/callbacks/signing-secret', {
      token: shop.token,
    });
    expect(secret.status).toBe(200);
    expect(secret.headers.get('cache-control')).toBe('no-store');
    expect(secret.body).toEqual({ secret: shop.merchant.callbackSecret });
    expect(secret.body.secret).toMatch(/^whsec_/);

    const [delivery] = (await list(shop.token, '?limit=1')).body.data;
    const [attempt] = delivery!.attempts;
    expect(attempt!.requestHeaders).toEqual({
      'content-type': 'application/json',
      'user-agent': expect.any(String),
      'webhook-id': delivery!.eventId,
      'webhook-timestamp': expect.stringMatching(/^\d+$/),
      'webhook-signature': expect.stringMatching(/^v1,/),
    });
    expect(new Webhook(secret.body.secret).verify(delivery!.payload, attempt!.requestHeaders!)).toMatchObject(
      {
        type: 'payin.status_changed',
        idPayin: delivery!.idPayin,
      },
    );
    // The very bytes the receiver got.
    const hit = listener.hits.find((h) => h.headers['webhook-id'] === delivery!.eventId);
    expect(hit?.body).toBe(delivery!.payload);
    // The payin's own log shows the same.
    const perPayin = await client.request<{ data: CallbackDeliveryPage['data'] }>(
      'GET',
      `/payins/${delivery!.idPayin}/callbacks`,
      { token: shop.token },
    );
    expect(perPayin.body.data).toEqual([delivery]);
  });
});

describe('POST /callbacks/!test', () => {
  it('sends one signed callback.test now and answers with the attempt, outside the delivery log', async () => {
    const before = listener.hits.length;
    const url = listener.url('/hooks/test');
    const response = await client.request<CallbackTestAttempt>('POST', '/callbacks/!test', {
      token: shop.token,
      body: { url },
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      url,
      startedAt: expect.stringMatching(/Z$/),
      durationMs: expect.any(Number),
      requestHeaders: expect.objectContaining({ 'webhook-id': expect.stringMatching(/^evt_/) }),
      body: expect.any(String),
      responseStatus: 200,
      responseExcerpt: 'ok',
      outcome: 'DELIVERED',
    });
    expect(listener.hits).toHaveLength(before + 1);
    const hit = listener.hits.at(-1)!;
    expect(hit.body).toBe(response.body.body);
    expect(verifyHit(hit, shop.merchant.callbackSecret)).toEqual({
      type: 'callback.test',
      eventId: hit.headers['webhook-id'],
      timestamp: expect.stringMatching(/Z$/),
    });
    expect((await list(shop.token)).body.data).toHaveLength(3);
  });

  it('reports a failing receiver as FAILED with its answer', async () => {
    listener.respond(() => ({ status: 503, body: 'down for maintenance' }));
    try {
      const response = await client.request<CallbackTestAttempt>('POST', '/callbacks/!test', {
        token: shop.token,
        body: { url: listener.url('/hooks/down') },
      });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({
        responseStatus: 503,
        responseExcerpt: 'down for maintenance',
        outcome: 'FAILED',
      });
    } finally {
      listener.respond(() => ({ status: 200, body: 'ok' }));
    }
  });

  it('refuses URLs the callback URL policy refuses, as a create does', async () => {
    const before = listener.hits.length;
    for (const url of [
      'http://10.1.2.3/hooks',
      'http://169.254.169.254/latest',
      'http://merchant.example/plain-http',
    ]) {
      const response = await client.request('POST', '/callbacks/!test', {
        token: shop.token,
        body: { url },
      });
      expectProblem(response, 400, 'URL_NOT_ALLOWED');
      expect(fieldsOf(response)).toEqual(['url']);
    }
    const malformed = await client.request('POST', '/callbacks/!test', {
      token: shop.token,
      body: { url: 'ftp://merchant.example/x' },
    });
    expectProblem(malformed, 400, 'VALIDATION_FAILED');
    expect(listener.hits).toHaveLength(before);
  });
});

describe('merchant-wide operations and tokens confined to one payin', () => {
  it('never answers a payment-scoped token, whatever operations it names', async () => {
    const id = newIdPayin();
    const payinCreate = await client.tokenByAction(shop.merchant, 'PAYIN_CREATE', id);
    // Literal operations of one payin make a payment-scoped token too, even when they name these paths.
    const literal = await client.token(shop.merchant, [
      `GET /payins/${id}`,
      'GET /callbacks/signing-secret',
      'GET /callbacks',
      'POST /callbacks/!test',
    ]);
    for (const token of [payinCreate, literal]) {
      for (const [method, path, body] of [
        ['GET', '/callbacks/signing-secret'],
        ['GET', '/callbacks'],
        ['POST', '/callbacks/!test', { url: listener.url() }],
        ['GET', '/callback-receiver'],
      ] as const) {
        const response = await client.request(method, path, { token, body });
        // Named by its operations, the call is refused for the token's confinement to one payment.
        const named = token === literal && path !== '/callback-receiver';
        expectProblem(response, 403, named ? 'PAYMENT_NOT_PERMITTED' : 'OPERATION_NOT_PERMITTED');
        expect(response.text).not.toContain(shop.merchant.callbackSecret);
      }
    }
  });

  it('needs the operation named, like every call', async () => {
    const token = await client.token(shop.merchant, ALL_PAYIN_OPERATIONS);
    expectProblem(
      await client.request('GET', '/callbacks/signing-secret', { token }),
      403,
      'OPERATION_NOT_PERMITTED',
    );
    expectProblem(await list(token), 403, 'OPERATION_NOT_PERMITTED');
  });
});
