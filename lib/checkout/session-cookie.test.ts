import { describe, expect, it } from 'vitest';
import { paymentPath, tokenExpiry, tokenSubject } from './session-cookie';

const payload = (claims: object) => Buffer.from(JSON.stringify(claims)).toString('base64url');

describe('unverified token claims', () => {
  it('reads exp and sub, and nothing from garbage', () => {
    const token = `h.${payload({ sub: 'shop-1', exp: 1_800_000_000 })}.s`;
    expect(tokenExpiry(token)).toBe(1_800_000_000);
    expect(tokenSubject(token)).toBe('shop-1');
    expect(tokenSubject('garbage')).toBeUndefined();
    expect(tokenExpiry(`h.${payload({ exp: '1' })}.s`)).toBeUndefined();
    expect(tokenSubject('h.%%%.s')).toBeUndefined();
  });

  it('scopes the cookie to the payment', () => {
    expect(paymentPath('shop-1', 'order.7')).toBe('/pay/shop-1/order.7');
  });
});
