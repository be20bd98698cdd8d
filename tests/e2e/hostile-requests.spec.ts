import { expect, test } from '@playwright/test';
import { rawExchange, type RawResponse } from '../support/raw-http';
import { api, BASE_URL, customerToken, newOrderId } from './support/payments';

const port = Number(new URL(BASE_URL).port);
const get = (path: string, headers: Record<string, string> = {}) =>
  rawExchange(port, [
    `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n${Object.entries(headers)
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('')}Connection: close\r\n\r\n`,
  ]);

function expectProblem(response: RawResponse, status: number, code: string) {
  expect(response.status).toBe(status);
  expect(response.headers['content-type']).toBe('application/problem+json');
  expect(JSON.parse(response.body)).toMatchObject({ status, code });
}

/** A payin of e2e-shop, created, with its customer token. */
async function payment() {
  const idPayin = newOrderId();
  const token = await customerToken('e2e-shop', idPayin);
  const created = await api('POST', `/payins/${idPayin}`, {
    token,
    body: {
      paymentRequested: { money: { amount: 100, currencyCode: 'THB' } },
      paymentMethod: { paymentMethodCode: 'OFFLINE' },
      callbackUrl: 'http://127.0.0.1:9/callbacks',
      returnUrl: 'https://shop.example/thanks',
    },
  });
  expect(created.status).toBe(201);
  return { idPayin, token };
}

test.describe('hostile requests to the hosted app never get a 500', () => {
  test('malformed percent-encoding in payment paths is a 400 problem', async () => {
    for (const path of ['/pay/x/%', '/pay/e2e-shop/%E0%A4', '/pay/%/x/bff/payin', '/sandbox/institution/%']) {
      expectProblem(await get(path), 400, 'BAD_REQUEST');
    }
  });

  test('a payment path is decoded once: %25 stays a percent sign, never a second escape', async () => {
    const { idPayin, token } = await payment();
    const cookie = { cookie: `payin_session=${token}` };
    const direct = await get(`/pay/e2e-shop/${idPayin}/bff/payin`, cookie);
    expect(direct.status).toBe(200);
    // "%25" + hex of the first character: decoded twice it would name the same payin.
    const hex = idPayin.charCodeAt(0).toString(16);
    const twice = await get(`/pay/e2e-shop/%25${hex}${idPayin.slice(1)}/bff/payin`, cookie);
    expect(twice.status).toBeGreaterThanOrEqual(400);
    expect(twice.status).toBeLessThan(500);
    const percent = await get('/pay/e2e-shop/%25/bff/payin', cookie);
    expect(percent.status).toBeGreaterThanOrEqual(400);
    expect(percent.status).toBeLessThan(500);
    const page = await get(`/pay/e2e-shop/%25${hex}${idPayin.slice(1)}`, cookie);
    expect(page.status).toBeLessThan(500);
  });

  test('a malformed X-Forwarded-Host is ignored, and an untrusted one never becomes the origin', async () => {
    const idPayin = newOrderId();
    const token = await customerToken('e2e-shop', idPayin);
    const arrival = `/?merchantCode=e2e-shop&idPayin=${idPayin}&token=${token}&amount=1&currencyCode=THB`;
    for (const host of ['a b/c', '[', 'evil.example:99999', 'x\u00e9']) {
      const response = await get(arrival, { 'x-forwarded-host': host });
      expect(response.status, host).toBe(303);
      // Relative, or absolute on the host the browser used: never on the forwarded one.
      expect(response.headers.location, host).toMatch(
        new RegExp(`^(?:http://127\\.0\\.0\\.1:${port})?/pay/`),
      );
    }
  });

  test('hosted app bodies are capped like the API, and need a length', async () => {
    const { idPayin } = await payment();
    const path = `/pay/e2e-shop/${idPayin}/bff/payin`;
    const big = await rawExchange(port, [
      `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 100000\r\n\r\n`,
    ]);
    expectProblem(big, 413, 'PAYLOAD_TOO_LARGE');
    const chunked = await rawExchange(port, [
      `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/x-www-form-urlencoded\r\nTransfer-Encoding: chunked\r\n\r\n3\r\na=b\r\n0\r\n\r\n`,
    ]);
    expectProblem(chunked, 411, 'LENGTH_REQUIRED');
  });

  test('GET *, and HTTP/1.0 without Host, get answers rather than errors', async () => {
    expectProblem(
      await rawExchange(port, [`GET * HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`]),
      400,
      'BAD_REQUEST',
    );
    const old = await rawExchange(port, ['GET /api/health HTTP/1.0\r\n\r\n']);
    expect(old.status).toBe(200);
    const page = await rawExchange(port, ['GET /?merchantCode=e2e-shop HTTP/1.0\r\n\r\n']);
    expect(page.status).toBeLessThan(500);
  });
});
