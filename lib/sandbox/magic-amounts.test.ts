import { describe, expect, it } from 'vitest';
import { parseAmount, type CurrencyCode, type Money } from '../money';
import { MAGIC_AMOUNTS, MAGIC_CODES, magicCodeOf, magicOutcomeOf } from './magic-amounts';

function money(amount: string, currency: CurrencyCode): Money {
  const parsed = parseAmount(amount, currency);
  if (!parsed.ok) throw new Error(`bad amount ${amount}`);
  return parsed.money;
}

describe('magicCodeOf', () => {
  it('reads the last three digits of the amount written with at most two decimals', () => {
    expect(magicCodeOf(money('19.01', 'THB'))).toBe('901');
    expect(magicCodeOf(money('9.01', 'THB'))).toBe('901');
    expect(magicCodeOf(money('1234569.22', 'MYR'))).toBe('922');
    expect(magicCodeOf(money('1901', 'JPY'))).toBe('901');
    expect(magicCodeOf(money('250913', 'VND'))).toBe('913');
    expect(magicCodeOf(money('10901', 'IDR'))).toBe('901');
    expect(magicCodeOf(money('19.01', 'USDT'))).toBe('901');
    expect(magicCodeOf(money('109.23', 'USDC'))).toBe('923');
  });

  it('finds no code in other endings', () => {
    expect(magicCodeOf(money('1500.50', 'THB'))).toBeUndefined();
    expect(magicCodeOf(money('9.00', 'THB'))).toBeUndefined(); // 900
    expect(magicCodeOf(money('9.07', 'THB'))).toBeUndefined(); // 907: no such code
    expect(magicCodeOf(money('10.01', 'USDT'))).toBeUndefined(); // 001
    expect(magicCodeOf(money('190.1', 'THB'))).toBeUndefined(); // 19010 → 010
    expect(magicCodeOf(money('1900', 'JPY'))).toBeUndefined();
  });

  it('finds none where the amount has more than two decimals', () => {
    expect(magicCodeOf(money('19.015', 'USDT'))).toBeUndefined();
    expect(magicCodeOf(money('19.010001', 'USDT'))).toBeUndefined();
    expect(magicCodeOf(money('19.010000', 'USDT'))).toBe('901');
  });
});

describe('the magic amounts table', () => {
  it('has an outcome for every code', () => {
    expect(Object.keys(MAGIC_AMOUNTS).sort()).toEqual([...MAGIC_CODES].sort());
  });

  it('says what each code does', () => {
    expect(MAGIC_AMOUNTS['901']).toEqual({
      scheduled: { afterSeconds: 3, payment: 'EXACT' },
      ends: { status: 'SUCCESS', processorStatus: 'APPROVED' },
    });
    const refusals = (['902', '903', '904', '905', '906'] as const).map(
      (code) => MAGIC_AMOUNTS[code].scheduled,
    );
    expect(refusals).toEqual(
      ['DECLINED', 'INSUFFICIENT_FUNDS', 'CANCELLED_BY_CUSTOMER', 'LIMIT_EXCEEDED', 'SUSPECTED_FRAUD'].map(
        (refusal) => ({ afterSeconds: 3, refusal }),
      ),
    );
    expect((['911', '912', '913'] as const).map((code) => MAGIC_AMOUNTS[code])).toEqual(
      [10, 30, 60].map((seconds) => ({
        expireAfterSeconds: seconds,
        ends: { status: 'REFUSED', processorStatus: 'EXPIRED' },
      })),
    );
    expect(MAGIC_AMOUNTS['921']).toEqual({
      expireAfterSeconds: 15,
      scheduled: { afterSeconds: 3, payment: 'SHORT' },
      ends: { status: 'REFUSED', processorStatus: 'UNDERPAID' },
    });
    expect(MAGIC_AMOUNTS['922']).toMatchObject({
      scheduled: { afterSeconds: 3, payment: 'OVER' },
      ends: { status: 'SUCCESS', processorStatus: 'OVERPAID' },
    });
    expect(MAGIC_AMOUNTS['923']).toEqual({
      expireAfterSeconds: 5,
      scheduled: { afterSeconds: 10, payment: 'EXACT' },
      ends: { status: 'REFUSED', processorStatus: 'EXPIRED', receivedLate: true },
    });
  });

  it('schedules every payment or refusal before the payin expires, except the late payment', () => {
    for (const code of MAGIC_CODES) {
      const { expireAfterSeconds, scheduled, ends } = MAGIC_AMOUNTS[code];
      if (!scheduled || expireAfterSeconds === undefined) continue;
      expect(scheduled.afterSeconds < expireAfterSeconds, code).toBe(!ends.receivedLate);
    }
  });
});

describe('magicOutcomeOf', () => {
  it('gives the code with its outcome, or nothing', () => {
    expect(magicOutcomeOf(money('19.22', 'THB'))).toEqual({ code: '922', ...MAGIC_AMOUNTS['922'] });
    expect(magicOutcomeOf(money('19.20', 'THB'))).toBeUndefined();
  });
});
