import { NextRequest } from 'next/server';
import { describe, expect, it } from 'vitest';
import { isSameOrigin } from './requests';

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
