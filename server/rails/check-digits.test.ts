import { describe, expect, it } from 'vitest';
import { isValidNuban, nubanCheckDigit, passesLuhn } from './check-digits';

describe('NUBAN check digit', () => {
  it("computes the CBN standard's worked example: First Bank (011), serial 000001457 → 0000014579", () => {
    // 0·3 + 1·7 + 1·3 + 0·3 + 0·7 + 0·3 + 0·3 + 0·7 + 1·3 + 4·3 + 5·7 + 7·3 = 81; (10 − 1) mod 10 = 9.
    expect(nubanCheckDigit('011', '000001457')).toBe(9);
    expect(isValidNuban('011', '0000014579')).toBe(true);
  });

  it('covers the bank code: the same serial has another check digit at another bank', () => {
    // GTBank 058: 0·3 + 5·7 + 8·3 = 59, plus 71 for the serial = 130 → check digit 0.
    expect(nubanCheckDigit('058', '000001457')).toBe(0);
    expect(isValidNuban('058', '0000014570')).toBe(true);
    expect(isValidNuban('058', '0000014579')).toBe(false);
  });

  it('refuses a mistyped digit and malformed input', () => {
    expect(isValidNuban('011', '0000014578')).toBe(false);
    // 5 and 7 swapped: weights 7 and 3 tell them apart (neighbours both weighted 3 would not be).
    expect(isValidNuban('011', '0000014759')).toBe(false);
    expect(isValidNuban('011', '000001457')).toBe(false);
    expect(isValidNuban('11', '0000014579')).toBe(false);
    expect(() => nubanCheckDigit('011', '12345')).toThrow();
  });

  it('gives 0, not 10, when the sum is a multiple of ten', () => {
    expect(nubanCheckDigit('000', '000000000')).toBe(0);
  });
});

describe('Luhn', () => {
  it('accepts published valid numbers', () => {
    expect(passesLuhn('79927398713')).toBe(true); // The algorithm's usual worked example.
    // Stripe's UnionPay test cards, 16 and 19 digits.
    expect(passesLuhn('6200000000000005')).toBe(true);
    expect(passesLuhn('6205500000000000004')).toBe(true);
  });

  it('refuses a changed digit, swapped neighbours and non-digits', () => {
    expect(passesLuhn('79927398710')).toBe(false);
    expect(passesLuhn('6200000000000006')).toBe(false);
    expect(passesLuhn('6200000000000050')).toBe(false);
    expect(passesLuhn('6200 0000 0000 0005')).toBe(false);
    expect(passesLuhn('')).toBe(false);
  });
});
