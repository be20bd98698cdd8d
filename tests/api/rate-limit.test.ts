import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_PAYIN_OPERATIONS } from '../support/api-client';
import { newIdPayin, payinRequest } from '../support/builders';
import { expectProblem } from '../support/problem';
import { manualClock, startTestApi, type TestApi } from '../support/test-api';

// The windows are counted by a clock the tests move: "10 in a second" holds however slow the machine is.
const clock = manualClock();
let api: TestApi;

beforeAll(async () => {
  api = await startTestApi({}, { rateLimitClock: clock });
});
afterAll(() => api.close());

describe('10 requests per second per merchant', () => {
  it('refuses the 11th request with 429 and Retry-After, and does not process it', async () => {
    const merchant = await api.createMerchant();
    const token = await api.client.token(merchant, ALL_PAYIN_OPERATIONS);
    const ids = Array.from({ length: 10 }, () => newIdPayin());
    // The token request was the first of ten; nine creates fill the budget, the tenth create is the 11th request.
    const responses = [];
    for (const id of ids)
      responses.push(await api.client.request('POST', `/payins/${id}`, { token, body: payinRequest() }));
    expect(responses.slice(0, 9).map((response) => response.status)).toEqual(Array(9).fill(201));
    const refused = responses[9]!;
    expectProblem(refused, 429, 'RATE_LIMITED');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(refused.headers.get('ratelimit-policy')).toContain('q=10');

    clock.advance(Number(refused.headers.get('retry-after')) * 1000 + 50);
    const notCreated = await api.client.request('GET', `/payins/${ids[9]}`, { token });
    expectProblem(notCreated, 404, 'PAYIN_NOT_FOUND');
    expect((await api.client.request('GET', `/payins/${ids[0]}`, { token })).status).toBe(200);
  });

  it('counts successful token requests in the merchant budget, and wrong secrets nowhere in it', async () => {
    const merchant = await api.createMerchant();
    for (let i = 0; i < 15; i++) {
      const wrong = await api.client.request('POST', '/auth-tokens', {
        body: { merchantCode: merchant.merchantCode, secret: 'wrong-secret', operations: ['GET /x'] },
        headers: { 'x-forwarded-for': `198.51.100.${i}` },
      });
      expectProblem(wrong, 401, 'INVALID_CREDENTIALS');
    }
    const statuses = [];
    for (let i = 0; i < 11; i++) {
      const response = await api.client.request('POST', '/auth-tokens', {
        body: { merchantCode: merchant.merchantCode, secret: merchant.secret, operations: ['GET /x'] },
      });
      statuses.push(response.status);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(200));
    expect(statuses[10]).toBe(429);
  });

  it("gives a token confined to one payin its own budget, so customers cannot exhaust the merchant's", async () => {
    const merchant = await api.createMerchant();
    const id = newIdPayin();
    const customerToken = await api.client.tokenByAction(merchant, 'PAYIN_CREATE', id);
    const merchantToken = await api.client.token(merchant, ['GET /merchant-info']);
    // The merchant's budget: two token requests so far, eight more calls fill it.
    for (let i = 0; i < 8; i++)
      expect((await api.client.request('GET', '/merchant-info', { token: merchantToken })).status).toBe(200);
    expectProblem(
      await api.client.request('GET', '/merchant-info', { token: merchantToken }),
      429,
      'RATE_LIMITED',
    );
    // The customer's page still works, with ten requests of its own.
    expect(
      (await api.client.request('POST', `/payins/${id}`, { token: customerToken, body: payinRequest() }))
        .status,
    ).toBe(201);
    for (let i = 0; i < 9; i++)
      expect((await api.client.request('GET', `/payins/${id}`, { token: customerToken })).status).toBe(200);
    expectProblem(
      await api.client.request('GET', `/payins/${id}`, { token: customerToken }),
      429,
      'RATE_LIMITED',
    );
  });

  it('holds "10 in any second" with requests released together', async () => {
    const merchant = await api.createMerchant();
    const token = await api.client.token(merchant, ['GET /merchant-info']);
    const responses = await Promise.all(
      Array.from({ length: 15 }, () => api.client.request('GET', '/merchant-info', { token })),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(9);
    expect(statuses.filter((status) => status === 429)).toHaveLength(6);
  });
});
