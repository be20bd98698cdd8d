import { randomBytes, randomUUID } from 'node:crypto';
import { SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_PAYIN_OPERATIONS } from '../support/api-client';
import { newIdPayin, payinRequest } from '../support/builders';
import { expectProblem } from '../support/problem';
import { startTestApi, type TestApi, type TestMerchant } from '../support/test-api';

let api: TestApi;
let signingKey: Buffer;

beforeAll(async () => {
  api = await startTestApi();
  const row = await api.runtime.deps.db
    .selectFrom('server_secrets')
    .select('value')
    .where('name', '=', 'token-signing-key')
    .executeTakeFirstOrThrow();
  signingKey = Buffer.from(row.value, 'base64url');
});
afterAll(() => api.close());

/** A token signed with the server's own key: valid signature, claims of the test's choosing. */
function forge(claims: Record<string, unknown>, key: Buffer = signingKey, alg = 'HS256'): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ operations: ['GET /merchant-info'], ...claims })
    .setProtectedHeader({ alg, typ: 'JWT' })
    .setIssuedAt((claims.iat as number | undefined) ?? now)
    .setJti(randomUUID())
    .sign(key);
}

describe('bearer tokens', () => {
  let merchant: TestMerchant;
  beforeAll(async () => {
    merchant = await api.createMerchant();
  });

  it('401 without a token, with a non-bearer header, or with garbage', async () => {
    const missing = await api.client.request('GET', '/merchant-info');
    expectProblem(missing, 401, 'AUTHENTICATION_REQUIRED');
    expect(missing.headers.get('www-authenticate')).toMatch(/^Bearer/);
    expectProblem(
      await api.client.request('GET', '/merchant-info', { headers: { authorization: 'Basic abc' } }),
      401,
      'TOKEN_INVALID',
    );
    expectProblem(
      await api.client.request('GET', '/merchant-info', { token: 'not.a.jwt' }),
      401,
      'TOKEN_INVALID',
    );
  });

  it('401 for a bad signature, a widened payload, alg none and another algorithm', async () => {
    const now = Math.floor(Date.now() / 1000);
    const otherKey = await forge({ sub: merchant.merchantCode, exp: now + 60 }, randomBytes(32));
    expectProblem(
      await api.client.request('GET', '/merchant-info', { token: otherKey }),
      401,
      'TOKEN_INVALID',
    );

    const genuine = await api.client.token(merchant, ['GET /merchant-info']);
    const [header, payload, signature] = genuine.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    const widened = Buffer.from(JSON.stringify({ ...claims, operations: ['GET /payins/.*'] })).toString(
      'base64url',
    );
    expectProblem(
      await api.client.request('GET', '/merchant-info', { token: `${header}.${widened}.${signature}` }),
      401,
      'TOKEN_INVALID',
    );

    const none = new UnsecuredJWT({ ...claims }).encode();
    expectProblem(await api.client.request('GET', '/merchant-info', { token: none }), 401, 'TOKEN_INVALID');
    const hs512 = await forge({ sub: merchant.merchantCode, exp: now + 60 }, signingKey, 'HS512');
    expectProblem(await api.client.request('GET', '/merchant-info', { token: hs512 }), 401, 'TOKEN_INVALID');
  });

  it('401 TOKEN_EXPIRED for an expired token and TOKEN_INVALID without exp', async () => {
    const now = Math.floor(Date.now() / 1000);
    const expired = await forge({ sub: merchant.merchantCode, exp: now - 1, iat: now - 100 });
    expectProblem(
      await api.client.request('GET', '/merchant-info', { token: expired }),
      401,
      'TOKEN_EXPIRED',
    );
    const noExp = await forge({ sub: merchant.merchantCode });
    expectProblem(await api.client.request('GET', '/merchant-info', { token: noExp }), 401, 'TOKEN_INVALID');
    const valid = await forge({ sub: merchant.merchantCode, exp: now + 60 });
    expect((await api.client.request('GET', '/merchant-info', { token: valid })).status).toBe(200);
  });

  it('401 for a well-signed token naming an unknown merchant', async () => {
    const token = await forge({ sub: 'ghost-merchant', exp: Math.floor(Date.now() / 1000) + 60 });
    expectProblem(await api.client.request('GET', '/merchant-info', { token }), 401, 'TOKEN_INVALID');
  });
});

describe('operations', () => {
  it('403 unless an operation matches the method exactly and the whole path', async () => {
    const merchant = await api.createMerchant();
    const token = await api.client.token(merchant, [
      'GET /payins/o-1',
      'POST /payins/!availablePaymentOptions',
    ]);
    expectProblem(await api.client.request('GET', '/payins/o-12', { token }), 403, 'OPERATION_NOT_PERMITTED');
    expectProblem(
      await api.client.request('GET', '/payins/o-1/accounts', { token }),
      403,
      'OPERATION_NOT_PERMITTED',
    );
    expectProblem(
      await api.client.request('POST', '/payins/o-1', { token, body: payinRequest() }),
      403,
      'OPERATION_NOT_PERMITTED',
    );
    expectProblem(
      await api.client.request('GET', '/merchant-info', { token }),
      403,
      'OPERATION_NOT_PERMITTED',
    );
    expectProblem(await api.client.request('GET', '/payins/o-1', { token }), 404, 'PAYIN_NOT_FOUND');
    const options = await api.client.request('POST', '/payins/!availablePaymentOptions', {
      token,
      body: { money: { amount: 100, currencyCode: 'THB' } },
    });
    expect(options.status).toBe(200);
  });

  it('a token confined to one payin touches only that payin', async () => {
    const merchant = await api.createMerchant();
    const general = await api.client.token(merchant, ALL_PAYIN_OPERATIONS);
    const other = newIdPayin();
    expect(
      (await api.client.request('POST', `/payins/${other}`, { token: general, body: payinRequest() })).status,
    ).toBe(201);

    const id = newIdPayin();
    // General patterns, but confined by idPayment: the operations match, the payment does not.
    const confined = await api.client.token(merchant, ['GET /payins/.*', 'POST /payins/.*'], {
      idPayment: id,
    });
    expectProblem(
      await api.client.request('GET', `/payins/${other}`, { token: confined }),
      403,
      'PAYMENT_NOT_PERMITTED',
    );
    expectProblem(
      await api.client.request('POST', `/payins/${newIdPayin()}`, { token: confined, body: payinRequest() }),
      403,
      'PAYMENT_NOT_PERMITTED',
    );
    expect(
      (await api.client.request('POST', `/payins/${id}`, { token: confined, body: payinRequest() })).status,
    ).toBe(201);
    expect((await api.client.request('GET', `/payins/${id}`, { token: confined })).status).toBe(200);

    const byAction = await api.client.tokenByAction(merchant, 'PAYIN_INFO', id);
    expect((await api.client.request('GET', `/payins/${id}`, { token: byAction })).status).toBe(200);
    expectProblem(
      await api.client.request('GET', `/payins/${other}`, { token: byAction }),
      403,
      'OPERATION_NOT_PERMITTED',
    );
  });

  it('a money-limited token creates only payins of exactly that amount and currency', async () => {
    const merchant = await api.createMerchant();
    const token = await api.client.token(merchant, ['POST /payins/.*'], {
      money: { amount: 250.5, currencyCode: 'PHP' },
    });
    const other = { paymentRequested: { money: { amount: 250.51, currencyCode: 'PHP' } } };
    expectProblem(
      await api.client.request('POST', `/payins/${newIdPayin()}`, { token, body: payinRequest(other) }),
      403,
      'MONEY_NOT_PERMITTED',
    );
    const otherCurrency = { paymentRequested: { money: { amount: 250.5, currencyCode: 'THB' } } };
    expectProblem(
      await api.client.request('POST', `/payins/${newIdPayin()}`, {
        token,
        body: payinRequest(otherCurrency),
      }),
      403,
      'MONEY_NOT_PERMITTED',
    );
    const exact = { paymentRequested: { money: { amount: 250.5, currencyCode: 'PHP' } } };
    expect(
      (await api.client.request('POST', `/payins/${newIdPayin()}`, { token, body: payinRequest(exact) }))
        .status,
    ).toBe(201);
  });
});

describe("another merchant's payins", () => {
  it('are unknown (404): IDs are per merchant, and the same ID may exist at both', async () => {
    const alice = await api.createMerchant();
    const bob = await api.createMerchant();
    const aliceToken = await api.client.token(alice, ALL_PAYIN_OPERATIONS);
    const bobToken = await api.client.token(bob, ALL_PAYIN_OPERATIONS);
    const id = newIdPayin();
    expect(
      (await api.client.request('POST', `/payins/${id}`, { token: aliceToken, body: payinRequest() })).status,
    ).toBe(201);
    expectProblem(
      await api.client.request('GET', `/payins/${id}`, { token: bobToken }),
      404,
      'PAYIN_NOT_FOUND',
    );
    expectProblem(
      await api.client.request('GET', `/payins/${id}/accounts`, { token: bobToken }),
      404,
      'PAYIN_NOT_FOUND',
    );
    expect(
      (await api.client.request('POST', `/payins/${id}`, { token: bobToken, body: payinRequest() })).status,
    ).toBe(201);
  });
});
