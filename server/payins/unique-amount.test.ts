import { describe, expect, it } from 'vitest';
import { pickRequiredAmount } from './unique-amount';

describe('pickRequiredAmount', () => {
  it('keeps the order amount when no open payin expects it', () => {
    expect(pickRequiredAmount({ currency: 'THB', minor: 10000n }, new Set())).toEqual({
      currency: 'THB',
      minor: 10000n,
    });
  });

  it('goes down to the nearest free amount, never above the order amount', () => {
    expect(pickRequiredAmount({ currency: 'THB', minor: 10000n }, new Set([10000n, 9999n]))?.minor).toBe(
      9998n,
    );
  });

  it('gives up after 99 minor units or at one minor unit', () => {
    const taken = new Set(Array.from({ length: 100 }, (_, i) => 10000n - BigInt(i)));
    expect(pickRequiredAmount({ currency: 'THB', minor: 10000n }, taken)).toBeUndefined();
    expect(pickRequiredAmount({ currency: 'VND', minor: 2n }, new Set([2n]))?.minor).toBe(1n);
    expect(pickRequiredAmount({ currency: 'VND', minor: 1n }, new Set([1n]))).toBeUndefined();
  });
});
