import { describe, expect, it } from 'vitest';
import { moneyOf } from '@/lib/money';
import { linkPayinId, linkStatus, type PaymentLink } from './payment-link';
import { linkSecret, linkSecretHash, LINK_SECRET_PATTERN } from './link-secret';

const now = new Date('2026-11-27T12:00:00Z');
const link: PaymentLink = {
  id: 1n,
  merchantCode: 'shop',
  idLink: 'tshirt',
  isTest: true,
  description: 'T-shirt',
  currency: 'THB',
  amount: { fixed: moneyOf('THB', 29_900n) },
  methods: undefined,
  usageLimit: 2,
  expireAt: new Date('2026-12-01T00:00:00Z'),
  callbackUrl: 'https://shop.example/cb',
  returnUrl: undefined,
  createdAt: now,
  deactivatedAt: undefined,
};

describe('linkStatus', () => {
  it('takes payments until its paid and open payins reach the limit', () => {
    expect(linkStatus(link, { paid: 0, pending: 1 }, now)).toBe('ACTIVE');
    expect(linkStatus(link, { paid: 1, pending: 1 }, now)).toBe('USED_UP');
    expect(linkStatus({ ...link, usageLimit: undefined }, { paid: 500, pending: 9 }, now)).toBe('ACTIVE');
  });

  it('ends at its expiry, to the millisecond', () => {
    expect(linkStatus(link, { paid: 0, pending: 0 }, new Date('2026-11-30T23:59:59.999Z'))).toBe('ACTIVE');
    expect(linkStatus(link, { paid: 0, pending: 0 }, new Date('2026-12-01T00:00:00Z'))).toBe('EXPIRED');
  });

  it('says INACTIVE once turned off, whatever else holds', () => {
    expect(linkStatus({ ...link, deactivatedAt: now }, { paid: 2, pending: 0 }, now)).toBe('INACTIVE');
  });
});

describe('link secrets', () => {
  const key = new Uint8Array(32).fill(7);

  it('are the same for the same link, different for another merchant or link, and URL-safe', () => {
    const secret = linkSecret(key, { merchantCode: 'shop', idLink: 'a' });
    expect(secret).toBe(linkSecret(key, { merchantCode: 'shop', idLink: 'a' }));
    expect(secret).not.toBe(linkSecret(key, { merchantCode: 'shop', idLink: 'b' }));
    expect(secret).not.toBe(linkSecret(key, { merchantCode: 'shop2', idLink: 'a' }));
    expect(secret).toMatch(LINK_SECRET_PATTERN);
    expect(linkSecretHash(secret)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('cannot be forged by moving the separator between merchant and link', () => {
    expect(linkSecret(key, { merchantCode: 'ab', idLink: 'c' })).not.toBe(
      linkSecret(key, { merchantCode: 'a', idLink: 'bc' }),
    );
  });
});

describe('linkPayinId', () => {
  it('numbers the payins of a link from 1', () => {
    expect(linkPayinId('tshirt', 1)).toBe('tshirt.1');
  });
});
