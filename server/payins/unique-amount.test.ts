import { describe, expect, it } from 'vitest';
import { pickRequiredAmount, uniqueAmountBand } from './unique-amount';

const thb = (minor: bigint) => ({ currency: 'THB' as const, minor });

describe('uniqueAmountBand', () => {
  it('reaches down 1 % of the order, at least 99 minor units, at most the currency cap', () => {
    expect(uniqueAmountBand(thb(1_000n))).toEqual({ low: 901n, high: 1_000n }); // 10.00: the 99 floor
    expect(uniqueAmountBand(thb(50_000n))).toEqual({ low: 49_500n, high: 50_000n }); // 500.00: 1 %
    expect(uniqueAmountBand(thb(150_050n))).toEqual({ low: 149_051n, high: 150_050n }); // cap 9.99
    expect(uniqueAmountBand({ currency: 'VND', minor: 50n })).toEqual({ low: 1n, high: 50n });
    // No unique-amount method takes USDT: the 99-unit default.
    expect(uniqueAmountBand({ currency: 'USDT', minor: 10_000_000n })).toEqual({
      low: 9_999_901n,
      high: 10_000_000n,
    });
  });
});

describe('pickRequiredAmount', () => {
  it('keeps the order amount when no open payin expects it', () => {
    expect(pickRequiredAmount(thb(10_000n), new Set())).toEqual(thb(10_000n));
  });

  it('otherwise picks a free amount of the band at random, never above the order amount', () => {
    const taken = new Set([10_000n]);
    const picks = new Set<bigint>();
    for (let i = 0; i < 200; i++) {
      const picked = pickRequiredAmount(thb(10_000n), taken)!;
      expect(picked.minor).toBeLessThan(10_000n);
      expect(picked.minor).toBeGreaterThanOrEqual(9_900n);
      picks.add(picked.minor);
    }
    // Twenty concurrent creates would mostly land on different amounts.
    expect(picks.size).toBeGreaterThan(50);
  });

  it('finds the last free amount of a nearly full band, and gives up on a full one', () => {
    const band = Array.from({ length: 101 }, (_, i) => 10_000n - BigInt(i));
    const almost = new Set(band.filter((amount) => amount !== 9_950n));
    expect(pickRequiredAmount(thb(10_000n), almost, () => 0.99)?.minor).toBe(9_950n);
    expect(pickRequiredAmount(thb(10_000n), new Set(band))).toBeUndefined();
    expect(pickRequiredAmount({ currency: 'VND', minor: 2n }, new Set([2n]))?.minor).toBe(1n);
    expect(pickRequiredAmount({ currency: 'VND', minor: 1n }, new Set([1n]))).toBeUndefined();
  });
});
