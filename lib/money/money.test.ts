import { describe, expect, it } from 'vitest';
import { CURRENCY_CODES, CURRENCIES } from './currencies';
import { MAX_MINOR, parseAmount, remainingToPay, toDecimalString, toJsonAmount } from './money';

describe('parseAmount', () => {
  it('turns decimal numbers into exact minor units', () => {
    expect(parseAmount(1500.5, 'THB')).toEqual({ ok: true, money: { currency: 'THB', minor: 150050n } });
    // A float computed by the sender is refused, not silently rounded: 0.1 + 0.2 is 0.30000000000000004.
    expect(parseAmount(0.1 + 0.2, 'MYR')).toMatchObject({ ok: false, problem: 'too-precise' });
    expect(parseAmount(19.99, 'MYR')).toEqual({ ok: true, money: { currency: 'MYR', minor: 1999n } });
    expect(parseAmount(1.000001, 'USDT')).toEqual({ ok: true, money: { currency: 'USDT', minor: 1000001n } });
  });

  it('accepts decimal strings (query parameters) with trailing zeros', () => {
    expect(parseAmount('100.50', 'PHP')).toEqual({ ok: true, money: { currency: 'PHP', minor: 10050n } });
    expect(parseAmount('15000.000', 'VND')).toEqual({ ok: true, money: { currency: 'VND', minor: 15000n } });
    expect(parseAmount('1e3', 'VND')).toMatchObject({ ok: false, problem: 'not-a-number' });
    expect(parseAmount('-5', 'VND')).toMatchObject({ ok: false, problem: 'not-a-number' });
  });

  it('refuses fractions for whole-unit currencies', () => {
    for (const currency of ['JPY', 'KRW', 'VND', 'IDR', 'LAK'] as const) {
      expect(CURRENCIES[currency].decimals).toBe(0);
      expect(parseAmount(1000.5, currency)).toMatchObject({ ok: false, problem: 'too-precise' });
      expect(parseAmount(1000, currency)).toMatchObject({ ok: true });
    }
  });

  it('refuses zero, negatives, non-finite and out-of-range amounts', () => {
    expect(parseAmount(0, 'THB')).toMatchObject({ ok: false, problem: 'not-positive' });
    expect(parseAmount(-1, 'THB')).toMatchObject({ ok: false, problem: 'not-positive' });
    expect(parseAmount(Number.NaN, 'THB')).toMatchObject({ ok: false, problem: 'not-a-number' });
    expect(parseAmount(Number.POSITIVE_INFINITY, 'THB')).toMatchObject({
      ok: false,
      problem: 'not-a-number',
    });
    expect(parseAmount(1e-7, 'USDT')).toMatchObject({ ok: false, problem: 'too-precise' });
    expect(parseAmount(1e21, 'VND')).toMatchObject({ ok: false, problem: 'too-large' });
    expect(parseAmount(10_000_000_000_000, 'THB')).toMatchObject({ ok: false, problem: 'too-large' });
    expect(parseAmount('0.00', 'THB')).toMatchObject({ ok: false, problem: 'not-positive' });
  });

  it('round-trips the largest amount of every currency exactly through a JSON number', () => {
    for (const currency of CURRENCY_CODES) {
      const text = toDecimalString({ currency, minor: MAX_MINOR });
      const json = JSON.parse(JSON.stringify(toJsonAmount({ currency, minor: MAX_MINOR }))) as number;
      expect(parseAmount(json, currency)).toEqual({ ok: true, money: { currency, minor: MAX_MINOR } });
      expect(Number(text)).toBe(json);
    }
  });
});

describe('toDecimalString', () => {
  it('prints the full precision of the currency', () => {
    expect(toDecimalString({ currency: 'THB', minor: 150050n })).toBe('1500.50');
    expect(toDecimalString({ currency: 'THB', minor: 5n })).toBe('0.05');
    expect(toDecimalString({ currency: 'JPY', minor: 1200n })).toBe('1200');
    expect(toDecimalString({ currency: 'USDC', minor: 1n })).toBe('0.000001');
  });
});

describe('remainingToPay', () => {
  it('is what is still missing after a short payment, exactly, and nothing once paid', () => {
    expect(
      remainingToPay({ amount: 1500.5, currencyCode: 'THB' }, { amount: 1350.45, currencyCode: 'THB' }),
    ).toEqual({
      currency: 'THB',
      minor: 15005n,
    });
    expect(
      remainingToPay({ amount: 100, currencyCode: 'THB' }, { amount: 110, currencyCode: 'THB' }),
    ).toBeUndefined();
    expect(
      remainingToPay({ amount: 0.3, currencyCode: 'USDT' }, { amount: 0.1, currencyCode: 'USDT' }),
    ).toEqual({
      currency: 'USDT',
      minor: 200000n,
    });
  });
});
