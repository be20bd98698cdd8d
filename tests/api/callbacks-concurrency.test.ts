import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isCallbackDispatcherWorker } from '@/server/callbacks';
import { ALL_PAYIN_OPERATIONS } from '../support/api-client';
import { newIdPayin, payinRequest } from '../support/builders';
import { startCallbackListener, verifyHit, type CallbackListener } from '../support/callback-listener';
import { startTestApi, type TestApi, type TestMerchant } from '../support/test-api';

let api: TestApi;
const listeners: CallbackListener[] = [];

beforeAll(async () => {
  // Attempts to a dead endpoint take the full deadline; the dispatcher runs as in production.
  api = await startTestApi({ CALLBACK_TIMEOUT_SECS: '15', CALLBACK_ENDPOINT_CONCURRENCY: '2' });
  api.runtime.workers.find(isCallbackDispatcherWorker)!.start();
});
afterAll(async () => {
  for (const listener of listeners) {
    listener.releaseHanging();
    await listener.close();
  }
  await api.close();
});

async function settle(merchant: TestMerchant, callbackUrl: string): Promise<string> {
  const token = await api.client.token(merchant, ALL_PAYIN_OPERATIONS);
  const id = newIdPayin();
  const created = await api.client.request('POST', `/payins/${id}`, {
    token,
    body: payinRequest({ callbackUrl }),
  });
  expect(created.status).toBe(201);
  const simulated = await api.client.request('POST', `/sandbox/payins/${id}/!simulate`, {
    token,
    body: { status: 'SUCCESS' },
  });
  expect(simulated.status).toBe(200);
  return id;
}

describe('a dead callback endpoint', () => {
  it("holds only its own slots: another merchant's callback goes out while its attempts hang", async () => {
    const dead = await startCallbackListener();
    dead.respond(() => 'hang');
    const healthy = await startCallbackListener();
    listeners.push(dead, healthy);

    const slow = await api.createMerchant();
    for (let i = 0; i < 3; i++) await settle(slow, dead.url());
    // The dead endpoint takes its two slots and keeps them for the 15 s deadline.
    await dead.waitFor((hits) => hits.length === 2, 10_000);

    const other = await api.createMerchant();
    const id = await settle(other, healthy.url());
    const [hit] = await healthy.waitFor((hits) => hits.length === 1, 3000);
    expect(verifyHit(hit!, other.callbackSecret)).toMatchObject({ idPayin: id });
    // Meanwhile nothing more went to the dead endpoint, and nothing there has finished.
    expect(dead.hits).toHaveLength(2);
    const finished = await api.runtime.deps.db
      .selectFrom('callback_attempts')
      .innerJoin('callback_deliveries', 'callback_deliveries.id', 'callback_attempts.delivery_id')
      .select('callback_attempts.id')
      .where('callback_deliveries.merchant_code', '=', slow.merchantCode)
      .execute();
    expect(finished).toEqual([]);
  });
});
