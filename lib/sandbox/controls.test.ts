import { describe, expect, it } from 'vitest';
import { sandboxActionsFor, simulateCallsOf } from './controls';

describe('sandbox controls', () => {
  it('offer money actions where the customer sends money, approval where the institution debits', () => {
    expect(sandboxActionsFor('instructions')).toEqual(['pay', 'short', 'over', 'late', 'refuse', 'expire']);
    expect(sandboxActionsFor('external-reference')).toContain('late');
    expect(sandboxActionsFor('redirect')).toEqual(['approve', 'refuse', 'expire']);
    expect(sandboxActionsFor('push')).not.toContain('short');
  });

  it('turn each action into the simulate calls it makes', () => {
    expect(simulateCallsOf('short')).toEqual([{ payment: 'SHORT' }]);
    expect(simulateCallsOf('late')).toEqual([
      { status: 'REFUSED', processorStatus: 'EXPIRED' },
      { payment: 'EXACT' },
    ]);
    expect(simulateCallsOf('refuse', 'INSUFFICIENT_FUNDS')).toEqual([
      { status: 'REFUSED', processorStatus: 'INSUFFICIENT_FUNDS' },
    ]);
  });
});
