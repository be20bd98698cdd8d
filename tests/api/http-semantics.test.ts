import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_PAYIN_OPERATIONS } from '../support/api-client';
import { newIdPayin, payinRequest } from '../support/builders';
import { expectProblem } from '../support/problem';
import { startTestApi, type TestApi, type TestMerchant } from '../support/test-api';

let api: TestApi;
let merchant: TestMerchant;
let token: string;

beforeAll(async () => {
  api = await startTestApi();
  merchant = await api.createMerchant();
  token = await api.client.token(merchant, ALL_PAYIN_OPERATIONS);
});
afterAll(() => api.close());

describe('methods', () => {
  it.each([
    ['DELETE', '/payins/order-1', 'GET, POST, OPTIONS'],
    ['PUT', '/payins/order-1', 'GET, POST, OPTIONS'],
    ['POST', '/payins/order-1/accounts', 'GET, OPTIONS'],
    ['GET', '/payins/!availablePaymentOptions', 'POST, OPTIONS'],
    ['GET', '/auth-tokens', 'POST, OPTIONS'],
    ['POST', '/merchant-info', 'GET, OPTIONS'],
    ['PATCH', '/health', 'GET, OPTIONS'],
  ])('%s %s is 405 with Allow: %s', async (method, path, allow) => {
    const response = await api.client.request(method, path, { token });
    expectProblem(response, 405, 'METHOD_NOT_ALLOWED');
    expect(response.headers.get('allow')).toBe(allow);
  });

  it('keeps 404 for paths that exist under no method', async () => {
    expectProblem(await api.client.request('DELETE', '/payins/order-1/nothing', { token }), 404, 'NOT_FOUND');
    expectProblem(await api.client.request('GET', '/payins/!unknownAction', { token }), 404, 'NOT_FOUND');
  });

  it('answers OPTIONS on a known path with Allow', async () => {
    const response = await fetch(`${api.baseUrl}/payins/order-1`, { method: 'OPTIONS' });
    expect(response.status).toBe(204);
    expect(response.headers.get('allow')).toBe('GET, POST, OPTIONS');
  });
});

describe('Authorization', () => {
  beforeAll(async () => {
    token = await api.client.token(await api.createMerchant(), ALL_PAYIN_OPERATIONS);
  });

  it.each(['Bearer', 'bearer', 'BEARER', 'BeArEr'])('accepts the scheme spelled %s', async (scheme) => {
    const response = await api.client.request('GET', '/merchant-info', {
      headers: { authorization: `${scheme} ${token}` },
    });
    expect(response.status).toBe(200);
  });

  it('refuses other schemes with a challenge', async () => {
    const response = await api.client.request('GET', '/merchant-info', {
      headers: { authorization: `Basic ${token}` },
    });
    expectProblem(response, 401, 'TOKEN_INVALID');
    expect(response.headers.get('www-authenticate')).toContain('Bearer');
  });
});

describe('problem instance', () => {
  beforeAll(async () => {
    token = await api.client.token(await api.createMerchant(), ALL_PAYIN_OPERATIONS);
  });

  it('is the request path as a percent-encoded URI reference', async () => {
    const response = await api.client.request('GET', '/payins/%E2%82%AC%20x%22%3C', { token });
    expectProblem(response, 400, 'VALIDATION_FAILED');
    expect(response.body.instance).toBe('/api/payins/%E2%82%AC%20x%22%3C');
    const unknown = await api.client.request('GET', '/n%C3%B6where', { token });
    expect(unknown.body.instance).toBe('/api/n%C3%B6where');
    expect(String(unknown.body.instance)).toMatch(/^[\x21-\x7e]+$/);
  });

  it('escapes a stray percent sign, so a client can always parse it', async () => {
    const response = await api.client.request('GET', '/payins/a%ZZb%', { token });
    expect(response.headers.get('content-type')).toBe('application/problem+json');
    expect(response.body.instance).toBe('/api/payins/a%25ZZb%25');
    expect(() => decodeURI(String(response.body.instance))).not.toThrow();
  });
});

describe('CORS (payment-scoped tokens may be used from browsers)', () => {
  const origin = 'https://shop.example';
  beforeAll(async () => {
    merchant = await api.createMerchant();
    token = await api.client.token(merchant, ALL_PAYIN_OPERATIONS);
  });

  it('answers preflights of known paths for any origin', async () => {
    const response = await fetch(`${api.baseUrl}/payins/order-1`, {
      method: 'OPTIONS',
      headers: {
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type, x-api-version',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-methods')).toBe('GET, POST');
    expect(response.headers.get('access-control-allow-headers')).toContain('authorization');
    expect(response.headers.get('access-control-allow-headers')).toContain('x-api-version');
    expect(response.headers.get('access-control-allow-credentials')).toBeNull();
    const unknown = await fetch(`${api.baseUrl}/nowhere`, {
      method: 'OPTIONS',
      headers: { origin, 'access-control-request-method': 'GET' },
    });
    expect(unknown.status).toBe(404);
  });

  it('serves a payment-scoped token from any origin, and its problems are readable there', async () => {
    const id = newIdPayin();
    const customerToken = await api.client.tokenByAction(merchant, 'PAYIN_CREATE', id);
    const created = await api.client.request('POST', `/payins/${id}`, {
      token: customerToken,
      body: payinRequest(),
      headers: { origin },
    });
    expect(created.status).toBe(201);
    expect(created.headers.get('access-control-allow-origin')).toBe('*');
    expect(created.headers.get('access-control-expose-headers')).toContain('x-request-id');
    const duplicate = await api.client.request('POST', `/payins/${id}`, {
      token: customerToken,
      body: payinRequest(),
      headers: { origin },
    });
    expectProblem(duplicate, 409, 'PAYIN_ALREADY_EXISTS');
    expect(duplicate.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('refuses general tokens and the merchant secret from browsers with a clear problem', async () => {
    const general = await api.client.request('GET', '/merchant-info', { token, headers: { origin } });
    expectProblem(general, 403, 'BROWSER_NOT_ALLOWED');
    expect(general.headers.get('access-control-allow-origin')).toBe('*');
    expect(general.body.detail).toMatch(/payment-scoped/);
    const secret = await api.client.request('POST', '/auth-tokens', {
      body: { merchantCode: merchant.merchantCode, secret: merchant.secret, operations: ['GET /x'] },
      headers: { origin },
    });
    expectProblem(secret, 403, 'BROWSER_NOT_ALLOWED');
    // The same requests from a server (no Origin) are served.
    expect((await api.client.request('GET', '/merchant-info', { token })).status).toBe(200);
  });
});

describe('comma-separated query lists', () => {
  type Operators = { data: { paymentMethodCode: string; currencyCode: string }[] };
  const operators = async (query: string) => {
    const fresh = await api.client.token(await api.createMerchant(), ['GET /payment-operators']);
    return api.client.request<Operators>('GET', `/payment-operators${query}`, { token: fresh });
  };

  it('ignores unsupported or invalid values', async () => {
    const response = await operators('?paymentMethodCodes=QRMY,NOPE,%00,&currencyCodes=MYR,XXX');
    expect(response.status).toBe(200);
    expect(new Set(response.body.data.map((entry) => entry.paymentMethodCode))).toEqual(new Set(['QRMY']));
    expect(new Set(response.body.data.map((entry) => entry.currencyCode))).toEqual(new Set(['MYR']));
  });

  it('treats a list of only invalid values as if the parameter were absent', async () => {
    const all = await operators('');
    const onlyInvalid = await operators('?paymentMethodCodes=NOPE,,x&currencyCodes=ZZZ');
    expect(onlyInvalid.status).toBe(200);
    expect(onlyInvalid.body.data).toEqual(all.body.data);
    expect(all.body.data.length).toBeGreaterThan(10);
  });
});
