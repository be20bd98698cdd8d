import { describe, expect, it } from 'vitest';
import { UTR } from '../methods/references';
import { normaliseReference, referenceProblem } from './reference-input';

describe('referenceProblem (UTR)', () => {
  const pattern = UTR.pattern.source;

  it('asks for a reference when nothing (or only spaces) was typed', () => {
    expect(referenceProblem('', pattern)).toBe('required');
    expect(referenceProblem('   ', pattern)).toBe('required');
  });

  it.each(['12345', '1234567890123', '41234567890a', '4123-4567-8901'])('refuses %s', (value) => {
    expect(referenceProblem(value, pattern)).toBe('invalid');
  });

  it('accepts 12 digits, spaces included as the BFF drops them', () => {
    expect(referenceProblem('412345678901', pattern)).toBeUndefined();
    expect(referenceProblem('4123 4567 8901', pattern)).toBeUndefined();
    expect(normaliseReference(' 4123 4567 8901 ')).toBe('412345678901');
  });
});
