import { describe, expect, it } from 'vitest';
import { callbackSigningSecrets, type Merchant } from './merchant';

const merchant: Merchant = {
  code: 'shop-1',
  secretHash: Buffer.alloc(32),
  channelName: 'Shop',
  paymentMethods: [],
  isTest: true,
  callbackSecret: 'whsec_new',
  settings: {},
  collectionAccounts: [],
};

describe('callbackSigningSecrets', () => {
  const until = new Date('2026-11-27T10:00:00Z');
  const rotated = { ...merchant, previousCallbackSecret: { secret: 'whsec_old', until } };

  it('is the current secret alone when nothing was rotated', () => {
    expect(callbackSigningSecrets(merchant, new Date('2026-11-27T09:00:00Z'))).toEqual(['whsec_new']);
  });

  it('adds the previous secret, after the current one, until the overlap ends, and not from then on', () => {
    expect(callbackSigningSecrets(rotated, new Date(until.getTime() - 1))).toEqual([
      'whsec_new',
      'whsec_old',
    ]);
    expect(callbackSigningSecrets(rotated, until)).toEqual(['whsec_new']);
    expect(callbackSigningSecrets(rotated, new Date(until.getTime() + 60_000))).toEqual(['whsec_new']);
  });
});
