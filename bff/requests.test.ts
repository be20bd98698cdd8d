import { NextRequest } from 'next/server';
import { describe, expect, it } from 'vitest';
import { isConsoleSameOrigin, isSameOrigin } from './requests';

function post(headers: Record<string, string>) {
  return new NextRequest('http://pay.example:3000/console/bff/api/payins/a/!cancel', {
    method: 'POST',
    headers: { host: 'pay.example:3000', ...headers },
  });
}

const SELF = 'http://pay.example:3000';

describe('isConsoleSameOrigin', () => {
  it('takes the console’s own post, with or without Sec-Fetch-Site', () => {
    expect(isConsoleSameOrigin(post({ origin: SELF, 'sec-fetch-site': 'same-origin' }))).toBe(true);
    // Plain HTTP on a LAN address: no Sec-Fetch-* headers, the page's origin (Referrer-Policy same-origin).
    expect(isConsoleSameOrigin(post({ origin: SELF }))).toBe(true);
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
      expect(isConsoleSameOrigin(post(headers)), JSON.stringify(headers)).toBe(false);
    }
  });

  it('is stricter than the payment pages’ rule, which must take Origin null (Referrer-Policy no-referrer)', () => {
    expect(isSameOrigin(post({ origin: 'null' }))).toBe(true);
    expect(isConsoleSameOrigin(post({ origin: 'null' }))).toBe(false);
  });
});
