import { describe, expect, it } from 'vitest';
import { generateReference, readReference, REFERENCE_LENGTH } from './payment-reference';

describe('readReference', () => {
  it('reads back every generated reference, in any case, spaced or dashed', () => {
    for (let i = 0; i < 50; i++) {
      const reference = generateReference();
      expect(reference).toHaveLength(REFERENCE_LENGTH);
      expect(readReference(reference)).toBe(reference);
      expect(readReference(` ${reference.toLowerCase().slice(0, 5)}-${reference.slice(5)} `)).toBe(reference);
    }
  });

  it('reads O as 0 and I or L as 1, as Crockford base32 does', () => {
    expect(readReference('OIL3456789')).toBe('0113456789');
  });

  it('reads nothing that cannot be a reference', () => {
    for (const text of ['', '123456789', '12345678901', '123456789U', '12345_7890', 'ÄBCDEFGHJK'])
      expect(readReference(text), text).toBeUndefined();
  });
});
