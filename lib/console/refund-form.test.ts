import { describe, expect, it } from 'vitest';
import { newIdRefund, refundFormErrors, refundMagicNote, refundRequestOf } from './refund-form';

const refundable = { amount: 1000, currencyCode: 'THB' as const };

describe('the console refund form', () => {
  it('takes an amount up to what remains refundable, in the currency precision', () => {
    expect(refundFormErrors({ amount: '1000', reason: '' }, refundable)).toEqual({});
    expect(refundFormErrors({ amount: '250.50', reason: 'Damaged' }, refundable)).toEqual({});
    expect(refundFormErrors({ amount: '1000.01', reason: '' }, refundable)).toEqual({ amount: 'tooMuch' });
    expect(refundFormErrors({ amount: '0', reason: '' }, refundable)).toEqual({ amount: 'amount' });
    expect(refundFormErrors({ amount: '1.234', reason: '' }, refundable)).toEqual({ amount: 'amount' });
    expect(refundFormErrors({ amount: 'ten', reason: 'x'.repeat(201) }, refundable)).toEqual({
      amount: 'amount',
      reason: 'reasonTooLong',
    });
  });

  it('sends the amount as a JSON number and the reason only when given', () => {
    expect(refundRequestOf({ amount: ' 250.50 ', reason: '  ' }, 'THB')).toEqual({
      money: { amount: 250.5, currencyCode: 'THB' },
    });
    expect(refundRequestOf({ amount: '10000', reason: 'Late' }, 'VND')).toEqual({
      money: { amount: 10000, currencyCode: 'VND' },
      reason: 'Late',
    });
  });

  it('says what a sandbox magic amount will do, and nothing for others', () => {
    expect(refundMagicNote('19.02', 'THB')).toMatchObject({
      status: 'REFUSED',
      processorStatus: 'ACCOUNT_INVALID',
    });
    expect(refundMagicNote('19.10', 'THB')).toBe('manual');
    expect(refundMagicNote('19.00', 'THB')).toBeUndefined();
  });

  it('makes ids the API takes', () => {
    expect(newIdRefund()).toMatch(/^refund-[0-9a-f]{18}$/);
  });
});
