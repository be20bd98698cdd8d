import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallbackTestAttempt } from '@/lib/api/callback-responses';
import type { CallbackDispatcherWorker } from '@/server/callbacks';
import { MerchantDirectory, provisionMerchants, merchantEntrySchema } from '@/server/merchants';
import { ALL_PAYIN_OPERATIONS, PacedApiClient } from '../support/api-client';
import { newIdPayin, payinRequest } from '../support/builders';
import { startCallbackListener, type CallbackListener, type ListenerHit } from '../support/callback-listener';
import { expectProblem, fieldsOf } from '../support/problem';
import { startTestApi, type TestApi, type TestMerchant, callbackDispatcherOf } from '../support/test-api';

// The callback signing secret rotates with an overlap (docs/decisions/032): during it, every
// callback carries one signature per secret, each verifiable with the official standardwebhooks
// package; after it, or with no overlap, only the new secret verifies.
const OPERATIONS = [
  ...ALL_PAYIN_OPERATIONS,
  'GET /callbacks/signing-secret',
  'POST /callbacks/signing-secret/!rotate',
  'POST /callbacks/!test',
];

let api: TestApi;
/** Many calls as one merchant: waits out the rate limit rather than testing it. */
let client: PacedApiClient;
let dispatcher: CallbackDispatcherWorker;
let listener: CallbackListener;

beforeAll(async () => {
  api = await startTestApi();
  client = new PacedApiClient(api.baseUrl);
  dispatcher = callbackDispatcherOf(api);
  listener = await startCallbackListener();
});
afterAll(async () => {
  await listener.close();
  await api.close();
});

async function drain(): Promise<void> {
  while ((await dispatcher.runOnce()) > 0) {
    // keep going
  }
}

/** A payin whose status change is delivered to the listener now; its hit. */
async function callbackOf(merchant: TestMerchant, token: string): Promise<ListenerHit> {
  const id = newIdPayin();
  const path = `/hooks/${merchant.merchantCode}/${id}`;
  const created = await client.request('POST', `/payins/${id}`, {
    token,
    body: payinRequest({ callbackUrl: listener.url(path) }),
  });
  expect(created.status, created.text).toBe(201);
  const simulated = await client.request('POST', `/sandbox/payins/${id}/!simulate`, {
    token,
    body: { status: 'SUCCESS' },
  });
  expect(simulated.status).toBe(200);
  await drain();
  const [hit] = await listener.waitFor((hits) => hits.some((h) => h.path === path));
  return listener.hits.find((h) => h.path === path) ?? hit!;
}

const verifies = (secret: string, hit: { body: string; headers: Record<string, string> }) => {
  try {
    new Webhook(secret).verify(hit.body, hit.headers);
    return true;
  } catch {
    return false;
  }
};

async function rotate(token: string, body?: unknown) {
  return client.request<{ secret: string; previousSecretExpiresAt: string }>(
    'POST',
    '/callbacks/signing-secret/!rotate',
    { token, ...(body !== undefined && { body }) },
  );
}

describe('POST /callbacks/signing-secret/!rotate', () => {
  it('answers a new secret; callbacks carry both signatures for the overlap, each verifying', async () => {
    const merchant = await api.createMerchant();
    const token = await client.token(merchant, OPERATIONS);
    const before = Date.now();
    const rotated = await rotate(token);
    expect(rotated.status, rotated.text).toBe(200);
    expect(rotated.headers.get('cache-control')).toBe('no-store');
    const { secret, previousSecretExpiresAt } = rotated.body;
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    expect(secret).not.toBe(merchant.callbackSecret);
    // The default overlap: 24 hours.
    const until = Date.parse(previousSecretExpiresAt);
    expect(until).toBeGreaterThanOrEqual(before + 86_400_000 - 1000);
    expect(until).toBeLessThanOrEqual(Date.now() + 86_400_000 + 1000);
    const read = await client.request('GET', '/callbacks/signing-secret', { token });
    expect(read.body).toEqual({ secret, previousSecretExpiresAt });

    const hit = await callbackOf(merchant, token);
    expect(hit.headers['webhook-signature']).toMatch(/^v1,\S+ v1,\S+$/);
    expect(verifies(secret, hit)).toBe(true);
    expect(verifies(merchant.callbackSecret, hit)).toBe(true);
    expect(verifies(`whsec_${Buffer.alloc(32, 7).toString('base64')}`, hit)).toBe(false);

    // A test callback is signed the same way.
    const test = await client.request<CallbackTestAttempt>('POST', '/callbacks/!test', {
      token,
      body: { url: listener.url(`/hooks/test/${merchant.merchantCode}`) },
    });
    expect(test.status).toBe(200);
    const testHit = listener.hits.find((h) => h.path === `/hooks/test/${merchant.merchantCode}`)!;
    expect(verifies(secret, testHit) && verifies(merchant.callbackSecret, testHit)).toBe(true);
  });

  it('with no overlap, or rotated again, the secret it replaced stops verifying at once', async () => {
    const merchant = await api.createMerchant();
    const token = await client.token(merchant, OPERATIONS);
    const first = (await rotate(token, { overlapSeconds: 3600 })).body.secret;
    const second = await rotate(token, { overlapSeconds: 0 });
    expect(second.status).toBe(200);
    const hit = await callbackOf(merchant, token);
    expect(hit.headers['webhook-signature']).toMatch(/^v1,\S+$/);
    expect(verifies(second.body.secret, hit)).toBe(true);
    expect(verifies(first, hit)).toBe(false);
    expect(verifies(merchant.callbackSecret, hit)).toBe(false);
    const read = await client.request('GET', '/callbacks/signing-secret', { token });
    expect(read.body).toEqual({ secret: second.body.secret });
  });

  it('refuses a bad overlap, and tokens without the operation or confined to one payin', async () => {
    const merchant = await api.createMerchant();
    const token = await client.token(merchant, OPERATIONS);
    for (const body of [{ overlapSeconds: -1 }, { overlapSeconds: 1.5 }, { overlapSeconds: 2_592_001 }]) {
      const refused = await rotate(token, body);
      expectProblem(refused, 400, 'VALIDATION_FAILED');
      expect(fieldsOf(refused)).toEqual(['overlapSeconds']);
    }
    expectProblem(await rotate(token, { overlap: 5 }), 400, 'VALIDATION_FAILED');
    const narrow = await client.token(merchant, ['GET /callbacks/signing-secret']);
    expectProblem(await rotate(narrow), 403, 'OPERATION_NOT_PERMITTED');
    const scoped = await client.request<{ token: string }>('POST', '/auth-tokens-by-action', {
      body: {
        merchantCode: merchant.merchantCode,
        secret: merchant.secret,
        action: 'PAYIN_CREATE',
        idPayment: newIdPayin(),
      },
    });
    expectProblem(await rotate(scoped.body.token), 403, 'OPERATION_NOT_PERMITTED');
    // Nothing was rotated.
    const read = await client.request('GET', '/callbacks/signing-secret', { token });
    expect(read.body).toEqual({ secret: merchant.callbackSecret });
  });
});

describe('a rotated secret', () => {
  it('reaches another instance’s merchant directory at its next refresh', async () => {
    const merchant = await api.createMerchant();
    const token = await client.token(merchant, OPERATIONS);
    const other = new MerchantDirectory(api.runtime.deps.db, Buffer.alloc(32, 1));
    await other.load();
    expect((await other.find(merchant.merchantCode))?.callbackSecret).toBe(merchant.callbackSecret);
    const { secret } = (await rotate(token)).body;
    await other.refresh();
    const seen = other.known(merchant.merchantCode);
    expect(seen?.callbackSecret).toBe(secret);
    expect(seen?.previousCallbackSecret?.secret).toBe(merchant.callbackSecret);
  });

  it('is not undone by the merchants file at the next start, which still seeds new merchants', async () => {
    const fileSecret = `whsec_${Buffer.alloc(32, 9).toString('base64')}`;
    const merchant = await api.createMerchant({ callbackSecret: fileSecret });
    expect(merchant.callbackSecret).toBe(fileSecret);
    const token = await client.token(merchant, OPERATIONS);
    const { secret } = (await rotate(token)).body;
    const pepper = await api.runtime.deps.db
      .selectFrom('server_secrets')
      .select('value')
      .where('name', '=', 'secret-pepper')
      .executeTakeFirstOrThrow();
    const entry = merchantEntrySchema.parse({
      merchantCode: merchant.merchantCode,
      secret: merchant.secret,
      channelName: 'Test Shop',
      test: true,
      callbackSecret: fileSecret,
    });
    const [again] = await provisionMerchants(api.runtime.deps.db, Buffer.from(pepper.value, 'base64url'), [
      entry,
    ]);
    expect(again?.callbackSecret).toBe(secret);
  });
});
