import { describe, expect, it } from 'vitest';
import { magicNoteOf } from './magic-note';

const thb = (minor: bigint) => ({ currency: 'THB' as const, minor });

describe('magicNoteOf', () => {
  it('describes each kind of magic outcome, and nothing for ordinary amounts', () => {
    expect(magicNoteOf(thb(1901n))).toEqual({ key: 'succeeds', values: { code: '901', seconds: 3 } });
    expect(magicNoteOf(thb(1903n))).toEqual({
      key: 'refuses',
      values: { code: '903', seconds: 3, reason: 'INSUFFICIENT_FUNDS' },
    });
    expect(magicNoteOf(thb(1911n))).toEqual({ key: 'expires', values: { code: '911', seconds: 10 } });
    expect(magicNoteOf(thb(1921n))).toEqual({
      key: 'short',
      values: { code: '921', seconds: 3, expiry: 15 },
    });
    expect(magicNoteOf(thb(1922n))).toEqual({ key: 'over', values: { code: '922', seconds: 3 } });
    expect(magicNoteOf(thb(1923n))).toEqual({ key: 'late', values: { code: '923', seconds: 10, expiry: 5 } });
    expect(magicNoteOf(thb(150050n))).toBeUndefined();
  });
});
