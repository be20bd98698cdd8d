import type { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_PAYIN_OPERATIONS } from '../support/api-client';
import { newIdPayin, payinRequest } from '../support/builders';
import { expectProblem } from '../support/problem';
import { openSocket, rawExchange } from '../support/raw-http';
import { startTestApi, type TestApi } from '../support/test-api';

let api: TestApi;
let port: number;

beforeAll(async () => {
  api = await startTestApi({ HTTP_HEADERS_TIMEOUT_SECS: '1', HTTP_REQUEST_TIMEOUT_SECS: '1' });
  port = Number(new URL(api.baseUrl).port);
});
afterAll(() => api.close());

function expectRawProblem(
  response: { status: number; headers: Record<string, string>; body: string },
  status: number,
  code: string,
) {
  expect(response.status).toBe(status);
  expect(response.headers['content-type']).toBe('application/problem+json');
  expect(JSON.parse(response.body)).toMatchObject({ status, code });
}

describe('request targets and Host', () => {
  it('answers "GET *" with a problem, and "OPTIONS *" with what the server allows', async () => {
    expectRawProblem(await rawExchange(port, ['GET * HTTP/1.1\r\nHost: x\r\n\r\n']), 400, 'BAD_REQUEST');
    const options = await rawExchange(port, ['OPTIONS * HTTP/1.1\r\nHost: x\r\n\r\n']);
    expect(options.status).toBe(204);
    expect(options.headers.allow).toBe('GET, POST, OPTIONS');
  });

  it('serves HTTP/1.0 without Host, with problem+json for errors', async () => {
    const health = await rawExchange(port, ['GET /api/health HTTP/1.0\r\n\r\n']);
    expect(health.status).toBe(200);
    expect(JSON.parse(health.body)).toEqual({ status: 'ok', database: 'up' });
    expectRawProblem(
      await rawExchange(port, ['GET /api/nowhere HTTP/1.0\r\nX-API-Version: 2\r\n\r\n']),
      404,
      'NOT_FOUND',
    );
  });

  it('refuses HTTP/1.1 without Host, and malformed Hosts, with problem+json', async () => {
    expectRawProblem(await rawExchange(port, ['GET /api/health HTTP/1.1\r\n\r\n']), 400, 'BAD_REQUEST');
    for (const host of ['a b', 'x:99999', '[::1', 'exa%mple.com', 'user@host', 'a/b']) {
      expectRawProblem(
        await rawExchange(port, [`GET /api/health HTTP/1.1\r\nHost: ${host}\r\n\r\n`]),
        400,
        'BAD_REQUEST',
      );
    }
  });

  it('takes the absolute form of a request target', async () => {
    const response = await rawExchange(port, [
      'GET http://example.com/api/health HTTP/1.1\r\nHost: x\r\n\r\n',
    ]);
    expect(response.status).toBe(200);
    expectRawProblem(
      await rawExchange(port, ['GET http://[bad/api HTTP/1.1\r\nHost: x\r\n\r\n']),
      400,
      'BAD_REQUEST',
    );
  });
});

describe('slow clients', () => {
  it('times out headers that never finish', async () => {
    const response = await rawExchange(port, ['GET /api/health HTTP/1.1\r\nHost: x\r\n'], 10_000);
    expect(response.closed).toBe(true);
    expect([0, 408]).toContain(response.status);
  });

  it('times out a body that never finishes', async () => {
    const response = await rawExchange(
      port,
      [
        'POST /api/auth-tokens HTTP/1.1\r\nHost: x\r\nX-API-Version: 2\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"merch',
      ],
      10_000,
    );
    expect(response.closed).toBe(true);
    expect([0, 408]).toContain(response.status);
  });
});

describe('connections per address', () => {
  it('refuses connections beyond the limit with a problem, and takes new ones once some close', async () => {
    const limited = await startTestApi({ MAX_CONNECTIONS_PER_ADDRESS: '4' });
    const limitedPort = Number(new URL(limited.baseUrl).port);
    const held: Socket[] = [];
    try {
      // Set-up over connections that close, so none is left open to count against the limit.
      const merchant = await limited.createMerchant();
      const json = (method: string, path: string, body?: unknown, token?: string) => {
        const text = body === undefined ? '' : JSON.stringify(body);
        return `${method} /api${path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\nX-API-Version: 2\r\n${
          token ? `Authorization: Bearer ${token}\r\n` : ''
        }Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(text)}\r\n\r\n${text}`;
      };
      const issued = await rawExchange(limitedPort, [
        json('POST', '/auth-tokens', {
          merchantCode: merchant.merchantCode,
          secret: merchant.secret,
          operations: ALL_PAYIN_OPERATIONS,
        }),
      ]);
      const { token } = JSON.parse(issued.body) as { token: string };
      await new Promise((resolve) => setTimeout(resolve, 100));

      for (let i = 0; i < 4; i++) held.push(await openSocket(limitedPort));
      const refused = await rawExchange(limitedPort, ['GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n']);
      expectRawProblem(refused, 503, 'SERVICE_UNAVAILABLE');
      // A request sent on a refused connection anyway is not carried out.
      const id = newIdPayin();
      await rawExchange(limitedPort, [json('POST', `/payins/${id}`, payinRequest(), token)], 1000);
      held.pop()!.destroy();
      await new Promise((resolve) => setTimeout(resolve, 100));
      const served = await rawExchange(limitedPort, ['GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n']);
      expect(served.status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 100));
      const notCreated = await rawExchange(limitedPort, [json('GET', `/payins/${id}`, undefined, token)]);
      expectRawProblem(notCreated, 404, 'PAYIN_NOT_FOUND');
    } finally {
      for (const socket of held) socket.destroy();
      await limited.close();
    }
  });
});

describe('bad bytes', () => {
  it('refuses NUL and control characters in stored text as invalid input, never a server error', async () => {
    const merchant = await api.createMerchant();
    const token = await api.client.token(merchant, ALL_PAYIN_OPERATIONS);
    const id = newIdPayin();
    for (const paymentMethod of [
      { paymentMethodCode: 'OFFLINE', account: { accountName: 'A\u0000B' } },
      { paymentMethodCode: 'OFFLINE', account: { accountNumber: '12\u000034' } },
      { paymentMethodCode: 'OFFLINE', productId: 'p\u0000' },
      { paymentMethodCode: 'OFFLINE', emailAddress: 'a\u0000@example.com' },
    ]) {
      const response = await api.client.request('POST', `/payins/${id}`, {
        token,
        body: payinRequest({ paymentMethod }),
      });
      expectProblem(response, 400, 'VALIDATION_FAILED');
    }
    expect((await api.client.request('POST', `/payins/${id}`, { token, body: payinRequest() })).status).toBe(
      201,
    );
    const reference = await api.client.request('POST', `/payins/${id}/!setExternalReference`, {
      token,
      body: { reference: '1234\u000056' },
    });
    expectProblem(reference, 400, 'VALIDATION_FAILED');
    for (const path of [`/payins/a%00b`, '/payins/%', '/payins/%E0%A4', '/payins/a%2Fb']) {
      const response = await api.client.request('GET', path, { token });
      expect(response.status, path).toBeGreaterThanOrEqual(400);
      expect(response.status, path).toBeLessThan(500);
    }
  });
});
