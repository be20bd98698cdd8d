import { describe, expect, it } from 'vitest';
import type { IncomingTransaction } from '../incoming-transaction';
import {
  amountProblem,
  bankTransactionIdProblem,
  finishParse,
  MAX_PROBLEMS,
  parseBookedAt,
  parseUtcOffset,
} from './record-checks';

describe('amountProblem', () => {
  it.each([
    ['1234.50', 'THB'],
    ['1500.00', 'VND'],
    ['10', 'JPY'],
    ['0.000001', 'USDT'],
    ['999999999999999999.99', 'THB'],
    ['12.345', undefined],
  ] as const)('accepts %s %s', (amount, currency) => {
    expect(amountProblem(amount, currency)).toBeUndefined();
  });

  it('refuses more fraction digits than the currency takes, never rounding', () => {
    expect(amountProblem('1.005', 'THB')).toBe('THB takes at most 2 decimals: "1.005" has 3.');
    expect(amountProblem('10.5', 'JPY')).toBe('JPY takes at most 0 decimals: "10.5" has 1.');
    expect(amountProblem('0.0000001', 'USDT')).toMatch(/USDT takes at most 6 decimals/);
  });

  it.each(['-5', '+5', '1e3', '1,000', '.5', '5.', ' 5', 'NaN', ''])(
    'refuses "%s" as not a decimal',
    (amount) => {
      expect(amountProblem(amount, 'THB')).toMatch(/is not a decimal amount/);
    },
  );

  it('refuses zero and more than 18 integer digits', () => {
    expect(amountProblem('0.00', 'THB')).toMatch(/is zero/);
    expect(amountProblem('1234567890123456789', 'VND')).toMatch(/more than 18 integer digits/);
    expect(amountProblem('000000000000000000001', 'VND')).toBeUndefined();
  });
});

describe('bankTransactionIdProblem', () => {
  it('takes 1–100 printable characters without outer spaces', () => {
    expect(bankTransactionIdProblem('FT26112400012')).toBeUndefined();
    expect(bankTransactionIdProblem('MBVCB.3278907687 2')).toBeUndefined();
    expect(bankTransactionIdProblem('x'.repeat(100))).toBeUndefined();
    for (const id of ['', ' FT1', 'FT1 ', 'x'.repeat(101), 'FT\n1', 'FT\u00e91']) {
      expect(bankTransactionIdProblem(id)).toMatch(/is not a bank transaction id/);
    }
  });
});

describe('parseUtcOffset', () => {
  it('reads Z, ±hh:mm and ±hhmm', () => {
    expect(parseUtcOffset('Z')).toBe(0);
    expect(parseUtcOffset('+07:00')).toBe(420);
    expect(parseUtcOffset('-0330')).toBe(-210);
    expect(parseUtcOffset('+15:00')).toBeUndefined();
    expect(parseUtcOffset('Asia/Bangkok')).toBeUndefined();
  });
});

describe('parseBookedAt', () => {
  const at = (text: string, timeZone?: string) => {
    const result = parseBookedAt(text, { timeZone });
    return result.ok ? result.date.toISOString() : result.message;
  };

  it('reads date-times with offsets, and local ones at the given time zone', () => {
    expect(at('2026-11-24T10:00:00+07:00')).toBe('2026-11-24T03:00:00.000Z');
    expect(at('2026-11-24T10:00:00.1234Z')).toBe('2026-11-24T10:00:00.123Z');
    expect(at('2026-11-24 23:30', '+07:00')).toBe('2026-11-24T16:30:00.000Z');
    expect(at('2026-11-24', '+07:00')).toBe('2026-11-23T17:00:00.000Z');
    // The value's own offset wins over the statement's.
    expect(at('2026-11-24T10:00:00Z', '+07:00')).toBe('2026-11-24T10:00:00.000Z');
  });

  it('refuses local times without a time zone instead of guessing UTC', () => {
    expect(at('2026-11-24T10:00:00')).toMatch(/has no UTC offset/);
  });

  it.each([
    '2026-02-29',
    '2026-13-01',
    '2026-11-24T24:00',
    '24/11/2026',
    '2026-11-24T10:00+25:00',
    '1969-12-31',
  ])('refuses %s', (text) => {
    expect(at(text, 'Z')).toMatch(/is not an ISO 8601 date/);
  });

  it('knows leap years', () => {
    expect(at('2028-02-29', 'Z')).toBe('2028-02-29T00:00:00.000Z');
  });
});

describe('finishParse', () => {
  const transaction = (id: string): IncomingTransaction => ({
    bankTransactionId: id,
    amount: '1',
    currency: 'THB',
    bookedAt: new Date(0),
    note: '',
    raw: '',
  });

  it('reports an id given twice in one file where it repeats', () => {
    const result = finishParse({
      records: [
        { transaction: transaction('A'), idWhere: 'line 2' },
        { transaction: transaction('B'), idWhere: 'line 3' },
        { transaction: transaction('A'), idWhere: 'line 4' },
      ],
      skipped: 1,
      problems: [],
    });
    expect(result.transactions).toHaveLength(3);
    expect(result.skipped).toBe(1);
    expect(result.problems).toEqual([
      { where: 'line 4', message: 'Bank transaction id "A" appears twice in this file (first at line 2).' },
    ]);
  });

  it('caps the problem list', () => {
    const problems = Array.from({ length: MAX_PROBLEMS + 7 }, (_, i) => ({
      where: `line ${i}`,
      message: 'bad',
    }));
    const result = finishParse({ records: [], skipped: 0, problems });
    expect(result.problems).toHaveLength(MAX_PROBLEMS + 1);
    expect(result.problems.at(-1)).toEqual({ where: 'file', message: '7 more problems not listed.' });
  });
});
