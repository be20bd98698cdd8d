import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallbackReceiverMessages, CallbackTestAttempt } from '@/lib/api/callback-responses';
import type { CallbackDeliveryResource } from '@/lib/api/responses';
import { signCallback, type CallbackDispatcherWorker } from '@/server/callbacks';
import { ALL_PAYIN_OPERATIONS, PacedApiClient } from '../support/api-client';
import { newIdPayin, payinRequest } from '../support/builders';
import { expectProblem, fieldsOf } from '../support/problem';
import { startTestApi, type TestApi, type TestMerchant, callbackDispatcherOf } from '../support/test-api';

// The built-in callback receiver (docs/decisions/025-callback-inspection-and-receiver.md). The
// operator allowlists nothing here: the receiver's URL (http://localhost…) is accepted and reached
// only because callbacks to it stay in-process.
const OPERATIONS = [...ALL_PAYIN_OPERATIONS, 'GET /callback-receiver', 'POST /callbacks/!test'];

let api: TestApi;
let client: PacedApiClient;
let dispatcher: CallbackDispatcherWorker;
let merchant: TestMerchant;
let token: string;
let receiverUrl: string;

const inbox = (query = '', as = token) =>
  client.request<CallbackReceiverMessages>('GET', `/callback-receiver${query}`, { token: as });

/** POSTs to a receiver path of the test server as any sender on the network would. */
function post(path: string, body: string, headers: Record<string, string>) {
  return fetch(`${api.baseUrl}${path}`, { method: 'POST', body, headers });
}

/** The receiver path of a receiver URL (its public URL names another port than the test server's). */
const pathOf = (url: string) => new URL(url).pathname.replace(/^\/api/, '');

beforeAll(async () => {
  api = await startTestApi({ CALLBACK_ALLOWLIST: '', PUBLIC_URL: 'http://localhost:3999' });
  client = new PacedApiClient(api.baseUrl);
  dispatcher = callbackDispatcherOf(api);
  merchant = await api.createMerchant();
  token = await client.token(merchant, OPERATIONS);
  const first = await inbox();
  expect(first.status).toBe(200);
  receiverUrl = first.body.url;
});
afterAll(() => api.close());

describe('the built-in callback receiver', () => {
  it('gives each merchant a stable, unguessable URL under the public URL', async () => {
    expect(receiverUrl).toMatch(/^http:\/\/localhost:3999\/api\/callback-receiver\/[A-Za-z0-9_-]{22}$/);
    expect((await inbox()).body.url).toBe(receiverUrl);
    const other = await api.createMerchant();
    const otherToken = await client.token(other, OPERATIONS);
    const theirs = await inbox('', otherToken);
    expect(theirs.body.url).not.toBe(receiverUrl);
    expect(theirs.body.data).toEqual([]);
  });

  it('takes a payin callback delivered in-process, with a signature that verifies', async () => {
    const id = newIdPayin();
    const created = await client.request('POST', `/payins/${id}`, {
      token,
      body: payinRequest({ callbackUrl: receiverUrl }),
    });
    expect(created.status).toBe(201);
    const simulated = await client.request('POST', `/sandbox/payins/${id}/!simulate`, {
      token,
      body: { status: 'SUCCESS' },
    });
    expect(simulated.status).toBe(200);
    while ((await dispatcher.runOnce()) > 0) {
      // deliver everything due
    }

    const messages = (await inbox()).body.data;
    const message = messages.find((m) => m.body.includes(id));
    expect(message).toMatchObject({
      id: expect.stringMatching(/^\d+$/),
      receivedAt: expect.stringMatching(/Z$/),
      signatureVerified: true,
      headers: expect.objectContaining({
        'content-type': 'application/json',
        'webhook-id': expect.stringMatching(/^evt_/),
        'webhook-signature': expect.stringMatching(/^v1,/),
      }),
    });
    expect(JSON.parse(message!.body)).toMatchObject({ type: 'payin.status_changed', idPayin: id });

    const log = await client.request<{ data: CallbackDeliveryResource[] }>('GET', `/payins/${id}/callbacks`, {
      token,
    });
    expect(log.body.data[0]).toMatchObject({
      status: 'DELIVERED',
      attempts: [{ responseStatus: 200, responseExcerpt: '{"received":true}', outcome: 'DELIVERED' }],
    });
  });

  it('takes a test callback, and the attempt says so', async () => {
    const response = await client.request<CallbackTestAttempt>('POST', '/callbacks/!test', {
      token,
      body: { url: receiverUrl },
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ url: receiverUrl, responseStatus: 200, outcome: 'DELIVERED' });
    const [latest] = (await inbox('?limit=1')).body.data;
    expect(latest).toMatchObject({ body: response.body.body, signatureVerified: true });
  });

  it('keeps a forged message, marked as not verified, and answers anything with 200', async () => {
    const body = JSON.stringify({ type: 'payin.status_changed', idPayin: 'forged' });
    const forged = signCallback({
      secret: 'whsec_' + Buffer.alloc(32, 7).toString('base64'),
      eventId: 'evt_forged',
      timestamp: new Date(),
      body,
    });
    const response = await post(pathOf(receiverUrl), body, {
      ...forged,
      'content-type': 'text/plain; charset=utf-8',
      authorization: 'Bearer something',
      cookie: 'session=1',
      'x-custom': 'kept',
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true });

    const [latest] = (await inbox('?limit=1')).body.data;
    expect(latest).toMatchObject({ body, signatureVerified: false });
    expect(latest!.headers).toMatchObject({
      'x-custom': 'kept',
      'content-type': 'text/plain; charset=utf-8',
    });
    expect(latest!.headers).not.toHaveProperty('authorization');
    expect(latest!.headers).not.toHaveProperty('cookie');
    expect(latest!.headers).not.toHaveProperty('connection');
  });

  it('polls with after: only newer messages', async () => {
    const [newest] = (await inbox('?limit=1')).body.data;
    expect((await inbox(`?after=${newest!.id}`)).body.data).toEqual([]);
    await post(pathOf(receiverUrl), 'plain text', { 'content-type': 'text/plain' });
    const newer = (await inbox(`?after=${newest!.id}`)).body.data;
    expect(newer.map((m) => m.body)).toEqual(['plain text']);
    const invalid = await inbox('?after=x&limit=500');
    expectProblem(invalid, 400, 'VALIDATION_FAILED');
    expect(fieldsOf(invalid).sort()).toEqual(['after', 'limit']);
  });

  it("answers 404 to a key that is no merchant's, and keeps nothing", async () => {
    const before = (await inbox()).body.data.length;
    const response = await post('/callback-receiver/AAAAAAAAAAAAAAAAAAAAAA', '{}', {
      'content-type': 'application/json',
    });
    expect(response.status).toBe(404);
    expect((await inbox()).body.data).toHaveLength(before);
  });

  it('keeps the in-process path to exact receiver URLs: anything else under localhost is refused', async () => {
    for (const url of [`${receiverUrl}?x=1`, 'http://localhost:3999/api/payins', `${receiverUrl}/more`]) {
      const response = await client.request('POST', '/callbacks/!test', { token, body: { url } });
      expectProblem(response, 400, 'URL_NOT_ALLOWED');
    }
  });
});
