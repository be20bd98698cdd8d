import { describe, expect, it } from 'vitest';
import { readPayinSearch } from './payin-search';

const TWO_DECIMALS = ['CNY', 'GHS', 'INR', 'KES', 'MYR', 'NGN', 'PHP', 'THB', 'ZAR'];
const NO_DECIMALS = ['IDR', 'JPY', 'KRW', 'LAK', 'VND'];
const SIX_DECIMALS = ['USDC', 'USDT'];

describe('readPayinSearch', () => {
  it('reads an amount in every currency whose precision holds it, grouped by minor units', () => {
    expect(readPayinSearch('1500.50').amounts).toEqual([
      { minor: 150_050n, currencies: TWO_DECIMALS },
      { minor: 1_500_500_000n, currencies: SIX_DECIMALS },
    ]);
    const whole = readPayinSearch('1,500').amounts;
    expect(whole).toEqual(readPayinSearch('1500.00').amounts);
    expect(whole).toEqual([
      { minor: 150_000n, currencies: TWO_DECIMALS },
      { minor: 1_500n, currencies: NO_DECIMALS },
      { minor: 1_500_000_000n, currencies: SIX_DECIMALS },
    ]);
    expect(readPayinSearch('0.000001').amounts).toEqual([{ minor: 1n, currencies: SIX_DECIMALS }]);
    expect(readPayinSearch('1,234,567.5').amounts[0]).toEqual({
      minor: 123_456_750n,
      currencies: TWO_DECIMALS,
    });
  });

  it('keeps the currency written beside the amount, or those of the filter', () => {
    expect(readPayinSearch('THB 1,500.50').amounts).toEqual([{ minor: 150_050n, currencies: ['THB'] }]);
    expect(readPayinSearch('1500 vnd').amounts).toEqual([{ minor: 1_500n, currencies: ['VND'] }]);
    expect(readPayinSearch('1500.5 VND').amounts).toEqual([]);
    expect(readPayinSearch('1500', ['THB', 'JPY']).amounts).toEqual([
      { minor: 1_500n, currencies: ['JPY'] },
      { minor: 150_000n, currencies: ['THB'] },
    ]);
    expect(readPayinSearch('THB 1500', ['VND']).amounts).toEqual([]);
  });

  it('reads no amount from what is not one', () => {
    for (const text of [
      '15,00',
      '1.500,50',
      '1,50',
      '-5',
      '0',
      '0.00',
      '1e3',
      'XYZ 100',
      'THB 5 THB',
      '1,5000',
      '12.',
    ]) {
      expect(readPayinSearch(text).amounts, text).toEqual([]);
    }
    // Past 15 significant digits no currency holds it.
    expect(readPayinSearch('1234567890123456').amounts).toEqual([]);
  });

  it('reads an idPayin only where the text can be one, and always an external reference', () => {
    expect(readPayinSearch('order-1001')).toMatchObject({
      idPayin: 'order-1001',
      externalReference: 'order-1001',
    });
    expect(readPayinSearch('Somchai Jaidee')).toMatchObject({ idPayin: undefined });
    expect(readPayinSearch('..')).toMatchObject({ idPayin: undefined });
  });

  it('reads a reference as Crockford base32', () => {
    expect(readPayinSearch('7kq2m-9xw4d').reference).toBe('7KQ2M9XW4D');
    expect(readPayinSearch('OIL23456789'.slice(0, 10)).reference).toBe('01123456789'.slice(0, 10));
    expect(readPayinSearch('7KQ2M9XW4U').reference).toBeUndefined();
    expect(readPayinSearch('7KQ2M9XW4').reference).toBeUndefined();
  });

  it('reads a name prefix from text with a letter, white space squeezed', () => {
    expect(readPayinSearch('Somchai   Jai').namePrefix).toBe('Somchai Jai');
    expect(readPayinSearch('สมชาย').namePrefix).toBe('สมชาย');
    expect(readPayinSearch('1500.50').namePrefix).toBeUndefined();
  });

  it('reads an account number without separators, upper case, with a digit and four symbols at least', () => {
    expect(readPayinSearch('123-4-56789-0').accountNumber).toBe('1234567890');
    expect(readPayinSearch('gb29 nwbk 6016 1331 9268 19').accountNumber).toBe('GB29NWBK60161331926819');
    expect(readPayinSearch('123').accountNumber).toBeUndefined();
    expect(readPayinSearch('somchai').accountNumber).toBeUndefined();
    expect(readPayinSearch('12#34').accountNumber).toBeUndefined();
  });

  it('reads a phone as its significant digits, written nationally or internationally', () => {
    expect(readPayinSearch('081 234 5678').phoneDigits).toBe('812345678');
    expect(readPayinSearch('+66 (81) 234-5678').phoneDigits).toBe('66812345678');
    expect(readPayinSearch('0066812345678').phoneDigits).toBe('66812345678');
    expect(readPayinSearch('12345').phoneDigits).toBeUndefined();
    expect(readPayinSearch('1234567890123456').phoneDigits).toBeUndefined();
    expect(readPayinSearch('0812 abc').phoneDigits).toBeUndefined();
    expect(readPayinSearch('15,000.50').phoneDigits).toBeUndefined();
    expect(readPayinSearch('081.234.5678').phoneDigits).toBe('812345678');
  });
});
