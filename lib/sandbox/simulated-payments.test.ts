import { describe, expect, it } from 'vitest';
import { parseAmount, toDecimalString, type CurrencyCode, type Money } from '../money';
import { simulatedPaymentAmount, type SimulatedPayment } from './simulated-payments';

function money(amount: string, currency: CurrencyCode): Money {
  const parsed = parseAmount(amount, currency);
  if (!parsed.ok) throw new Error(`bad amount ${amount}`);
  return parsed.money;
}

function paid(payment: SimulatedPayment, amount: string, currency: CurrencyCode): string | undefined {
  const result = simulatedPaymentAmount(payment, money(amount, currency));
  return result && toDecimalString(result);
}

describe('simulatedPaymentAmount', () => {
  it('pays the amount exactly', () => {
    expect(paid('EXACT', '1500.50', 'THB')).toBe('1500.50');
    expect(paid('EXACT', '19.010000', 'USDT')).toBe('19.010000');
  });

  it('pays 10 % short or over, in the currency minor unit', () => {
    expect(paid('SHORT', '1500.50', 'THB')).toBe('1350.45');
    expect(paid('OVER', '1500.50', 'THB')).toBe('1650.55');
    expect(paid('SHORT', '19.01', 'THB')).toBe('17.11'); // 17.109 rounds up
    expect(paid('OVER', '19.01', 'THB')).toBe('20.91'); // 20.911 rounds down
  });

  it('rounds half up', () => {
    // 0.15 × 0.9 = 0.135 and 0.15 × 1.1 = 0.165: both exactly half a minor unit.
    expect(paid('SHORT', '0.15', 'MYR')).toBe('0.14');
    expect(paid('OVER', '0.15', 'MYR')).toBe('0.17');
  });

  it('keeps zero-decimal currencies whole: JPY, VND, IDR', () => {
    expect(paid('SHORT', '1901', 'JPY')).toBe('1711'); // 1710.9
    expect(paid('OVER', '1901', 'JPY')).toBe('2091'); // 2091.1
    expect(paid('SHORT', '250000', 'VND')).toBe('225000');
    expect(paid('OVER', '250000', 'VND')).toBe('275000');
    expect(paid('SHORT', '10901', 'IDR')).toBe('9811'); // 9810.9
    expect(paid('OVER', '10901', 'IDR')).toBe('11991'); // 11991.1
    expect(paid('SHORT', '15', 'JPY')).toBe('14'); // 13.5 rounds up
  });

  it('uses all six decimals of USDT', () => {
    expect(paid('SHORT', '19.01', 'USDT')).toBe('17.109000');
    expect(paid('OVER', '19.01', 'USDT')).toBe('20.911000');
    expect(paid('SHORT', '0.000015', 'USDT')).toBe('0.000014');
    expect(paid('OVER', '0.000015', 'USDT')).toBe('0.000017');
  });

  it('is always at least one minor unit short or over', () => {
    expect(paid('SHORT', '5', 'JPY')).toBe('4'); // 4.5 would round back up to 5
    expect(paid('OVER', '4', 'JPY')).toBe('5'); // 4.4 would round back down to 4
    expect(paid('OVER', '1', 'VND')).toBe('2');
    expect(paid('OVER', '0.01', 'THB')).toBe('0.02');
    expect(paid('SHORT', '0.02', 'THB')).toBe('0.01');
  });

  it('has nothing to pay short of a single minor unit', () => {
    expect(paid('SHORT', '1', 'JPY')).toBeUndefined();
    expect(paid('SHORT', '0.01', 'THB')).toBeUndefined();
    expect(paid('SHORT', '0.000001', 'USDT')).toBeUndefined();
  });
});
