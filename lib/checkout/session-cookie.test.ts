import { describe, expect, it } from 'vitest';
import { paymentPath, sessionClaims } from './session-cookie';

const payload = (claims: object) => Buffer.from(JSON.stringify(claims)).toString('base64url');

describe('unverified session claims', () => {
  it('reads exp, sub, the money limit and the return address, and nothing from garbage', () => {
    const token = `h.${payload({
      sub: 'shop-1',
      exp: 1_800_000_000,
      money: { amount: 1500.5, currencyCode: 'THB' },
      session: { createBefore: 1, returnUrl: 'https://shop.example/ร้าน?a=1' },
    })}.s`;
    expect(sessionClaims(token)).toEqual({
      sub: 'shop-1',
      exp: 1_800_000_000,
      money: { amount: 1500.5, currencyCode: 'THB' },
      returnUrl: 'https://shop.example/ร้าน?a=1',
    });
    const empty = { sub: undefined, exp: undefined, money: undefined, returnUrl: undefined };
    expect(sessionClaims('garbage')).toEqual(empty);
    expect(sessionClaims('h.%%%.s')).toEqual(empty);
    expect(sessionClaims(`h.${payload({ exp: '1', money: { amount: '1' } })}.s`)).toEqual(empty);
  });

  it('scopes the cookie to the payment', () => {
    expect(paymentPath('shop-1', 'order.7')).toBe('/pay/shop-1/order.7');
  });
});
