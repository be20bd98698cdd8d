import { NextRequest } from 'next/server';
import { describe, expect, it } from 'vitest';
import { isConsoleSameOrigin, isSameOrigin } from './requests';

function post(headers: Record<string, string>): NextRequest {
  return new NextRequest('http://0.0.0.0:3000/pay/m/o/bff/confirm', {
    method: 'POST',
    headers: { host: 'pay.example', ...headers },
  });
}

describe('isSameOrigin', () => {
  it('trusts Sec-Fetch-Site when the browser sends it', () => {
    expect(isSameOrigin(post({ 'sec-fetch-site': 'same-origin', origin: 'null' }))).toBe(true);
    expect(isSameOrigin(post({ 'sec-fetch-site': 'cross-site', origin: 'http://pay.example' }))).toBe(false);
    expect(isSameOrigin(post({ 'sec-fetch-site': 'same-site' }))).toBe(false);
  });

  it('falls back to Origin, compared with the host the browser used', () => {
    expect(isSameOrigin(post({ origin: 'http://pay.example' }))).toBe(true);
    expect(isSameOrigin(post({ origin: 'https://pay.example', 'x-forwarded-proto': 'https' }))).toBe(true);
    expect(isSameOrigin(post({ origin: 'http://evil.example' }))).toBe(false);
    expect(isSameOrigin(post({}))).toBe(true);
  });
});

function consolePost(headers: Record<string, string>): NextRequest {
  return new NextRequest('http://pay.example:3000/console/bff/api/payins/a/!cancel', {
    method: 'POST',
    headers: { host: 'pay.example:3000', ...headers },
  });
}

const SELF = 'http://pay.example:3000';

describe('isConsoleSameOrigin', () => {
  it('takes the console’s own post, with or without Sec-Fetch-Site', () => {
    expect(isConsoleSameOrigin(consolePost({ origin: SELF, 'sec-fetch-site': 'same-origin' }))).toBe(true);
    // Plain HTTP on a LAN address: no Sec-Fetch-* headers, the page's origin (Referrer-Policy same-origin).
    expect(isConsoleSameOrigin(consolePost({ origin: SELF }))).toBe(true);
  });

  it('refuses Origin null, no Origin, another origin, and what the browser marks cross-site', () => {
    const cases: Record<string, string>[] = [
      { origin: 'null' },
      {},
      { origin: 'http://pay.example:3001' },
      { origin: 'https://pay.example:3000' },
      { origin: SELF, 'sec-fetch-site': 'cross-site' },
      { origin: SELF, 'sec-fetch-site': 'same-site' },
      { origin: 'null', 'sec-fetch-site': 'same-origin' },
    ];
    for (const headers of cases) {
      expect(isConsoleSameOrigin(consolePost(headers)), JSON.stringify(headers)).toBe(false);
    }
  });

  it('is stricter than the payment pages’ rule, which must take Origin null (Referrer-Policy no-referrer)', () => {
    expect(isSameOrigin(consolePost({ origin: 'null' }))).toBe(true);
    expect(isConsoleSameOrigin(consolePost({ origin: 'null' }))).toBe(false);
  });
});
