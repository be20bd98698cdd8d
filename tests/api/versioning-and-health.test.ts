import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi, type TestMerchant } from '../support/test-api';
import { expectProblem } from '../support/problem';
import { ALL_PAYIN_OPERATIONS } from '../support/api-client';

let api: TestApi;
let merchant: TestMerchant;
let token: string;

beforeAll(async () => {
  api = await startTestApi();
  merchant = await api.createMerchant();
  token = await api.client.token(merchant, ALL_PAYIN_OPERATIONS);
});
afterAll(() => api.close());

describe('health', () => {
  it('answers 200 JSON without a token or a version header', async () => {
    const response = await api.client.request('GET', '/health', { version: null });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.body).toEqual({ status: 'ok', database: 'up' });
  });
});

describe('probes', () => {
  it('say live and ready, without a token or a version header', async () => {
    const live = await api.client.request('GET', '/health/live', { version: null });
    expect([live.status, live.body]).toEqual([200, { status: 'ok' }]);
    expect(live.headers.get('cache-control')).toBe('no-store');
    const ready = await api.client.request('GET', '/health/ready', { version: null });
    expect([ready.status, ready.body]).toEqual([
      200,
      // The tests run background work themselves (BACKGROUND_WORKERS=false).
      { status: 'ready', database: 'up', migrations: 'current', workers: 'disabled' },
    ]);
  });

  it('answer not ready while starting, with workers not yet running, and from stopping on; live all along', async () => {
    const other = await startTestApi({ BACKGROUND_WORKERS: 'true' });
    try {
      const ready = () => other.client.request('GET', '/health/ready', { version: null });
      // Listening, but its workers have not started (main starts them right after listening).
      const noWorkers = await ready();
      expectProblem(noWorkers, 503, 'SERVICE_UNAVAILABLE');
      expect(noWorkers.body.detail).toBe('The background workers have not started.');
      other.runtime.deps.lifecycle.markWorkersStarted();
      expect((await ready()).body).toMatchObject({ status: 'ready', workers: 'started' });
      other.runtime.deps.lifecycle.markStopping();
      const stopping = await ready();
      expectProblem(stopping, 503, 'SERVICE_UNAVAILABLE');
      expect(stopping.body.detail).toBe('The instance is stopping.');
      expect(stopping.headers.get('retry-after')).toBe('1');
      expect((await other.client.request('GET', '/health/live', { version: null })).status).toBe(200);
    } finally {
      await other.close();
    }
  });
});

describe('X-API-Version', () => {
  const calls: [string, string, unknown?][] = [
    ['POST', '/auth-tokens', { merchantCode: 'x', secret: 'y', operations: ['GET /x'] }],
    [
      'POST',
      '/auth-tokens-by-action',
      { merchantCode: 'x', secret: 'y', action: 'PAYIN_INFO', idPayment: 'a' },
    ],
    ['POST', '/payins/!availablePaymentOptions', { money: { amount: 1, currencyCode: 'THB' } }],
    ['GET', '/merchant-info'],
    ['POST', '/payins/order-1', {}],
    ['GET', '/payins/order-1'],
    ['GET', '/payins/order-1/accounts'],
    ['POST', '/payins/order-1/!setExternalReference', { reference: '123456789012' }],
  ];

  it.each(calls)('%s %s without the header is 404', async (method, path, body) => {
    const response = await api.client.request(method, path, { token, body, version: null });
    expectProblem(response, 404, 'API_VERSION_UNSUPPORTED');
  });

  it.each(['1', '3', '2.49', '02', 'v2', ''])('version "%s" is 404', async (version) => {
    const response = await api.client.request('GET', '/merchant-info', { token, version });
    expectProblem(response, 404, 'API_VERSION_UNSUPPORTED');
  });

  it('version 2 is served', async () => {
    const response = await api.client.request('GET', '/merchant-info', { token });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      channelInfo: { name: 'Test Shop' },
      isTest: true,
      customerEmails: false,
    });
  });
});

describe('unknown routes and request ids', () => {
  it('answers problem+json for an unknown path', async () => {
    expectProblem(await api.client.request('GET', '/nowhere', { token }), 404, 'NOT_FOUND');
    expectProblem(
      await api.client.request('POST', '/payins/!unknownAction', { token, body: {} }),
      404,
      'NOT_FOUND',
    );
  });

  it('echoes a well-formed X-Request-Id and generates one otherwise', async () => {
    const echoed = await api.client.request('GET', '/health', { headers: { 'x-request-id': 'abc-123' } });
    expect(echoed.headers.get('x-request-id')).toBe('abc-123');
    const generated = await api.client.request('GET', '/nowhere', {
      headers: { 'x-request-id': 'not a valid id' },
    });
    expect(generated.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{13}-[0-9a-z]{8,}$/);
    expect(generated.body.requestId).toBe(generated.headers.get('x-request-id'));
  });
});

describe('OpenAPI document and reference', () => {
  it('documents every payin endpoint of the specification', async () => {
    const response = await api.client.request<{
      openapi: string;
      paths: Record<string, Record<string, { requestBody?: unknown }>>;
    }>('GET', '/openapi.json', { version: null });
    expect(response.status).toBe(200);
    expect(response.body.openapi).toBe('3.1.0');
    const paths = response.body.paths;
    for (const [path, method] of [
      ['/auth-tokens', 'post'],
      ['/auth-tokens-by-action', 'post'],
      ['/payins/!availablePaymentOptions', 'post'],
      ['/merchant-info', 'get'],
      ['/payins/{idPayin}', 'post'],
      ['/payins/{idPayin}', 'get'],
      ['/payins/{idPayin}/accounts', 'get'],
      ['/payins/{idPayin}/!setExternalReference', 'post'],
    ] as const) {
      expect(paths[path]?.[method], `${method} ${path}`).toBeDefined();
    }
    expect(JSON.stringify(paths['/payins/{idPayin}']?.post?.requestBody)).toContain('CreatePayinRequest');
  });

  it('serves a readable reference page without scripts', async () => {
    const response = await fetch(`${api.baseUrl}/reference`);
    const html = await response.text();
    expect(response.status).toBe(200);
    expect(html).toContain('POST /payins/{idPayin}');
    expect(html).toContain('id="schema-OfflineMethod"');
    expect(html).toContain('id="schema-VaPayMethodResponse"');
    expect(html).not.toContain('<script');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
  });
});

describe('an unreachable database', () => {
  it('turns health into a 503 problem without internals', async () => {
    const broken = await startTestApi();
    await broken.runtime.database.close();
    const response = await broken.client.request('GET', '/health', { version: null });
    expectProblem(response, 503, 'SERVICE_UNAVAILABLE');
    // Not ready either; still live: a restart would not bring the database back.
    expectProblem(
      await broken.client.request('GET', '/health/ready', { version: null }),
      503,
      'SERVICE_UNAVAILABLE',
    );
    expect((await broken.client.request('GET', '/health/live', { version: null })).status).toBe(200);
    await broken.close().catch(() => undefined);
  });
});
