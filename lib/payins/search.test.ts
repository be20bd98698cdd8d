import { describe, expect, it } from 'vitest';
import { PAYIN_SEARCH_MAX_LENGTH, payinSearchProblem, payinSearchText } from './search';

describe('payin search text', () => {
  it('is trimmed, 1 to 100 characters, without control characters', () => {
    expect(payinSearchText('  order-1 \t')).toBe('order-1');
    expect(payinSearchProblem('order-1')).toBeUndefined();
    expect(payinSearchProblem('สมชาย ใจดี')).toBeUndefined();
    expect(payinSearchProblem('a'.repeat(PAYIN_SEARCH_MAX_LENGTH))).toBeUndefined();
    expect(payinSearchProblem('')).toMatch(/1–100 characters/);
    expect(payinSearchProblem('a'.repeat(PAYIN_SEARCH_MAX_LENGTH + 1))).toMatch(/1–100 characters/);
    for (const control of ['\u0000', '\u0007', '\n', '\u001b', '\u007f', '\u0085', '\u009f'])
      expect(payinSearchProblem(`a${control}b`), JSON.stringify(control)).toBe(
        'Must not contain control characters.',
      );
  });
});
