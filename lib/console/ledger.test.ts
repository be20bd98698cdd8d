import { describe, expect, it } from 'vitest';
import { ledgerLines, ledgerQuery, pageCursorOf, transferSubject, type LedgerTransfer } from './ledger';

const thb = (amount: number) => ({ amount, currencyCode: 'THB' as const });

const credit: LedgerTransfer = {
  id: '7',
  type: 'PAYIN_CREDIT',
  createdAt: '2026-11-24T10:00:00.000Z',
  currencyCode: 'THB',
  idPayin: 'order:1',
  entries: [
    { account: 'operator.cash', direction: 'DEBIT', money: thb(100) },
    { account: 'merchant.pending', direction: 'CREDIT', money: thb(97.86) },
    { account: 'operator.fees', direction: 'CREDIT', money: thb(2) },
    { account: 'operator.vat', direction: 'CREDIT', money: thb(0.14) },
  ],
};

describe('ledgerLines', () => {
  it("puts the merchant's accounts first, each amount in its debit or credit column", () => {
    expect(ledgerLines(credit)).toEqual([
      { account: 'merchant.pending', debit: undefined, credit: thb(97.86) },
      { account: 'operator.cash', debit: thb(100), credit: undefined },
      { account: 'operator.fees', debit: undefined, credit: thb(2) },
      { account: 'operator.vat', debit: undefined, credit: thb(0.14) },
    ]);
  });

  it('orders available, pending, reserved; keeps the API order within an account; unknown accounts last', () => {
    const lines = ledgerLines({
      entries: [
        { account: 'operator.suspense', direction: 'DEBIT', money: thb(1) },
        { account: 'merchant.reserved', direction: 'CREDIT', money: thb(3) },
        { account: 'merchant.available', direction: 'DEBIT', money: thb(5) },
        { account: 'merchant.available', direction: 'CREDIT', money: thb(1) },
      ],
    });
    expect(lines.map((line) => [line.account, line.debit?.amount ?? line.credit?.amount])).toEqual([
      ['merchant.available', 5],
      ['merchant.available', 1],
      ['merchant.reserved', 3],
      ['operator.suspense', 1],
    ]);
  });
});

describe('transferSubject', () => {
  it("links a transfer to its payin's or payout's console page, encoded", () => {
    expect(transferSubject(credit)).toEqual({
      kind: 'payin',
      id: 'order:1',
      href: '/console/payments/order%3A1',
    });
    expect(transferSubject({ idPayout: 'po 1' })).toEqual({
      kind: 'payout',
      id: 'po 1',
      href: '/console/payouts/po%201',
    });
    expect(transferSubject({})).toBeUndefined();
    expect(transferSubject({ idPayin: 'o 1', idRefund: 'rf-1' })).toEqual({
      kind: 'refund',
      id: 'rf-1',
      href: '/console/payments/o%201#refunds-heading',
    });
  });

  it('links a collection receipt or refund to its transaction, and a linked one to its payin', () => {
    expect(transferSubject({ idCollectionTransaction: '42' })).toEqual({
      kind: 'collection',
      id: '42',
      href: '/console/collection/42',
    });
    expect(transferSubject({ idCollectionTransaction: '42', idPayin: 'o-1' })).toMatchObject({
      kind: 'payin',
    });
  });
});

describe('ledgerQuery and pageCursorOf', () => {
  it('asks for a page, of one payin or payout, from a cursor', () => {
    expect(ledgerQuery({})).toBe('limit=20');
    expect(ledgerQuery({ idPayin: 'a:b' }, 50)).toBe('limit=50&idPayin=a%3Ab');
    expect(ledgerQuery({ idPayout: 'po-1', cursor: 'abc_-1' })).toBe('limit=20&idPayout=po-1&cursor=abc_-1');
  });

  it('passes on only cursors that look like the API gave them', () => {
    expect(pageCursorOf({ cursor: 'eyJ0_-x' })).toBe('eyJ0_-x');
    expect(pageCursorOf({ cursor: 'a&b=c' })).toBeUndefined();
    expect(pageCursorOf({ cursor: ['a', 'b'] })).toBeUndefined();
    expect(pageCursorOf({})).toBeUndefined();
  });
});
