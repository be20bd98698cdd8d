import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi, type TestMerchant } from '../support/test-api';
import { expectProblem, fieldsOf } from '../support/problem';

let api: TestApi;

beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

async function fresh(): Promise<TestMerchant> {
  return api.createMerchant();
}

describe('POST /auth-tokens', () => {
  it('issues a JWT with exactly the specified claims and the default validity of 1800 s', async () => {
    const merchant = await fresh();
    const response = await api.client.request<{ token: string }>('POST', '/auth-tokens', {
      body: {
        merchantCode: merchant.merchantCode,
        secret: merchant.secret,
        operations: ['GET /payins/.*'],
        unknownField: true,
      },
    });
    expect(response.status).toBe(200);
    const claims = decodeJwt(response.body.token);
    expect(Object.keys(claims).sort()).toEqual(['exp', 'iat', 'jti', 'operations', 'sub']);
    expect(claims).toMatchObject({ sub: merchant.merchantCode, operations: ['GET /payins/.*'] });
    expect(claims.exp! - claims.iat!).toBe(1800);
    expect(claims.jti).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('honours validitySecs up to the maximum and refuses more', async () => {
    const merchant = await fresh();
    const token = await api.client.token(merchant, ['GET /merchant-info'], { validitySecs: 86400 });
    const claims = decodeJwt(token);
    expect(claims.exp! - claims.iat!).toBe(86400);
    const tooLong = await api.client.request('POST', '/auth-tokens', {
      body: {
        merchantCode: merchant.merchantCode,
        secret: merchant.secret,
        operations: ['GET /x'],
        validitySecs: 86401,
      },
    });
    expectProblem(tooLong, 400, 'VALIDATION_FAILED');
    expect(fieldsOf(tooLong)).toEqual(['validitySecs']);
    for (const validitySecs of [0, -5, 1.5, '60']) {
      const bad = await api.client.request('POST', '/auth-tokens', {
        body: {
          merchantCode: merchant.merchantCode,
          secret: merchant.secret,
          operations: ['GET /x'],
          validitySecs,
        },
      });
      expectProblem(bad, 400, 'VALIDATION_FAILED');
    }
  });

  it('carries the money restriction and confines literal single-payin operations to that payin', async () => {
    const merchant = await fresh();
    const token = await api.client.token(
      merchant,
      ['POST /payins/!availablePaymentOptions', 'POST /payins/o-1', 'GET /payins/o-1'],
      {
        money: { amount: 99.5, currencyCode: 'THB' },
      },
    );
    expect(decodeJwt(token)).toMatchObject({
      money: { amount: 99.5, currencyCode: 'THB' },
      idPayment: 'o-1',
    });
    const general = await api.client.token(merchant, ['GET /payins/.*']);
    expect(decodeJwt(general).idPayment).toBeUndefined();
  });

  it('refuses wrong credentials with 401 and the same answer for unknown merchants', async () => {
    const merchant = await fresh();
    const wrongSecret = await api.client.request('POST', '/auth-tokens', {
      body: { merchantCode: merchant.merchantCode, secret: `${merchant.secret}x`, operations: ['GET /x'] },
    });
    expectProblem(wrongSecret, 401, 'INVALID_CREDENTIALS');
    const unknown = await api.client.request('POST', '/auth-tokens', {
      body: { merchantCode: 'nobody-here', secret: merchant.secret, operations: ['GET /x'] },
    });
    expectProblem(unknown, 401, 'INVALID_CREDENTIALS');
    expect(unknown.body.detail).toBe(wrongSecret.body.detail);
  });

  it('refuses operation patterns that are malformed or too complex to match in bounded time', async () => {
    const merchant = await fresh();
    const hostile = [
      'GET /payins/[^](a+)+',
      'GET /payins/(x)\\1',
      'get /payins/x',
      `GET /${'a'.repeat(250)}`,
      'GET /.{0,500}.{0,500}.{0,500}.{0,500}.{0,500}',
      'GET /payins/x)|(.*',
      `GET /p/(?:${Array.from({ length: 23 }, (_, i) => `${String.fromCharCode(97 + i)}{1000}`).join('|')})`,
    ];
    // The first refused operation ends the request, named by its index.
    const response = await api.client.request('POST', '/auth-tokens', {
      body: {
        merchantCode: merchant.merchantCode,
        secret: merchant.secret,
        operations: ['GET /payins/.*', ...hostile],
      },
    });
    expectProblem(response, 400, 'INVALID_OPERATION_PATTERN');
    expect(fieldsOf(response)).toEqual(['operations.1']);
    for (const operation of hostile) {
      const alone = await api.client.request('POST', '/auth-tokens', {
        body: { merchantCode: merchant.merchantCode, secret: merchant.secret, operations: [operation] },
      });
      expectProblem(alone, 400, 'INVALID_OPERATION_PATTERN');
      expect(fieldsOf(alone), operation).toEqual(['operations.0']);
    }
    const tooMany = await api.client.request('POST', '/auth-tokens', {
      body: {
        merchantCode: merchant.merchantCode,
        secret: merchant.secret,
        operations: Array.from({ length: 21 }, (_, i) => `GET /payins/${i}`),
      },
    });
    expectProblem(tooMany, 400, 'INVALID_OPERATION_PATTERN');
  });

  it('accepts nested quantifiers (linear-time matching) and never matches hostile long paths', async () => {
    const merchant = await fresh();
    const token = await api.client.token(merchant, ['GET /payins/(a+)+', 'GET /payins/(.*a){14}']);
    const [hostile, refused, allowed] = await Promise.all([
      api.client.request('GET', `/payins/${'a'.repeat(2030)}!`, { token }),
      api.client.request('GET', '/payins/aaab', { token }),
      api.client.request('GET', '/payins/aaaa', { token }),
    ]);
    // {idPayin} is validated before any pattern runs, so only short paths ever reach the matcher.
    expectProblem(hostile, 400, 'VALIDATION_FAILED');
    expectProblem(refused, 403, 'OPERATION_NOT_PERMITTED');
    expectProblem(allowed, 404, 'PAYIN_NOT_FOUND');
  });

  it('answers 400 for malformed bodies, naming the fields', async () => {
    const malformed = await api.client.request('POST', '/auth-tokens', { rawBody: '{"merchantCode": ' });
    expectProblem(malformed, 400, 'MALFORMED_JSON');
    // JSON is UTF-8 (RFC 8259): other bytes are refused, never read as U+FFFD.
    const latin1 = await api.client.request('POST', '/auth-tokens', {
      rawBody: Buffer.concat([Buffer.from('{"merchantCode": "caf'), Buffer.from([0xe9]), Buffer.from('"}')]),
    });
    expectProblem(latin1, 400, 'MALFORMED_JSON');
    expect(latin1.body).toMatchObject({ detail: 'The request body is not valid UTF-8.' });
    const bom = await api.client.request('POST', '/auth-tokens', {
      rawBody: `\uFEFF${JSON.stringify({ merchantCode: 5 })}`,
    });
    expectProblem(bom, 400, 'VALIDATION_FAILED');
    const empty = await api.client.request('POST', '/auth-tokens', { rawBody: '' });
    expectProblem(empty, 400, 'VALIDATION_FAILED');
    const wrongTypes = await api.client.request('POST', '/auth-tokens', {
      body: { merchantCode: 5, secret: null, operations: 'GET /x' },
    });
    expectProblem(wrongTypes, 400, 'VALIDATION_FAILED');
    expect(fieldsOf(wrongTypes).sort()).toEqual(['merchantCode', 'operations', 'secret']);
    const array = await api.client.request('POST', '/auth-tokens', { body: [1, 2] });
    expectProblem(array, 400, 'VALIDATION_FAILED');
    const form = await api.client.request('POST', '/auth-tokens', {
      rawBody: 'a=b',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expectProblem(form, 415, 'UNSUPPORTED_MEDIA_TYPE');
    const huge = await api.client.request('POST', '/auth-tokens', {
      rawBody: JSON.stringify({ padding: 'x'.repeat(70_000) }),
    });
    expectProblem(huge, 413, 'PAYLOAD_TOO_LARGE');
    // Sent in chunks without a Content-Length: refused once the body grows past the limit.
    const chunk = new TextEncoder().encode(JSON.stringify({ padding: 'x'.repeat(20_000) }));
    const streamed = await fetch(`${api.baseUrl}/auth-tokens`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-version': '2' },
      body: new ReadableStream({
        start(controller) {
          for (let index = 0; index < 4; index++) controller.enqueue(chunk);
          controller.close();
        },
      }),
      duplex: 'half',
    } as RequestInit);
    expect(streamed.status).toBe(413);
    expect(await streamed.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
  });
});

describe('POST /auth-tokens-by-action', () => {
  it('PAYIN_CREATE grants the create flow of one payin', async () => {
    const merchant = await fresh();
    const token = await api.client.tokenByAction(merchant, 'PAYIN_CREATE', 'order.7', {
      money: { amount: 10, currencyCode: 'THB' },
    });
    const claims = decodeJwt(token);
    expect(claims).toMatchObject({
      sub: merchant.merchantCode,
      idPayment: 'order.7',
      money: { amount: 10, currencyCode: 'THB' },
    });
    expect(claims.operations).toEqual([
      'POST /payins/!availablePaymentOptions',
      'POST /payins/order\\.7',
      'GET /payins/order\\.7',
      'POST /payins/order\\.7/!setExternalReference',
      'GET /merchant-info',
      'POST /sandbox/payins/order\\.7/!simulate',
    ]);
  });

  it('PAYIN_INFO grants only reading that payin', async () => {
    const merchant = await fresh();
    const claims = decodeJwt(await api.client.tokenByAction(merchant, 'PAYIN_INFO', 'o-2'));
    expect(claims.operations).toEqual(['GET /payins/o-2']);
    expect(claims.idPayment).toBe('o-2');
  });

  it('refuses unknown actions, missing or unsafe idPayment, and bad credentials', async () => {
    const merchant = await fresh();
    const base = { merchantCode: merchant.merchantCode, secret: merchant.secret };
    expectProblem(
      await api.client.request('POST', '/auth-tokens-by-action', {
        body: { ...base, action: 'PAYOUT', idPayment: 'a' },
      }),
      400,
      'VALIDATION_FAILED',
    );
    expectProblem(
      await api.client.request('POST', '/auth-tokens-by-action', { body: { ...base, action: 'PAYIN_INFO' } }),
      400,
      'VALIDATION_FAILED',
    );
    const unsafe = await api.client.request('POST', '/auth-tokens-by-action', {
      body: { ...base, action: 'PAYIN_INFO', idPayment: '../x' },
    });
    expectProblem(unsafe, 400, 'VALIDATION_FAILED');
    expect(fieldsOf(unsafe)).toEqual(['idPayment']);
    expectProblem(
      await api.client.request('POST', '/auth-tokens-by-action', {
        body: { ...base, secret: 'wrong-secret', action: 'PAYIN_INFO', idPayment: 'a' },
      }),
      401,
      'INVALID_CREDENTIALS',
    );
  });
});
