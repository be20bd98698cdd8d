import { describe, expect, it } from 'vitest';
import { AppError } from '../errors';
import { PAYIN_STATUSES } from './payin';
import { assertTransition, isFinal, PAYIN_EVENTS } from './payin.state-machine';

describe('payin state machine', () => {
  it('moves an open payin to SUCCESS or REFUSED', () => {
    expect(assertTransition('PENDING', 'approve')).toEqual({ to: 'SUCCESS', processorStatus: 'APPROVED' });
    expect(assertTransition('PENDING', 'decline')).toEqual({ to: 'REFUSED', processorStatus: 'DECLINED' });
    expect(assertTransition('PENDING', 'expire')).toEqual({ to: 'REFUSED', processorStatus: 'EXPIRED' });
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
