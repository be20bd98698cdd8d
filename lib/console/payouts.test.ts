import { describe, expect, it } from 'vitest';
import type { PayoutResource } from '../api/payout-responses';
import type { LedgerTransfer } from './ledger';
import {
  parsePayoutFilters,
  payoutListQuery,
  payoutsPageQuery,
  payoutTimeline,
  payoutTotal,
} from './payouts';

const payout = (
  process: Partial<PayoutResource['process']> = {},
  amounts: { amount?: number; fee?: number; vat?: number; currencyCode?: 'THB' | 'VND' | 'USDT' } = {},
): PayoutResource => {
  const currencyCode = amounts.currencyCode ?? 'THB';
  return {
    paymentRequested: { money: { amount: amounts.amount ?? 1009.1, currencyCode } },
    process: { status: 'PENDING', createdAt: '2026-11-24T10:00:00.000Z', isTest: true, ...process },
    fee: { amount: amounts.fee ?? 10.09, currencyCode },
    paymentMethodResponse: {
      idPayout: 'po-1',
      paymentMethodCode: 'BANK_TRANSFER',
      account: { accountNumber: '1234567890', bankCode: '004' },
      money: { amount: amounts.amount ?? 1009.1, currencyCode },
      ...(amounts.vat !== 0 && { vat: { amount: amounts.vat ?? 0.71, currencyCode } }),
      reference: 'PO123',
    },
  };
};

const transfer = (id: string, type: LedgerTransfer['type'], createdAt: string): LedgerTransfer => ({
  id,
  type,
  createdAt,
  currencyCode: 'THB',
  idPayout: 'po-1',
  entries: [],
});

describe('payout list filters', () => {
  it('keeps a valid status and cursor, drops the rest', () => {
    expect(parsePayoutFilters({ status: 'REFUSED', cursor: 'abc-_1' })).toEqual({
      status: 'REFUSED',
      cursor: 'abc-_1',
    });
    expect(parsePayoutFilters({ status: 'EXPIRED', cursor: 'a b' })).toEqual({});
    expect(parsePayoutFilters({ status: ['PENDING'] })).toEqual({});
  });

  it('builds the API query and the page links without the cursor', () => {
    expect(payoutListQuery({ status: 'PENDING', cursor: 'c1' })).toBe('limit=25&status=PENDING&cursor=c1');
    expect(payoutListQuery({})).toBe('limit=25');
    expect(payoutsPageQuery({ status: 'SUCCESS' })).toBe('status=SUCCESS');
    expect(payoutsPageQuery({})).toBe('');
  });
});

describe('payoutTotal', () => {
  it('adds amount, fee and VAT exactly, in the currency’s precision', () => {
    // 1009.10 + 10.09 + 0.71 in floats is 1019.9000000000001.
    expect(payoutTotal(payout())).toBe('1019.90');
    expect(payoutTotal(payout({}, { amount: 0.1, fee: 0.2, vat: 0 }))).toBe('0.30');
    expect(payoutTotal(payout({}, { amount: 100910, fee: 0, vat: 0, currencyCode: 'VND' }))).toBe('100910');
    expect(payoutTotal(payout({}, { amount: 9.1, fee: 0.091, vat: 0.00637, currencyCode: 'USDT' }))).toBe(
      '9.197370',
    );
  });
});

describe('payoutTimeline', () => {
  it('shows an open payout as created and reserved', () => {
    const reserve = transfer('3', 'PAYOUT_RESERVE', '2026-11-24T10:00:00.000Z');
    expect(payoutTimeline(payout(), [reserve])).toEqual([
      { kind: 'created', at: '2026-11-24T10:00:00.000Z' },
      { kind: 'transfer', at: '2026-11-24T10:00:00.000Z', type: 'PAYOUT_RESERVE' },
    ]);
  });

  it('puts the final status before the debit or release it caused, whatever order the API listed them in', () => {
    const ended = payout({
      status: 'REFUSED',
      processorStatus: 'NAME_MISMATCH',
      processedAt: '2026-11-24T10:00:03.000Z',
    });
    const events = payoutTimeline(ended, [
      transfer('9', 'PAYOUT_RELEASE', '2026-11-24T10:00:03.000Z'),
      transfer('3', 'PAYOUT_RESERVE', '2026-11-24T10:00:00.000Z'),
    ]);
    expect(events.map((event) => (event.kind === 'transfer' ? event.type : event.kind))).toEqual([
      'created',
      'PAYOUT_RESERVE',
      'final',
      'PAYOUT_RELEASE',
    ]);
    expect(events[2]).toEqual({
      kind: 'final',
      at: '2026-11-24T10:00:03.000Z',
      status: 'REFUSED',
      processorStatus: 'NAME_MISMATCH',
    });
  });

  it('tells a paid payout the bank returned later as paid, then refused before its return', () => {
    const returned = payout({
      status: 'REFUSED',
      processorStatus: 'ACCOUNT_CLOSED',
      processedAt: '2026-11-24T10:00:05.000Z',
      returnedAt: '2026-11-26T09:00:00.000Z',
    });
    const events = payoutTimeline(returned, [
      transfer('12', 'PAYOUT_RETURN', '2026-11-26T09:00:00.000Z'),
      transfer('5', 'PAYOUT_DEBIT', '2026-11-24T10:00:05.000Z'),
      transfer('3', 'PAYOUT_RESERVE', '2026-11-24T10:00:00.000Z'),
    ]);
    expect(
      events.map((event) =>
        event.kind === 'final' ? event.status : event.kind === 'transfer' ? event.type : event.kind,
      ),
    ).toEqual(['created', 'PAYOUT_RESERVE', 'SUCCESS', 'PAYOUT_DEBIT', 'REFUSED', 'PAYOUT_RETURN']);
    expect(events[4]).toEqual({
      kind: 'final',
      at: '2026-11-26T09:00:00.000Z',
      status: 'REFUSED',
      processorStatus: 'ACCOUNT_CLOSED',
    });
  });

  it('ends with the final status when its transfer is not listed (yet)', () => {
    const done = payout({ status: 'SUCCESS', processedAt: '2026-11-24T10:00:05.000Z' });
    expect(payoutTimeline(done, []).map((event) => event.kind)).toEqual(['created', 'final']);
  });
});
