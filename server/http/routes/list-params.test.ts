import { describe, expect, it } from 'vitest';
import { isCurrencyCode } from '@/lib/money';
import { queryList } from './list-params';

describe('queryList', () => {
  it('trims, upper-cases, de-duplicates and joins repeated parameters', () => {
    expect(queryList(' thb,VND ,thb', isCurrencyCode)).toEqual(['THB', 'VND']);
    expect(queryList(['THB', 'kes,VND'], isCurrencyCode)).toEqual(['THB', 'KES', 'VND']);
  });

  it('ignores invalid values, and a list of none is as if the parameter were absent', () => {
    expect(queryList('XXX,THB,', isCurrencyCode)).toEqual(['THB']);
    expect(queryList('XXX', isCurrencyCode)).toBeUndefined();
    expect(queryList(['', ' , '], isCurrencyCode)).toBeUndefined();
    expect(queryList(undefined, isCurrencyCode)).toBeUndefined();
  });
});
