import { describe, expect, it } from 'vitest';
import { moneyOf } from '../money';
import { payoutMagicOf } from './payout-magic';

describe('payoutMagicOf', () => {
  it('reads the last three digits of the amount with two decimals', () => {
    expect(payoutMagicOf(moneyOf('THB', 1_902n))).toMatchObject({
      status: 'REFUSED',
      processorStatus: 'ACCOUNT_INVALID',
    });
    expect(payoutMagicOf(moneyOf('VND', 10_901n))).toMatchObject({ status: 'SUCCESS' });
    // USDT has six decimals: 9.02 is 9_020_000 minor units.
    expect(payoutMagicOf(moneyOf('USDT', 9_020_000n))).toMatchObject({ processorStatus: 'ACCOUNT_INVALID' });
  });

  it('keeps 910 for the simulate endpoint and everything else for the default delay', () => {
    expect(payoutMagicOf(moneyOf('THB', 100_910n))).toBe('manual');
    expect(payoutMagicOf(moneyOf('THB', 100_000n))).toBe('default');
    expect(payoutMagicOf(moneyOf('THB', 100_907n))).toBe('default');
    // A fraction below two decimals is never magic.
    expect(payoutMagicOf(moneyOf('USDT', 5_020_001n))).toBe('default');
  });
});
