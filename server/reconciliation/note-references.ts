import { REFERENCE_LENGTH } from '../references';

/** Longest run of letters and digits searched whole; longer runs (pasted hashes) are cut. */
const MAX_RUN = 64;
/** Candidates looked up per note at most. */
const MAX_CANDIDATES = 200;

/**
 * The payin references a transfer note may quote. Banks upper-case, squeeze and cut notes
 * ("PAY7KQ2M9XW4D FROM SOMCHAI"), and people type O for 0 and I or L for 1, so every 10-symbol
 * window of every run of letters and digits is a candidate, read as Crockford base32 (which has
 * no I, L, O or U). A reference is 50 random bits: a window of ordinary text matching one is
 * practically impossible, and only the merchant's own payins are looked up.
 */
export function referenceCandidates(note: string): string[] {
  const crockford = note.normalize('NFKC').toUpperCase().replace(/O/g, '0').replace(/[IL]/g, '1');
  const candidates = new Set<string>();
  for (const run of crockford.match(/[0-9A-Z]+/g) ?? []) {
    const text = run.slice(0, MAX_RUN);
    for (let start = 0; start + REFERENCE_LENGTH <= text.length; start++) {
      const window = text.slice(start, start + REFERENCE_LENGTH);
      if (!window.includes('U')) candidates.add(window);
      if (candidates.size >= MAX_CANDIDATES) return [...candidates];
    }
  }
  return [...candidates];
}
