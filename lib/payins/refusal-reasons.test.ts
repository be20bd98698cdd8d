import { describe, expect, it } from 'vitest';
import { EXPLAINED_REFUSALS, refusalReasonOf } from './refusal-reasons';

describe('refusalReasonOf', () => {
  it.each(EXPLAINED_REFUSALS)('explains %s in its own words', (status) => {
    expect(refusalReasonOf(status)).toBe(status);
  });

  it.each([undefined, '', 'APPROVED', 'EXPIRED', 'UNDERPAID', 'DO_NOT_HONOR', 'insufficient_funds'])(
    'reads %s as the generic refusal',
    (status) => {
      expect(refusalReasonOf(status)).toBe('OTHER');
    },
  );
});
