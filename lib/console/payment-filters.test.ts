import { describe, expect, it } from 'vitest';
import { parsePaymentFilters, paymentListQuery, paymentsPageQuery } from './payment-filters';

describe('payment filters', () => {
  it('keeps valid values and drops the rest', () => {
    expect(
      parsePaymentFilters({
        status: 'SUCCESS',
        paymentMethodCode: 'QRTH',
        currencyCode: 'XXX',
        createdFrom: '2026-11-01',
        createdTo: '2026-13-45',
        isTest: 'maybe',
        cursor: 'abc_-1',
      }),
    ).toEqual({ status: 'SUCCESS', paymentMethodCode: 'QRTH', createdFrom: '2026-11-01', cursor: 'abc_-1' });
    expect(parsePaymentFilters({ cursor: 'a b', status: ['SUCCESS', 'REFUSED'] })).toEqual({});
  });

  it('asks the API for whole UTC days, the last one included', () => {
    const query = new URLSearchParams(
      paymentListQuery({ createdFrom: '2026-11-01', createdTo: '2026-11-30', isTest: false }, 10),
    );
    expect(Object.fromEntries(query)).toEqual({
      limit: '10',
      createdFrom: '2026-11-01T00:00:00Z',
      createdTo: '2026-12-01T00:00:00Z',
      isTest: 'false',
    });
  });

  it('links pages with the same filters', () => {
    expect(paymentsPageQuery({ status: 'PENDING', cursor: 'x' })).toBe('status=PENDING&cursor=x');
  });

  it('keeps a search, white space squeezed, and asks the API with it', () => {
    expect(parsePaymentFilters({ q: '  Somchai\tJaidee ', status: 'SUCCESS' })).toEqual({
      q: 'Somchai Jaidee',
      status: 'SUCCESS',
    });
    expect(Object.fromEntries(new URLSearchParams(paymentListQuery({ q: '1,500.50' }, 10)))).toEqual({
      limit: '10',
      q: '1,500.50',
    });
    expect(paymentsPageQuery({ q: 'order 1', cursor: 'x' })).toBe('q=order+1&cursor=x');
  });

  it('leaves out a search the API would refuse', () => {
    for (const q of ['', '   ', 'a'.repeat(101), 'a\u0000b', ['a', 'b']])
      expect(parsePaymentFilters({ q }), JSON.stringify(q)).toEqual({});
  });
});
