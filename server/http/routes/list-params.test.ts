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

  it('puts entries in lower case for values named in it (audit actions)', () => {
    const isAction = (value: string): value is 'api_key.created' => value === 'api_key.created';
    expect(queryList(' API_KEY.created ,nonsense', isAction, 'lower')).toEqual(['api_key.created']);
    expect(queryList('nonsense', isAction, 'lower')).toBeUndefined();
  });
});
