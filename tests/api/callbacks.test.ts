import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CallbackDeliveryResource } from '@/lib/api/responses';
import type { CallbackDispatcherWorker } from '@/server/callbacks';
import { ALL_PAYIN_OPERATIONS } from '../support/api-client';
import { newIdPayin, payinRequest } from '../support/builders';
import {
  startCallbackListener,
  verifyHit,
  type CallbackListener,
  type ListenerAnswer,
} from '../support/callback-listener';
import { expectProblem, fieldsOf } from '../support/problem';
import {
  manualClock,
  startTestApi,
  type TestApi,
  type TestMerchant,
  callbackDispatcherOf,
} from '../support/test-api';

const SECOND = 1000;
const clock = manualClock();
let api: TestApi;
let dispatcher: CallbackDispatcherWorker;
const listeners: CallbackListener[] = [];

beforeAll(async () => {
  // A 2 s attempt deadline keeps the timeout case short; the lease must outlast it.
  api = await startTestApi({ CALLBACK_TIMEOUT_SECS: '2', CALLBACK_LEASE_SECS: '30' }, { clock });
  dispatcher = callbackDispatcherOf(api);
});
/** Callback secrets by idPayin: every request any receiver got must verify with its merchant's secret. */
const secretOf = new Map<string, string>();

afterEach(async () => {
  for (const listener of listeners) {
    for (const hit of listener.hits) {
      const { idPayin } = JSON.parse(hit.body) as { idPayin: string };
      expect(verifyHit(hit, secretOf.get(idPayin) ?? 'whsec_unknown')).toMatchObject({ idPayin });
    }
  }
  for (const listener of listeners.splice(0)) {
    listener.releaseHanging();
    await listener.close();
  }
});
afterAll(() => api.close());

/** A receiver that answers from a script (then 200), closed after the test. */
async function receiver(script: ListenerAnswer[] = []): Promise<CallbackListener> {
  const listener = await startCallbackListener();
  listener.respond((_hit, index) => script[index] ?? { status: 200, body: 'thanks' });
  listeners.push(listener);
  return listener;
}

/** Runs dispatch rounds until one finds nothing due (deliveries left by other tests included). */
async function drain(): Promise<void> {
  while ((await dispatcher.runOnce()) > 0) {
    // keep going
  }
}

interface SettledPayin {
  merchant: TestMerchant;
  token: string;
  id: string;
}

/** A fresh merchant's payin with this callbackUrl, moved to a final status through the sandbox API. */
async function settledPayin(
  callbackUrl: string,
  status: 'SUCCESS' | 'REFUSED' = 'SUCCESS',
): Promise<SettledPayin> {
  const merchant = await api.createMerchant();
  const token = await api.client.token(merchant, [
    ...ALL_PAYIN_OPERATIONS,
    'POST /payins/.*/callbacks/!redeliver',
  ]);
  const id = newIdPayin();
  secretOf.set(id, merchant.callbackSecret);
  const created = await api.client.request('POST', `/payins/${id}`, {
    token,
    body: payinRequest({ callbackUrl }),
  });
  expect(created.status).toBe(201);
  const simulated = await api.client.request('POST', `/sandbox/payins/${id}/!simulate`, {
    token,
    body: { status },
  });
  expect(simulated.status).toBe(200);
  return { merchant, token, id };
}

async function deliveries({ token, id }: SettledPayin): Promise<CallbackDeliveryResource[]> {
  const response = await api.client.request<{ data: CallbackDeliveryResource[] }>(
    'GET',
    `/payins/${id}/callbacks`,
    {
      token,
    },
  );
  expect(response.status).toBe(200);
  return response.body.data;
}

describe('callback delivery over real HTTP', () => {
  it('sends one signed, anemic POST per status change, which standardwebhooks verifies', async () => {
    const listener = await receiver();
    const payin = await settledPayin(listener.url('/hooks/payins?shop=7'));
    await drain();

    expect(listener.hits).toHaveLength(1);
    const [hit] = listener.hits;
    expect(hit).toMatchObject({ method: 'POST', path: '/hooks/payins?shop=7' });
    expect(hit!.headers['content-type']).toBe('application/json');
    const payload = verifyHit(hit!, payin.merchant.callbackSecret);
    expect(payload).toEqual({
      type: 'payin.status_changed',
      eventId: hit!.headers['webhook-id'],
      idPayin: payin.id,
      timestamp: expect.stringMatching(/Z$/),
    });
    expect(Object.keys(payload).sort()).toEqual(['eventId', 'idPayin', 'timestamp', 'type']);
    const stranger = await api.createMerchant();
    expect(() => verifyHit(hit!, stranger.callbackSecret)).toThrow();

    const [delivery] = await deliveries(payin);
    expect(delivery).toMatchObject({
      eventId: hit!.headers['webhook-id'],
      type: 'payin.status_changed',
      idPayin: payin.id,
      url: listener.url('/hooks/payins?shop=7'),
      status: 'DELIVERED',
      attemptCount: 1,
      deliveredAt: expect.any(String),
      attempts: [
        {
          attemptNumber: 1,
          url: listener.url('/hooks/payins?shop=7'),
          responseStatus: 200,
          responseExcerpt: 'thanks',
          outcome: 'DELIVERED',
          durationMs: expect.any(Number),
          startedAt: expect.any(String),
        },
      ],
    });
    expect(delivery!.nextAttemptAt).toBeUndefined();
    // Delivered means done: later rounds send nothing more.
    clock.advance(48 * 3600 * SECOND);
    await drain();
    expect(listener.hits).toHaveLength(1);
  });

  it('retries after a 503 and a timeout, then succeeds, with the same webhook-id, as the clock moves', async () => {
    const listener = await receiver([{ status: 503, body: 'busy' }, 'hang', { status: 204 }]);
    const payin = await settledPayin(listener.url());
    await drain();
    expect(listener.hits).toHaveLength(1);

    await drain();
    expect(listener.hits).toHaveLength(1);
    clock.advance(6 * SECOND); // the second delay is 5 s ± 10 %
    await drain();
    expect(listener.hits).toHaveLength(2);
    listener.releaseHanging();

    clock.advance(4 * 60 * SECOND); // the third delay is 5 min ± 10 %: not yet
    await drain();
    expect(listener.hits).toHaveLength(2);
    clock.advance(2 * 60 * SECOND);
    await drain();
    expect(listener.hits).toHaveLength(3);

    for (const hit of listener.hits)
      expect(verifyHit(hit, payin.merchant.callbackSecret)).toMatchObject({ idPayin: payin.id });
    expect(new Set(listener.hits.map((hit) => hit.headers['webhook-id'])).size).toBe(1);
    const [delivery] = await deliveries(payin);
    expect(delivery).toMatchObject({ status: 'DELIVERED', attemptCount: 3 });
    expect(delivery!.attempts).toMatchObject([
      { attemptNumber: 1, responseStatus: 503, responseExcerpt: 'busy', outcome: 'RETRY' },
      { attemptNumber: 2, error: expect.stringMatching(/within 2000 ms/), outcome: 'RETRY' },
      { attemptNumber: 3, responseStatus: 204, outcome: 'DELIVERED' },
    ]);
    expect(delivery!.attempts[1]!.responseStatus).toBeUndefined();
  });

  it('never follows a redirect: the redirect target records no hit', async () => {
    const canary = await receiver();
    const listener = await receiver([
      { status: 302, headers: { location: canary.url('/stolen') } },
      { status: 307, headers: { location: canary.url('/stolen') } },
    ]);
    const payin = await settledPayin(listener.url());
    await drain();
    clock.advance(6 * SECOND);
    await drain();

    expect(listener.hits).toHaveLength(2);
    expect(canary.hits).toHaveLength(0);
    const [delivery] = await deliveries(payin);
    expect(delivery).toMatchObject({ status: 'PENDING', nextAttemptAt: expect.any(String) });
    expect(delivery!.attempts).toMatchObject([
      {
        responseStatus: 302,
        error: `redirect not followed (Location: ${canary.url('/stolen')})`,
        outcome: 'RETRY',
      },
      { responseStatus: 307, outcome: 'RETRY' },
    ]);
  });

  it('honours Retry-After in seconds on 429 and as an HTTP date on 503', async () => {
    const listener = await receiver([
      { status: 429, headers: { 'retry-after': '120' } },
      { status: 503, headers: { 'retry-after': new Date(Date.now() + 600 * SECOND).toUTCString() } },
    ]);
    const payin = await settledPayin(listener.url());
    await drain();
    const [first] = await deliveries(payin);
    expect(
      Date.parse(first!.nextAttemptAt!) - Date.parse(first!.attempts[0]!.startedAt),
    ).toBeGreaterThanOrEqual(120 * SECOND);

    clock.advance(60 * SECOND); // well past the scheduled 5 s, short of Retry-After
    await drain();
    expect(listener.hits).toHaveLength(1);
    clock.advance(61 * SECOND);
    await drain();
    expect(listener.hits).toHaveLength(2);

    clock.advance(6 * 60 * SECOND); // past the scheduled 5 min, short of the date (about 10 min)
    await drain();
    expect(listener.hits).toHaveLength(2);
    clock.advance(5 * 60 * SECOND);
    await drain();
    expect(listener.hits).toHaveLength(3);
    expect((await deliveries(payin))[0]).toMatchObject({ status: 'DELIVERED', attemptCount: 3 });
  });

  it('stops for good when the receiver answers 410 Gone', async () => {
    const listener = await receiver([{ status: 410 }]);
    const payin = await settledPayin(listener.url(), 'REFUSED');
    await drain();
    clock.advance(30 * 3600 * SECOND);
    await drain();
    expect(listener.hits).toHaveLength(1);
    expect((await deliveries(payin))[0]).toMatchObject({
      status: 'FAILED',
      failureReason: 'GONE',
      attempts: [{ responseStatus: 410, outcome: 'FAILED' }],
    });
  });
});

describe('the delivery log and redelivery API', () => {
  it('lists deliveries with attempts, redelivers on demand, and keeps both behind token operations', async () => {
    const listener = await receiver([{ status: 400, body: 'bad signature?' }]);
    const merchant = await api.createMerchant();
    const token = await api.client.token(merchant, [
      ...ALL_PAYIN_OPERATIONS,
      'POST /payins/.*/callbacks/!redeliver',
    ]);
    const id = newIdPayin();
    secretOf.set(id, merchant.callbackSecret);
    await api.client.request('POST', `/payins/${id}`, {
      token,
      body: payinRequest({ callbackUrl: listener.url() }),
    });
    const payin = { merchant, token, id };

    expect(await deliveries(payin)).toEqual([]);
    expectProblem(
      await api.client.request('POST', `/payins/${id}/callbacks/!redeliver`, { token }),
      404,
      'NOT_FOUND',
    );

    await api.client.request('POST', `/sandbox/payins/${id}/!simulate`, {
      token,
      body: { status: 'SUCCESS' },
    });
    await drain();
    const [failed] = await deliveries(payin);
    expect(failed).toMatchObject({
      status: 'PENDING',
      attempts: [{ responseStatus: 400, outcome: 'RETRY' }],
    });

    const redelivered = await api.client.request<CallbackDeliveryResource>(
      'POST',
      `/payins/${id}/callbacks/!redeliver`,
      {
        token,
      },
    );
    expect(redelivered.status).toBe(202);
    expect(redelivered.body).toMatchObject({
      eventId: failed!.eventId,
      status: 'PENDING',
      nextAttemptAt: clock().toISOString(),
    });
    await drain();
    expect(listener.hits).toHaveLength(2);
    expect(listener.hits[1]!.headers['webhook-id']).toBe(failed!.eventId);
    expect(verifyHit(listener.hits[1]!, merchant.callbackSecret)).toMatchObject({ idPayin: id });
    const [delivered] = await deliveries(payin);
    expect(delivered).toMatchObject({ status: 'DELIVERED', attemptCount: 2 });

    const other = await api.createMerchant();
    const otherToken = await api.client.token(other, ALL_PAYIN_OPERATIONS);
    expectProblem(
      await api.client.request('GET', `/payins/${id}/callbacks`, { token: otherToken }),
      404,
      'PAYIN_NOT_FOUND',
    );
    const readOnly = await api.client.token(other, ['GET /payins/.*']);
    expectProblem(
      await api.client.request('POST', `/payins/${id}/callbacks/!redeliver`, { token: readOnly }),
      403,
      'OPERATION_NOT_PERMITTED',
    );
    const info = await api.client.tokenByAction(merchant, 'PAYIN_INFO', id);
    expectProblem(
      await api.client.request('GET', `/payins/${id}/callbacks`, { token: info }),
      403,
      'OPERATION_NOT_PERMITTED',
    );
    expectProblem(
      await api.client.request('GET', `/payins/${id}/callbacks`, { token, version: null }),
      404,
      'API_VERSION_UNSUPPORTED',
    );
  });

  it('documents both endpoints in the OpenAPI document under the Callbacks tag', async () => {
    const response = await api.client.request<{ paths: Record<string, Record<string, { tags: string[] }>> }>(
      'GET',
      '/openapi.json',
      { version: null },
    );
    expect(response.body.paths['/payins/{idPayin}/callbacks']?.get?.tags).toEqual(['Callbacks']);
    expect(response.body.paths['/payins/{idPayin}/callbacks/!redeliver']?.post?.tags).toEqual(['Callbacks']);
  });
});

describe('callbackUrl at creation', () => {
  it('refuses literal non-public addresses and localhost unless the operator allowlists them', async () => {
    const merchant = await api.createMerchant();
    const token = await api.client.token(merchant, ALL_PAYIN_OPERATIONS);
    for (const callbackUrl of [
      'https://10.0.0.1/cb',
      'https://[::ffff:169.254.169.254]/cb',
      'https://[fd00::1]/cb',
      'https://foo.localhost/cb',
    ]) {
      const response = await api.client.request('POST', `/payins/${newIdPayin()}`, {
        token,
        body: payinRequest({ callbackUrl }),
      });
      expectProblem(response, 400, 'URL_NOT_ALLOWED');
      expect(fieldsOf(response), callbackUrl).toEqual(['callbackUrl']);
    }
    // Allowlisted here (127.0.0.1,localhost); a private returnUrl is the browser's business, not ours.
    for (const body of [
      payinRequest({ callbackUrl: 'http://127.0.0.1:9/cb' }),
      payinRequest({ callbackUrl: 'http://localhost:9/cb' }),
      payinRequest({ returnUrl: 'https://192.168.1.10/back' }),
    ]) {
      expect((await api.client.request('POST', `/payins/${newIdPayin()}`, { token, body })).status).toBe(201);
    }
  });
});

describe('the end of the retry schedule', () => {
  it('after the whole schedule of failures, the delivery fails for good, more than 24 hours later', async () => {
    const listener = await receiver(Array.from({ length: 20 }, () => ({ status: 500 })));
    const payin = await settledPayin(listener.url());
    const db = api.runtime.deps.db;
    for (let round = 0; round < 12; round++) {
      await drain();
      const row = await db
        .selectFrom('callback_deliveries')
        .select(['next_attempt_at'])
        .where('id_payin', '=', payin.id)
        .executeTakeFirstOrThrow();
      if (!row.next_attempt_at) break;
      clock.set(row.next_attempt_at);
    }
    expect(listener.hits).toHaveLength(10);
    const [delivery] = await deliveries(payin);
    expect(delivery).toMatchObject({
      status: 'FAILED',
      failureReason: 'SCHEDULE_EXHAUSTED',
      attemptCount: 10,
    });
    const span = Date.parse(delivery!.attempts[9]!.startedAt) - Date.parse(delivery!.attempts[0]!.startedAt);
    expect(span).toBeGreaterThan(24 * 3600 * SECOND);
  });
});
