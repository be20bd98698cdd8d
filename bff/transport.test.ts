import { describe, expect, it } from 'vitest';
import { patiently, retryDelayMs } from './transport';

const problem = (code: string, retryAfter = '0') =>
  new Response(JSON.stringify({ code }), {
    status: 429,
    headers: { 'content-type': 'application/problem+json', 'retry-after': retryAfter },
  });

describe('retryDelayMs', () => {
  it('waits what Retry-After says, within 0.2–2 s, and a second when it says nothing usable', () => {
    expect(retryDelayMs('1')).toBe(1000);
    expect(retryDelayMs('0')).toBe(200);
    expect(retryDelayMs('30')).toBe(2000);
    expect(retryDelayMs(undefined)).toBe(1000);
    expect(retryDelayMs('soon')).toBe(1000);
  });
});

describe('patiently', () => {
  it('sends a rate-limited request again, body and all, until it is answered', async () => {
    const bodies: string[] = [];
    const answers = [problem('RATE_LIMITED'), new Response('{"ok":true}', { status: 201 })];
    const send = patiently(async (request) => {
      bodies.push(await request.text());
      return answers.shift()!;
    });
    const response = await send(new Request('http://api/payins/1', { method: 'POST', body: '{"a":1}' }));
    expect(response.status).toBe(201);
    expect(bodies).toEqual(['{"a":1}', '{"a":1}']);
  });

  it('gives up after two retries, and never waits on a lockout', async () => {
    let calls = 0;
    const limited = patiently(() => {
      calls++;
      return Promise.resolve(problem('RATE_LIMITED'));
    });
    expect((await limited(new Request('http://api/x'))).status).toBe(429);
    expect(calls).toBe(3);
    calls = 0;
    const locked = patiently(() => {
      calls++;
      return Promise.resolve(problem('TOO_MANY_FAILED_ATTEMPTS', '60'));
    });
    const answer = await locked(new Request('http://api/auth-tokens', { method: 'POST', body: '{}' }));
    expect(calls).toBe(1);
    expect(await answer.json()).toEqual({ code: 'TOO_MANY_FAILED_ATTEMPTS' });
  });
});
