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
    expect(options.headers.allow).toBe('GET, POST, DELETE, OPTIONS');
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

describe('requests the HTTP parser refuses', () => {
  it('answers each with problem+json naming what is wrong, and closes the connection', async () => {
    const cases: [string, number, string, string][] = [
      ['GET /api/payins/x HTTP/1.1\r\nHost: x\r\nBad Header: y\r\n\r\n', 400, 'BAD_REQUEST', '/api/payins/x'],
      ['GARBAGE\r\n\r\n', 400, 'BAD_REQUEST', '/'],
      ['GET /api/\u00e4 HTTP/1.1\r\nHost: x\r\n\r\n', 400, 'BAD_REQUEST', '/api/%E4'],
      [
        'POST /api/auth-tokens HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n{}',
        400,
        'BAD_REQUEST',
        '/api/auth-tokens',
      ],
      [
        'POST /api/auth-tokens HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nZZZ\r\n',
        400,
        'BAD_REQUEST',
        '/api/auth-tokens',
      ],
      [
        `GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
        431,
        'HEADERS_TOO_LARGE',
        '/api/health',
      ],
    ];
    for (const [request, status, code, instance] of cases) {
      const response = await rawExchange(port, [request]);
      expectRawProblem(response, status, code);
      expect(JSON.parse(response.body)).toMatchObject({ instance });
      expect(response.headers.connection).toBe('close');
    }
  });

  it('refuses a backslash in the path (URL parsers read it as a slash), not in the query', async () => {
    const backslash = await rawExchange(port, ['GET /api/payins/a\\b HTTP/1.1\r\nHost: x\r\n\r\n']);
    expectRawProblem(backslash, 400, 'BAD_REQUEST');
    expect(JSON.parse(backslash.body)).toMatchObject({
      detail: 'The path holds a backslash: percent-encode it as %5C.',
      instance: '/api/payins/a%5Cb',
    });
    const inQuery = await rawExchange(port, ['GET /api/health?x=a\\b HTTP/1.1\r\nHost: x\r\n\r\n']);
    expect(inQuery.status).toBe(200);
  });
});

describe('fuzzed requests', () => {
  it('answer every error with problem+json and never with a 5xx', async () => {
    // A seeded generator: the same 400 mutations of valid requests each run.
    let seed = 20_261_124;
    const random = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed % n;
    };
    const bytes = '\\%\u0000\u0001\t "<>{}|^`\u007f\u0080\u00ff?#/.;=&:@[]';
    const pick = (text: string) => text[random(text.length)]!;
    const mutate = (text: string) => {
      const at = random(text.length + 1);
      return text.slice(0, at) + pick(bytes) + text.slice(at + random(3));
    };
    const targets = [
      '/api/payins/order-1',
      '/api/health',
      '/api/auth-tokens',
      '/api/payins?status=SUCCESS',
      '/api/',
    ];
    const failures: string[] = [];
    for (let i = 0; i < 400; i++) {
      const target = targets[i % targets.length]!;
      const method = ['GET', 'POST', 'PUT', 'G\u00e9T', 'DELETE'][random(5)]!;
      const headerName = random(4) === 0 ? mutate('X-API-Version') : 'X-API-Version';
      const request =
        `${method} ${random(3) === 0 ? target : mutate(target)} HTTP/1.1\r\nHost: x\r\n` +
        `${headerName}: ${random(4) === 0 ? mutate('2') : '2'}\r\nConnection: close\r\n\r\n`;
      const response = await rawExchange(port, [request], 2000);
      const problem = response.headers['content-type'] === 'application/problem+json';
      if (response.status >= 500 || (response.status >= 400 && !problem) || response.status === 0)
        failures.push(
          `${JSON.stringify(request.slice(0, 80))} → ${response.status} ${response.headers['content-type']}`,
        );
      if (problem) {
        const { instance } = JSON.parse(response.body) as { instance: string };
        if (!/^\/[\x21-\x7e]*$/.test(instance) || /%(?![0-9A-F]{2})/i.test(instance))
          failures.push(`instance ${JSON.stringify(instance)} of ${JSON.stringify(request.slice(0, 80))}`);
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);
});

describe('slow clients', () => {
  it('times out headers that never finish', async () => {
    const response = await rawExchange(port, ['GET /api/health HTTP/1.1\r\nHost: x\r\n'], 10_000);
    expectRawProblem(response, 408, 'REQUEST_TIMEOUT');
    expect(response.headers.connection).toBe('close');
  });

  it('times out a body that never finishes', async () => {
    const response = await rawExchange(
      port,
      [
        'POST /api/auth-tokens HTTP/1.1\r\nHost: x\r\nX-API-Version: 2\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"merch',
      ],
      10_000,
    );
    expectRawProblem(response, 408, 'REQUEST_TIMEOUT');
    expect(response.headers.connection).toBe('close');
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
