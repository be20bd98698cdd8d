import { describe, expect, it } from 'vitest';
import { payoutStatusForReturnReason } from './payment-return-reasons';

describe('payoutStatusForReturnReason', () => {
  it('tells the merchant what the bank meant', () => {
    expect(payoutStatusForReturnReason('AC01')).toBe('ACCOUNT_INVALID');
    expect(payoutStatusForReturnReason('AC04')).toBe('ACCOUNT_CLOSED');
    expect(payoutStatusForReturnReason('be01')).toBe('NAME_MISMATCH');
    expect(payoutStatusForReturnReason('AM02')).toBe('LIMIT_EXCEEDED');
    expect(payoutStatusForReturnReason('CUST')).toBe('CANCELLED');
  });

  it('is a plain DECLINED for a code it does not know, or none', () => {
    expect(payoutStatusForReturnReason('NARR')).toBe('DECLINED');
    expect(payoutStatusForReturnReason(undefined)).toBe('DECLINED');
    expect(payoutStatusForReturnReason('toString')).toBe('DECLINED');
  });
});
