import { networkInterfaces } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_PAYIN_OPERATIONS, type ApiResponse } from '../support/api-client';
import { newIdPayin } from '../support/builders';
import { expectProblem } from '../support/problem';
import { startTestApi, type TestApi, type TestMerchant } from '../support/test-api';

// Tests reach the API over loopback, whose X-Forwarded-For is trusted (it is how the hosted app
// passes on its customers' addresses), so each test plays clients at addresses of its choosing.
let api: TestApi;

beforeAll(async () => {
  api = await startTestApi({
    AUTH_FAILURES_PER_ADDRESS: '5',
    AUTH_FAILURES_PER_MERCHANT: '8',
    RATE_LIMIT_MERCHANT_CEILING: '15',
  });
});
afterAll(() => api.close());

let addressSequence = 0;
/** A fresh client address (TEST-NET-3, RFC 5737). */
const newAddress = () => `203.0.113.${++addressSequence}`;

function requestToken(
  merchant: TestMerchant,
  secret: string,
  address: string,
): Promise<ApiResponse<{ token: string }>> {
  return api.client.request('POST', '/auth-tokens', {
    body: { merchantCode: merchant.merchantCode, secret, operations: ALL_PAYIN_OPERATIONS },
    headers: { 'x-forwarded-for': address },
  });
}

describe('failed authentication', () => {
  it("never spends the merchant's budget: strangers with wrong secrets are locked out, the merchant is not", async () => {
    const merchant = await api.createMerchant();
    const attacker = newAddress();
    const merchantServer = newAddress();
    const attempts = [];
    for (let i = 0; i < 12; i++) attempts.push(await requestToken(merchant, 'guess-guess-guess', attacker));
    for (const response of attempts.slice(0, 5)) expectProblem(response, 401, 'INVALID_CREDENTIALS');
    // Five failures fill the address's budget: from then on it is locked out, before any check.
    for (const response of attempts.slice(5)) {
      expectProblem(response, 429, 'TOO_MANY_FAILED_ATTEMPTS');
      expect(Number(response.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    }
    // Even the right secret from the locked address waits.
    expectProblem(await requestToken(merchant, merchant.secret, attacker), 429, 'TOO_MANY_FAILED_ATTEMPTS');

    // The merchant's own budget is untouched: a token request and nine calls, all answered.
    const issued = await requestToken(merchant, merchant.secret, merchantServer);
    expect(issued.status).toBe(200);
    for (let i = 0; i < 9; i++) {
      const call = await api.client.request('GET', '/merchant-info', {
        token: issued.body.token,
        headers: { 'x-forwarded-for': merchantServer },
      });
      expect(call.status).toBe(200);
    }
  });

  it('closes a merchant code under attack to strangers and keeps it open to addresses that authenticated before', async () => {
    const merchant = await api.createMerchant();
    const merchantServer = newAddress();
    expect((await requestToken(merchant, merchant.secret, merchantServer)).status).toBe(200);
    // Eight strangers, one failure each: no address is locked, the code is.
    for (let i = 0; i < 8; i++) {
      expectProblem(
        await requestToken(merchant, 'guess-guess-guess', newAddress()),
        401,
        'INVALID_CREDENTIALS',
      );
    }
    expectProblem(
      await requestToken(merchant, 'guess-guess-guess', newAddress()),
      429,
      'TOO_MANY_FAILED_ATTEMPTS',
    );
    // A new address is refused even with the right secret while the attack lasts...
    expectProblem(
      await requestToken(merchant, merchant.secret, newAddress()),
      429,
      'TOO_MANY_FAILED_ATTEMPTS',
    );
    // ...the merchant's own server is not, and other merchants are not affected.
    expect((await requestToken(merchant, merchant.secret, merchantServer)).status).toBe(200);
    const other = await api.createMerchant();
    expect((await requestToken(other, other.secret, newAddress())).status).toBe(200);
  });

  it('answers unknown merchant codes like wrong secrets and counts them against the address', async () => {
    const address = newAddress();
    const stranger = { merchantCode: 'no-such-merchant', secret: 'x', callbackSecret: '' };
    for (let i = 0; i < 5; i++) {
      expectProblem(await requestToken(stranger, 'guess-guess-guess', address), 401, 'INVALID_CREDENTIALS');
    }
    expectProblem(
      await requestToken(stranger, 'guess-guess-guess', address),
      429,
      'TOO_MANY_FAILED_ATTEMPTS',
    );
  });

  it('counts forged and expired bearer tokens against the address only', async () => {
    const merchant = await api.createMerchant();
    const address = newAddress();
    const token = await api.client.token(merchant, ['GET /merchant-info']);
    const [header, payload] = token.split('.');
    const forged = `${header}.${payload}.${'A'.repeat(43)}`;
    const answers = [];
    for (let i = 0; i < 7; i++) {
      answers.push(
        await api.client.request('GET', '/merchant-info', {
          token: forged,
          headers: { 'x-forwarded-for': address },
        }),
      );
    }
    for (const response of answers.slice(0, 5)) expectProblem(response, 401, 'TOKEN_INVALID');
    for (const response of answers.slice(5)) expectProblem(response, 429, 'TOO_MANY_FAILED_ATTEMPTS');
    // The merchant's token still works from anywhere, and its budget holds its ten.
    for (let i = 0; i < 9; i++) {
      expect((await api.client.request('GET', '/merchant-info', { token })).status).toBe(200);
    }
  });

  it('refuses malformed merchant codes (NUL bytes included) as invalid input, not a server error', async () => {
    for (const merchantCode of ['demo\u0000', '', 'a'.repeat(65), 'ü', '../x']) {
      const response = await api.client.request('POST', '/auth-tokens', {
        body: { merchantCode, secret: 'x', operations: ['GET /x'] },
        headers: { 'x-forwarded-for': newAddress() },
      });
      expectProblem(response, 400, 'VALIDATION_FAILED');
    }
  });
});

describe('the merchant-wide ceiling on payment-scoped tokens', () => {
  it("bounds what all of a merchant's customer pages may do together, leaving its own budget alone", async () => {
    const merchant = await api.createMerchant();
    const ids = [newIdPayin(), newIdPayin(), newIdPayin()];
    const tokens = await Promise.all(ids.map((id) => api.client.tokenByAction(merchant, 'PAYIN_INFO', id)));
    const general = await api.client.token(merchant, ['GET /merchant-info']);
    // 3 payments × 8 requests released together: each payment is within its 10, the ceiling is 15.
    const responses = await Promise.all(
      ids.flatMap((id, index) =>
        Array.from({ length: 8 }, () =>
          api.client.request('GET', `/payins/${id}`, { token: tokens[index]! }),
        ),
      ),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 404)).toHaveLength(15);
    expect(statuses.filter((status) => status === 429)).toHaveLength(9);
    expectProblem(
      responses.find((response) => response.status === 429)!,
      429,
      'RATE_LIMITED',
    );
    // The merchant's general budget is apart: 5 token requests so far, more calls still pass.
    expect((await api.client.request('GET', '/merchant-info', { token: general })).status).toBe(200);
  });
});

/** An address of this machine that is not loopback, to be a client the server does not trust. */
function outsideAddress(): string | undefined {
  for (const entries of Object.values(networkInterfaces()))
    for (const entry of entries ?? []) if (entry.family === 'IPv4' && !entry.internal) return entry.address;
  return undefined;
}

describe.skipIf(outsideAddress() === undefined)('X-Forwarded-For from a client that is no proxy', () => {
  async function failuresUntilLocked(
    server: TestApi,
    forwardedFor: (i: number) => string,
  ): Promise<number[]> {
    const url = `http://${outsideAddress()}:${new URL(server.baseUrl).port}/api/auth-tokens`;
    const statuses = [];
    for (let i = 0; i < 7; i++) {
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-api-version': '2',
          'x-forwarded-for': forwardedFor(i),
        },
        body: JSON.stringify({ merchantCode: 'nobody', secret: 'guess-guess-guess', operations: ['GET /x'] }),
      });
      statuses.push(response.status);
    }
    return statuses;
  }

  it('is ignored: a client cannot escape its lockout by naming other addresses', async () => {
    const server = await startTestApi({ AUTH_FAILURES_PER_ADDRESS: '5' }, { host: '0.0.0.0' });
    try {
      const statuses = await failuresUntilLocked(server, (i) => `198.51.100.${i}`);
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
    } finally {
      await server.close();
    }
  });

  it('is the client address when the operator trusts the proxy (TRUST_PROXY)', async () => {
    const server = await startTestApi(
      { AUTH_FAILURES_PER_ADDRESS: '5', TRUST_PROXY: 'true' },
      { host: '0.0.0.0' },
    );
    try {
      const statuses = await failuresUntilLocked(server, (i) => `198.51.100.${i}`);
      expect(statuses).toEqual(Array(7).fill(401));
    } finally {
      await server.close();
    }
  });
});
