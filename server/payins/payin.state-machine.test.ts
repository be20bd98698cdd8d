import { describe, expect, it } from 'vitest';
import { AppError } from '../errors';
import { PAYIN_STATUSES } from './payin';
import { assertTransition, expiryEvent, isFinal, PAYIN_EVENTS, paymentEvent } from './payin.state-machine';

describe('payin state machine', () => {
  it('moves an open payin to SUCCESS or REFUSED', () => {
    expect(assertTransition('PENDING', 'approve')).toEqual({ to: 'SUCCESS', processorStatus: 'APPROVED' });
    expect(assertTransition('PENDING', 'decline')).toEqual({ to: 'REFUSED', processorStatus: 'DECLINED' });
    expect(assertTransition('PENDING', 'expire')).toEqual({ to: 'REFUSED', processorStatus: 'EXPIRED' });
  });

  it('refuses an open payin the merchant cancels, with CANCELLED', () => {
    expect(assertTransition('PENDING', 'cancel')).toEqual({ to: 'REFUSED', processorStatus: 'CANCELLED' });
  });

  it('tells a payment in full from an overpayment, and an expiry with part of the money from one without', () => {
    expect(assertTransition('PENDING', 'receiveFull')).toEqual({
      to: 'SUCCESS',
      processorStatus: 'APPROVED',
    });
    expect(assertTransition('PENDING', 'receiveOver')).toEqual({
      to: 'SUCCESS',
      processorStatus: 'OVERPAID',
    });
    expect(assertTransition('PENDING', 'expireUnderpaid')).toEqual({
      to: 'REFUSED',
      processorStatus: 'UNDERPAID',
    });
  });

  it('never changes a final payin again', () => {
    for (const status of PAYIN_STATUSES.filter((candidate) => candidate !== 'PENDING')) {
      expect(isFinal(status)).toBe(true);
      for (const event of PAYIN_EVENTS) {
        expect(() => assertTransition(status, event)).toThrow(AppError);
      }
    }
    expect(isFinal('PENDING')).toBe(false);
  });
});

describe('paymentEvent', () => {
  it('is nothing while the total is short, and full or over once it reaches the amount to pay', () => {
    expect(paymentEvent(149_999n, 150_000n)).toBeUndefined();
    expect(paymentEvent(1n, 150_000n)).toBeUndefined();
    expect(paymentEvent(150_000n, 150_000n)).toBe('receiveFull');
    expect(paymentEvent(150_001n, 150_000n)).toBe('receiveOver');
  });
});

describe('expiryEvent', () => {
  it('is UNDERPAID only when something was received', () => {
    expect(expiryEvent(undefined)).toBe('expire');
    expect(expiryEvent(0n)).toBe('expire');
    expect(expiryEvent(1n)).toBe('expireUnderpaid');
  });
});
