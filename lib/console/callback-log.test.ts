import { describe, expect, it } from 'vitest';
import { callbackLogFilters, callbackLogQuery } from './callback-log';

const query = (values: Record<string, string>) => new URLSearchParams(values);

describe('callbackLogFilters', () => {
  it('keeps a valid payin id, status and cursor', () => {
    expect(callbackLogFilters(query({ idPayin: ' order-1 ', status: 'FAILED', cursor: 'abc_-1' }))).toEqual({
      idPayin: 'order-1',
      status: 'FAILED',
      cursor: 'abc_-1',
    });
  });

  it('drops what is malformed or empty instead of failing the page', () => {
    expect(callbackLogFilters(query({ idPayin: 'a/b', status: 'LOST', cursor: 'x y' }))).toEqual({
      idPayin: undefined,
      status: undefined,
      cursor: undefined,
    });
    expect(callbackLogFilters(query({ idPayin: '', status: '' }))).toEqual({
      idPayin: undefined,
      status: undefined,
      cursor: undefined,
    });
  });
});

describe('callbackLogQuery', () => {
  it('asks for a page of 20 with only the filters given', () => {
    expect(callbackLogQuery({})).toBe('limit=20');
    expect(callbackLogQuery({ idPayin: 'order 1', status: 'PENDING', cursor: 'c1' })).toBe(
      'limit=20&idPayin=order+1&status=PENDING&cursor=c1',
    );
  });
});
