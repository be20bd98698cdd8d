import { describe, expect, it } from 'vitest';
import {
  collectionListQuery,
  collectionPageQuery,
  parseCollectionFilters,
  statementContentType,
  statementFormatOf,
  statementQuery,
  TIME_ZONE_OFFSET,
} from './collection';

describe('collection filters', () => {
  it('show the review queue by default and everything on request', () => {
    expect(parseCollectionFilters({})).toEqual({ show: 'review' });
    expect(collectionListQuery(parseCollectionFilters({}))).toBe('limit=25&review=true');
    expect(collectionPageQuery(parseCollectionFilters({}))).toBe('');
    const all = parseCollectionFilters({ show: 'all', outcome: 'UNMATCHED', cursor: 'abc_1' });
    expect(all).toEqual({ show: 'all', outcome: 'UNMATCHED', cursor: 'abc_1' });
    expect(collectionListQuery(all)).toBe('limit=25&outcome=UNMATCHED&cursor=abc_1');
    expect(collectionPageQuery(all)).toBe('show=all&outcome=UNMATCHED');
  });

  it('leave out what is not a valid value', () => {
    expect(parseCollectionFilters({ show: 'x', outcome: 'PAID', cursor: 'a b' })).toEqual({ show: 'review' });
    expect(parseCollectionFilters({ outcome: ['LATE', 'APPLIED'] })).toEqual({ show: 'review' });
  });
});

describe('statement import', () => {
  it('takes the format from the file name', () => {
    expect(statementFormatOf('kbank-2026-03.CSV')).toBe('csv');
    expect(statementFormatOf('camt053.xml')).toBe('camt053');
    expect(statementFormatOf('statement.txt')).toBeUndefined();
    expect(statementContentType('csv')).toBe('text/csv');
    expect(statementContentType('camt053')).toBe('application/xml');
  });

  it('sends a time zone only when the merchant gives one (else the API reads home time)', () => {
    expect(statementQuery({ account: 'kbank-promptpay', format: 'csv', timeZone: '+07:00' })).toBe(
      'account=kbank-promptpay&format=csv&timeZone=%2B07%3A00',
    );
    expect(statementQuery({ account: 'a', format: 'camt053', timeZone: ' -03:00 ' })).toBe(
      'account=a&format=camt053&timeZone=-03%3A00',
    );
    expect(statementQuery({ account: 'a', format: 'csv', timeZone: '' })).toBe('account=a&format=csv');
    expect(statementQuery({ account: 'a', format: 'csv', timeZone: '', layout: 'kbank-th' })).toBe(
      'account=a&format=csv&preset=kbank-th',
    );
    expect(statementQuery({ account: 'a', format: 'csv', timeZone: '', layout: 'saved' })).toBe(
      'account=a&format=csv',
    );
    expect(statementQuery({ account: 'a', format: 'camt053', timeZone: '', layout: 'kbank-th' })).toBe(
      'account=a&format=camt053',
    );
  });

  it("knows a UTC offset in the API's form", () => {
    for (const offset of ['+07:00', '-03:30', '+14:00']) expect(TIME_ZONE_OFFSET.test(offset)).toBe(true);
    for (const offset of ['07:00', '+7:00', '+15:00', 'UTC'])
      expect(TIME_ZONE_OFFSET.test(offset)).toBe(false);
  });
});
