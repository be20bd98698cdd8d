import { describe, expect, it } from 'vitest';
import { computeFee, divideRounded } from './pricing';

describe('computeFee', () => {
  it('charges the default 2 % rounded half-up to the currency precision', () => {
    expect(computeFee({}, 'OFFLINE', { currency: 'THB', minor: 150050n })).toEqual({
      fee: { currency: 'THB', minor: 3001n },
      vat: undefined,
    });
    expect(computeFee({}, 'OFFLINE', { currency: 'JPY', minor: 125n }).fee.minor).toBe(3n); // 2.5 → 3
    expect(computeFee({}, 'OFFLINE', { currency: 'JPY', minor: 124n }).fee.minor).toBe(2n); // 2.48 → 2
  });

  it('prefers the method rule over the default rule, and adds the fixed part and VAT on the fee', () => {
    const settings = {
      fees: { default: { percentBps: 300 }, QRTH: { percentBps: 150, fixedMinor: { THB: '500' } } },
      vatBps: 700,
    };
    const { fee, vat } = computeFee(settings, 'QRTH', { currency: 'THB', minor: 100000n });
    expect(fee.minor).toBe(2000n); // 1.5 % of 1000.00 = 15.00, + 5.00
    expect(vat?.minor).toBe(140n); // 7 % of 20.00
    expect(computeFee(settings, 'OFFLINE', { currency: 'THB', minor: 100000n }).fee.minor).toBe(3000n);
  });

  it('rounds in exact integer arithmetic', () => {
    expect(divideRounded(5n, 10n)).toBe(1n);
    expect(divideRounded(4n, 10n)).toBe(0n);
    // 24 999 999 999 999.975 rounds up, exactly, where a double would already have lost the digits.
    expect(divideRounded(999_999_999_999_999n * 250n, 10_000n)).toBe(25_000_000_000_000n);
    expect(divideRounded(123_456_789_012_345n * 7n, 10_000n)).toBe(86_419_752_309n); // …8.6415
    expect(divideRounded(123_456_789_012_344n, 10_000n)).toBe(12_345_678_901n); // …1.2344
  });
});
