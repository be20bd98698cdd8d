import { describe, expect, it } from 'vitest';
import { ID_PAYIN_PATTERN } from '@/lib/schemas/primitives';
import { generateReference } from '../references';
import { endToEndIdOf } from '../payouts';
import { refundEndToEndIdOf, refundRemittanceOf } from './refund';

// docs/decisions/042: a live refund's EndToEndId in its bank file.
describe('refundEndToEndIdOf', () => {
  const reference = 'K7Q2M9XW4D';

  it('is "R/" and the idRefund when that fits in 35 characters of the SWIFT set', () => {
    expect(refundEndToEndIdOf('rf-1001', reference)).toBe('R/rf-1001');
    expect(refundEndToEndIdOf('A.b:c+d-1', reference)).toBe('R/A.b:c+d-1');
    expect(refundEndToEndIdOf('x'.repeat(33), reference)).toBe(`R/${'x'.repeat(33)}`);
  });

  it('is "RF/" and the reference for a longer idRefund, or one with _ ~ = that banks refuse', () => {
    expect(refundEndToEndIdOf('x'.repeat(34), reference)).toBe(`RF/${reference}`);
    expect(refundEndToEndIdOf('rf_1001', reference)).toBe(`RF/${reference}`);
    expect(refundEndToEndIdOf('rf~1', reference)).toBe(`RF/${reference}`);
    expect(refundEndToEndIdOf('rf=1', reference)).toBe(`RF/${reference}`);
  });

  it("never equals a payout's EndToEndId, nor another kind of refund's", () => {
    for (const id of ['rf-1', 'R', 'RF', 'x'.repeat(40), 'a_b']) {
      expect(ID_PAYIN_PATTERN.test(id)).toBe(true);
      const ref = generateReference();
      const refunds = refundEndToEndIdOf(id, ref);
      expect(refunds).toContain('/');
      expect(refunds.length).toBeLessThanOrEqual(35);
      // An idPayout cannot hold "/", nor can a reference: a payout's EndToEndId never has one.
      expect(endToEndIdOf(id, ref)).not.toContain('/');
    }
    // "R/<idRefund>" and "RF/<reference>" differ at their second character (an idRefund has no "/").
    expect(refundEndToEndIdOf('F', reference)).toBe('R/F');
    expect(refundEndToEndIdOf('F', reference)).not.toBe(refundEndToEndIdOf('_', 'F'));
  });
});

describe('refundRemittanceOf', () => {
  it('names the payin and, when given, the reason', () => {
    expect(refundRemittanceOf({ idPayin: 'order-1001', reason: 'Out of stock' })).toBe(
      'Refund order-1001: Out of stock',
    );
    expect(refundRemittanceOf({ idPayin: 'order-1001', reason: undefined })).toBe('Refund order-1001');
  });
});
