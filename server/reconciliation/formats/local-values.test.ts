import { describe, expect, it } from 'vitest';
import { readLocalDate, readLocalNumber, splitSign } from './local-values';

const date = (text: string, options: Partial<Parameters<typeof readLocalDate>[2]> = {}, time = '') => {
  const read = readLocalDate(text, time, { format: 'DD/MM/YYYY', era: 'CE', timeZone: '+07:00', ...options });
  return read.ok ? read.date.toISOString() : read.message;
};

describe('readLocalDate', () => {
  it('reads day-first, month-first and year-first dates with any separator, a time in the cell or its own column', () => {
    expect(date('24/11/2026')).toBe('2026-11-23T17:00:00.000Z');
    expect(date('24.11.2026 09:15')).toBe('2026-11-24T02:15:00.000Z');
    expect(date('24-11-26', {}, '9.15:30')).toBe('2026-11-24T02:15:30.000Z');
    expect(date('11/24/2026 10:15 PM', { format: 'MM/DD/YYYY', timeZone: '+08:00' })).toBe(
      '2026-11-24T14:15:00.000Z',
    );
    expect(date('2026/11/24 9:15', { format: 'YYYY-MM-DD' })).toBe('2026-11-24T02:15:00.000Z');
    expect(date('2026-11-24T09:15:00+08:00', { format: 'YYYY-MM-DD' })).toBe('2026-11-24T01:15:00.000Z');
  });

  it('reads English month names in either order', () => {
    expect(date('24 Nov 2026')).toBe('2026-11-23T17:00:00.000Z');
    expect(date('Nov 24, 2026', { format: 'MM/DD/YYYY' })).toBe('2026-11-23T17:00:00.000Z');
    expect(date('24-Sept-2026')).toBe('2026-09-23T17:00:00.000Z');
  });

  it('reads Buddhist Era years: BE, and auto by the year', () => {
    expect(date('27/11/2569', { era: 'BE' })).toBe('2026-11-26T17:00:00.000Z');
    expect(date('27/11/69', { era: 'BE' })).toBe('2026-11-26T17:00:00.000Z');
    expect(date('27/11/2569', { era: 'auto' }, '09:15 น.')).toBe('2026-11-27T02:15:00.000Z');
    expect(date('27/11/2026', { era: 'auto' })).toBe('2026-11-26T17:00:00.000Z');
    expect(date('27/11/26', { era: 'auto' })).toBe('2026-11-26T17:00:00.000Z');
    expect(date('27/11/69', { era: 'auto' })).toBe('2026-11-26T17:00:00.000Z');
  });

  it('refuses what is not a date of the format, and a year no statement has, naming the likely era', () => {
    expect(date('31/02/2026')).toBe('"31/02/2026" is not a date written DD/MM/YYYY (e.g. 24/11/2026).');
    expect(date('11/24/2026')).toBe('"11/24/2026" is not a date written DD/MM/YYYY (e.g. 24/11/2026).');
    expect(date('yesterday')).toMatch(/is not a date written/);
    expect(date('24/11/2026 25:00')).toMatch(/is not a date written/);
    expect(date('24/11/2026', {}, 'noon')).toBe('"noon" is not a time such as 09:15 or 09:15:02.');
    expect(date('27/11/2569')).toBe(
      '"27/11/2569" is in 2569: a Buddhist Era year? Read it with era BE or auto.',
    );
    expect(date('27/11/2026', { era: 'BE' })).toBe(
      '"27/11/2026" is in 1483, which no statement is: check the date format and era.',
    );
    expect(date('24/11/2026', { timeZone: undefined })).toMatch(/no UTC offset/);
  });
});

describe('readLocalNumber and splitSign', () => {
  const number = (text: string, decimal: Parameters<typeof readLocalNumber>[1]) => {
    const read = readLocalNumber(text, decimal);
    return read.ok ? read.value : read.message;
  };

  it('reads grouped amounts by the decimal separator', () => {
    expect(number('1,234.50', '.')).toBe('1234.50');
    expect(number('1 234.50', '.')).toBe('1234.50');
    expect(number('1234', '.')).toBe('1234');
    expect(number('1,500', '.')).toBe('1500');
    expect(number('1.234,50', ',')).toBe('1234.50');
    expect(number('1.500', ',')).toBe('1500');
    expect(number('1\u00a0500,5', ',')).toBe('1500.5');
  });

  it('reads whole amounts grouped with dots or commas, a zero fraction too', () => {
    expect(number('1.500.000', 'none')).toBe('1500000');
    expect(number('1,500,000', 'none')).toBe('1500000');
    expect(number('500.000', 'none')).toBe('500000');
    expect(number('1.500.000,00', 'none')).toBe('1500000.00');
    expect(number('1500.00', 'none')).toBe('1500.00');
    expect(number('1,500.5', 'none')).toBe('"1,500.5" has a fraction: amounts of this export are whole.');
  });

  it('refuses separators that do not group by threes or mix', () => {
    expect(number('1.500.000', '.')).toBe('"1.500.000" is not an amount written as 1,234.50.');
    expect(number('12,34.50', '.')).toMatch(/is not an amount/);
    expect(number('1.500,000', 'none')).toMatch(/is not an amount written as 1.500.000 or 1,500,000/);
    expect(number('1.500.00', 'none')).toMatch(/is not an amount/);
    expect(number('abc', '.')).toMatch(/is not an amount/);
  });

  it('finds the sign wherever the bank writes it', () => {
    expect(splitSign('-1,234.50')).toEqual({ negative: true, unsigned: '1,234.50' });
    expect(splitSign('(1,234.50)')).toEqual({ negative: true, unsigned: '1,234.50' });
    expect(splitSign('200.00-')).toEqual({ negative: true, unsigned: '200.00' });
    expect(splitSign('1,500.50+')).toEqual({ negative: false, unsigned: '1,500.50' });
    expect(splitSign(' 15 ')).toEqual({ negative: false, unsigned: '15' });
  });
});
