import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiKeyResource } from '@/lib/api/api-key-responses';
import { MerchantDirectory } from '@/server/merchants';
import { PacedApiClient } from '../support/api-client';
import { newIdPayin } from '../support/builders';
import { expectProblem, fieldsOf } from '../support/problem';
import { startTestApi, type TestApi, type TestMerchant } from '../support/test-api';

// A merchant's API keys (docs/decisions/033): several secrets beside the merchants file's, each
// limited as the merchant says, revoked at once here and within seconds everywhere.
const KEY_OPERATIONS = ['POST /api-keys', 'GET /api-keys', 'DELETE /api-keys/.*'];

let api: TestApi;
/** Many calls as one merchant: waits out the rate limit rather than testing it. */
let client: PacedApiClient;

beforeAll(async () => {
  api = await startTestApi();
  client = new PacedApiClient(api.baseUrl);
});
afterAll(() => api.close());

type CreatedKey = ApiKeyResource & { secret: string };

async function setUp() {
  const merchant = await api.createMerchant();
  const token = await client.token(merchant, KEY_OPERATIONS);
  return { merchant, token };
}

async function createKey(token: string, body: Record<string, unknown>) {
  return client.request<CreatedKey>('POST', '/api-keys', { token, body });
}

/** A token request made with the key's secret in `secret`, as the specification's merchant secret. */
function tokenWith(merchant: TestMerchant, secret: string, operations: string[]) {
  return client.request<{ token: string }>('POST', '/auth-tokens', {
    body: { merchantCode: merchant.merchantCode, secret, operations },
  });
}

describe('POST /api-keys', () => {
  it('answers 201 with the secret once; the token endpoints take it as the merchant secret', async () => {
    const { merchant, token } = await setUp();
    const created = await createKey(token, { name: 'Checkout server' });
    expect(created.status, created.text).toBe(201);
    expect(created.headers.get('cache-control')).toBe('no-store');
    expect(created.body).toEqual({
      idKey: expect.stringMatching(/^key_[0-9a-f]{24}$/),
      name: 'Checkout server',
      secret: expect.stringMatching(/^sk_test_[A-Za-z0-9_-]{32}$/),
      operations: null,
      allowedAddresses: null,
      expiresAt: null,
      createdAt: expect.any(String),
      lastUsedAt: null,
      revokedAt: null,
    });
    const minted = await tokenWith(merchant, created.body.secret, ['GET /merchant-info']);
    expect(minted.status, minted.text).toBe(200);
    const info = await client.request('GET', '/merchant-info', { token: minted.body.token });
    expect(info.status).toBe(200);
    const byAction = await client.request('POST', '/auth-tokens-by-action', {
      body: {
        merchantCode: merchant.merchantCode,
        secret: created.body.secret,
        action: 'PAYIN_INFO',
        idPayment: newIdPayin(),
      },
    });
    expect(byAction.status).toBe(200);
    // Another merchant's code with this key is a wrong secret.
    const other = await api.createMerchant();
    expectProblem(
      await tokenWith(other, created.body.secret, ['GET /merchant-info']),
      401,
      'INVALID_CREDENTIALS',
    );

    const listed = await client.request<{ data: ApiKeyResource[] }>('GET', '/api-keys', { token });
    expect(listed.status).toBe(200);
    expect(listed.body.data).toHaveLength(1);
    const [key] = listed.body.data;
    expect(key).toMatchObject({ idKey: created.body.idKey, name: 'Checkout server' });
    expect(key).not.toHaveProperty('secret');
    expect(JSON.stringify(listed.body)).not.toContain(created.body.secret);
    expect(Date.parse(key!.lastUsedAt!)).toBeGreaterThanOrEqual(Date.parse(created.body.createdAt) - 1000);
  });

  it('limits the tokens a key mints to its operations, literal ones matched by its patterns', async () => {
    const { merchant, token } = await setUp();
    const { secret } = (
      await createKey(token, { name: 'Reports', operations: ['GET /payins/.*', 'GET /balances'] })
    ).body;
    for (const operations of [['GET /payins/.*'], ['GET /payins/order-1', 'GET /balances']]) {
      expect((await tokenWith(merchant, secret, operations)).status, operations.join()).toBe(200);
    }
    for (const operations of [
      ['GET /.*'],
      ['GET /payins/.*|POST /.*'],
      ['POST /payins/order-1'],
      ['GET /balances', 'POST /api-keys'],
      ['GET /payins/order-1', 'DELETE /api-keys/.*'],
    ]) {
      const refused = await tokenWith(merchant, secret, operations);
      expectProblem(refused, 403, 'KEY_OPERATION_NOT_PERMITTED');
      expect(fieldsOf(refused)[0], operations.join()).toBe('operations');
    }
    const action = await client.request('POST', '/auth-tokens-by-action', {
      body: { merchantCode: merchant.merchantCode, secret, action: 'PAYIN_CREATE', idPayment: newIdPayin() },
    });
    expectProblem(action, 403, 'KEY_OPERATION_NOT_PERMITTED');
  });

  it('is used only from its allowed addresses', async () => {
    const { merchant, token } = await setUp();
    const elsewhere = (await createKey(token, { name: 'Office', allowedAddresses: ['203.0.113.0/24'] })).body;
    expectProblem(
      await tokenWith(merchant, elsewhere.secret, ['GET /merchant-info']),
      403,
      'KEY_ADDRESS_NOT_ALLOWED',
    );
    const here = (
      await createKey(token, { name: 'Server', allowedAddresses: ['2001:db8::/32', '127.0.0.0/8'] })
    ).body;
    expect((await tokenWith(merchant, here.secret, ['GET /merchant-info'])).status).toBe(200);
  });

  it('is refused like a wrong secret once it has expired', async () => {
    const { merchant, token } = await setUp();
    const key = (
      await createKey(token, { name: 'Short', expiresAt: new Date(Date.now() + 1500).toISOString() })
    ).body;
    expect((await tokenWith(merchant, key.secret, ['GET /merchant-info'])).status).toBe(200);
    await sleep(1600);
    expectProblem(await tokenWith(merchant, key.secret, ['GET /merchant-info']), 401, 'INVALID_CREDENTIALS');
  });

  it('refuses what it cannot use, naming each field, and keeps nothing', async () => {
    const { token } = await setUp();
    const refused = await createKey(token, {
      name: ' ',
      operations: ['FETCH /x', 'GET /payins/(unclosed'],
      allowedAddresses: ['10.0.0.300', '10.0.0.0/33', 'example.com'],
      expiresAt: 'tomorrow',
    });
    expectProblem(refused, 400, 'VALIDATION_FAILED');
    expect(new Set(fieldsOf(refused))).toEqual(
      new Set([
        'name',
        'operations.0',
        'operations.1',
        'allowedAddresses.0',
        'allowedAddresses.1',
        'allowedAddresses.2',
        'expiresAt',
      ]),
    );
    expect(fieldsOf(await createKey(token, { name: 'Past', expiresAt: '2020-01-01T00:00:00Z' }))).toEqual([
      'expiresAt',
    ]);
    expectProblem(await createKey(token, { name: 'x', secret: 'mine' }), 400, 'VALIDATION_FAILED');
    const listed = await client.request<{ data: unknown[] }>('GET', '/api-keys', { token });
    expect(listed.body.data).toEqual([]);
  });

  it('needs the operation named in a token that is not confined to one payin', async () => {
    const { merchant } = await setUp();
    const narrow = await client.token(merchant, ['GET /api-keys']);
    expectProblem(await createKey(narrow, { name: 'x' }), 403, 'OPERATION_NOT_PERMITTED');
    const scoped = await client.token(merchant, [`POST /payins/${newIdPayin()}`, 'POST /api-keys']);
    expectProblem(await createKey(scoped, { name: 'x' }), 403, 'PAYMENT_NOT_PERMITTED');
  });
});

describe('DELETE /api-keys/{idKey}', () => {
  it('revokes at once: the secret is refused, the key stays listed with its revocation', async () => {
    const { merchant, token } = await setUp();
    const key = (await createKey(token, { name: 'Old server' })).body;
    const revoked = await client.request<ApiKeyResource>('DELETE', `/api-keys/${key.idKey}`, { token });
    expect(revoked.status, revoked.text).toBe(200);
    expect(revoked.body).toMatchObject({ idKey: key.idKey, revokedAt: expect.any(String) });
    expectProblem(await tokenWith(merchant, key.secret, ['GET /merchant-info']), 401, 'INVALID_CREDENTIALS');
    const again = await client.request<ApiKeyResource>('DELETE', `/api-keys/${key.idKey}`, { token });
    expect(again.body.revokedAt).toBe(revoked.body.revokedAt);
    const listed = await client.request<{ data: ApiKeyResource[] }>('GET', '/api-keys', { token });
    expect(listed.body.data.map((entry) => entry.revokedAt)).toEqual([revoked.body.revokedAt]);
    // The merchants file's secret is untouched.
    expect((await tokenWith(merchant, merchant.secret, ['GET /merchant-info'])).status).toBe(200);
  });

  it('answers 404 for a key that is not the merchant’s, and 405 for other methods', async () => {
    const { token } = await setUp();
    const stranger = await setUp();
    const theirs = (await createKey(stranger.token, { name: 'Theirs' })).body;
    for (const id of [theirs.idKey, 'key_000000000000000000000000', 'nope']) {
      expectProblem(await client.request('DELETE', `/api-keys/${id}`, { token }), 404, 'API_KEY_NOT_FOUND');
    }
    const wrong = await client.request('POST', `/api-keys/${theirs.idKey}`, { token });
    expectProblem(wrong, 405, 'METHOD_NOT_ALLOWED');
    expect(wrong.headers.get('allow')).toBe('DELETE, OPTIONS');
    expect((await tokenWith(stranger.merchant, theirs.secret, ['GET /merchant-info'])).status).toBe(200);
  });

  it('reaches another instance at its next refresh', async () => {
    const { merchant, token } = await setUp();
    const key = (await createKey(token, { name: 'Shared' })).body;
    const other = new MerchantDirectory(api.runtime.deps.db, await pepperOf(api));
    await other.load();
    expect(other.authenticate(merchant.merchantCode, key.secret, new Date())?.key?.id).toBe(key.idKey);
    await client.request('DELETE', `/api-keys/${key.idKey}`, { token });
    await other.refresh();
    expect(other.authenticate(merchant.merchantCode, key.secret, new Date())).toBeUndefined();
    expect(other.authenticate(merchant.merchantCode, merchant.secret, new Date())?.merchant.code).toBe(
      merchant.merchantCode,
    );
  });
});

async function pepperOf(test: TestApi): Promise<Buffer> {
  const row = await test.runtime.deps.db
    .selectFrom('server_secrets')
    .select('value')
    .where('name', '=', 'secret-pepper')
    .executeTakeFirstOrThrow();
  return Buffer.from(row.value, 'base64url');
}
