import { describe, expect, it } from 'vitest';
import { ifscRegistryProblem, zenginRegistryProblem } from './bank-registries';

describe('IFSC registry', () => {
  it('knows the branches RBI lists, numeric or not', () => {
    expect(ifscRegistryProblem('HDFC0000001')).toBeUndefined();
    expect(ifscRegistryProblem('SBIN0000001')).toBeUndefined();
    expect(ifscRegistryProblem('hdfc0000001')).toBeUndefined();
  });

  it('names an unknown bank or branch', () => {
    expect(ifscRegistryProblem('HDFC0ZZZZZZ')).toBe("HDFC0ZZZZZZ is not a branch in RBI's IFSC list.");
    expect(ifscRegistryProblem('ZZZZ0000001')).toBe("ZZZZ is not a bank code in RBI's IFSC list.");
    expect(ifscRegistryProblem('TOST0000001')).toBe("TOST is not a bank code in RBI's IFSC list.");
  });
});

describe('Zengin registry', () => {
  it('knows banks and their branches', () => {
    expect(zenginRegistryProblem('0001-001')).toBeUndefined(); // Mizuho, Tokyo
    expect(zenginRegistryProblem('0005-001')).toBeUndefined(); // MUFG, head office
  });

  it('names an unknown bank, or the bank whose branch is unknown', () => {
    expect(zenginRegistryProblem('0005-999')).toMatch(
      /^999 is not a branch of bank 0005 \(.+\) in the Zengin system\.$/,
    );
    expect(zenginRegistryProblem('9998-001')).toBe('9998 is not a bank code of the Zengin system.');
    expect(zenginRegistryProblem('0005-toString')).toMatch(/is not a branch/);
  });
});
