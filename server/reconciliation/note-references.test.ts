import { describe, expect, it } from 'vitest';
import { referenceCandidates } from './note-references';

describe('referenceCandidates', () => {
  it('finds a reference quoted alone, squeezed into words or in lower case', () => {
    expect(referenceCandidates('7KQ2M9XW4D')).toEqual(['7KQ2M9XW4D']);
    expect(referenceCandidates('PAY7KQ2M9XW4D FROM A')).toContain('7KQ2M9XW4D');
    expect(referenceCandidates('thanh toan 7kq2m9xw4d')).toContain('7KQ2M9XW4D');
  });

  it('reads O as zero and I or L as one, as Crockford base32 does', () => {
    expect(referenceCandidates('ref 7KQ2MOXWID')).toContain('7KQ2M0XW1D');
    expect(referenceCandidates('ref 7KQ2MLXW4D')).toContain('7KQ2M1XW4D');
  });

  it('finds nothing in short words, separators or empty notes', () => {
    expect(referenceCandidates('')).toEqual([]);
    expect(referenceCandidates('7KQ2M-9XW4D')).toEqual([]);
    expect(referenceCandidates('a b c d e f')).toEqual([]);
  });

  it('never yields windows with U (not a reference symbol) and stays bounded on hostile notes', () => {
    expect(referenceCandidates('UUUUUUUUUUUU')).toEqual([]);
    const hostile = Array.from({ length: 500 }, (_, i) => `X${i}ABCDEFGHJKMNPQRST`).join(' ');
    expect(referenceCandidates(hostile).length).toBeLessThanOrEqual(200);
  });
});
