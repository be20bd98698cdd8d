import { describe, expect, it } from 'vitest';
import { parseTypedAmount } from './link-amount';

describe('parseTypedAmount', () => {
  it.each([
    ['250', 250],
    ['250.5', 250.5],
    ['250,5', 250.5],
    ['1,500.50', 1500.5],
    ['1.500,50', 1500.5],
    ['1 500,50', 1500.5],
    ['1,500', 1500],
    ['1.500', 1500],
    ['1,000,000', 1_000_000],
    ['0.25', 0.25],
    [' 99 ', 99],
  ])('reads %s as %d', (typed, value) => {
    expect(parseTypedAmount(typed)).toBe(value);
  });

  it.each(['', 'abc', '-5', '1e3', '12.3.4,5x', '1,2,3.4.5,', '.5', '5.'])('refuses %j', (typed) => {
    expect(parseTypedAmount(typed)).toBeUndefined();
  });
});
