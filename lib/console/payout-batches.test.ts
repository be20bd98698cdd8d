import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { CollectionAccountResource } from '../api/collection-responses';
import {
  batchActions,
  batchFileHref,
  batchHref,
  batchIsOpen,
  batchListQuery,
  formatBankDate,
  parseBatchFilters,
  payingAccounts,
  readReply,
} from './payout-batches';

const account = (overrides: Partial<CollectionAccountResource>): CollectionAccountResource => ({
  id: 'kbank-current',
  type: 'BANK_ACCOUNT',
  currencyCode: 'THB',
  accountName: 'Bangkok Books Co., Ltd.',
  coordinates: { bank: 'KBANK', accountNumber: '1234567890' },
  feed: { apiKey: false, webhookSignature: false },
  ...overrides,
});

describe('the batches list', () => {
  it('keeps a valid cursor only', () => {
    expect(parseBatchFilters({})).toEqual({});
    expect(parseBatchFilters({ cursor: 'abc_1-Z' })).toEqual({ cursor: 'abc_1-Z' });
    expect(parseBatchFilters({ cursor: 'a b' })).toEqual({});
    expect(parseBatchFilters({ cursor: ['a', 'b'] })).toEqual({});
    expect(batchListQuery({})).toBe('limit=25');
    expect(batchListQuery({ cursor: 'abc' }, 10)).toBe('limit=10&cursor=abc');
  });
});

describe('payingAccounts', () => {
  it('are the bank accounts whose coordinates carry the payouts setting', () => {
    const accounts = [
      account({
        coordinates: { bank: 'KBANK', accountNumber: '1234567890', payouts: { format: 'pain.001' } },
      }),
      account({ id: 'kbank-promptpay', type: 'PROMPTPAY', coordinates: { promptPayId: '0105550123451' } }),
      account({ id: 'scb-collect' }),
      // Not a bank account: whatever its coordinates say, it sends no file.
      account({ id: 'odd', type: 'PROMPTPAY', coordinates: { payouts: { format: 'pain.001' } } }),
      account({
        id: 'vcb-vnd',
        currencyCode: 'VND',
        coordinates: { bank: 'VCB', payouts: { format: 'pain.001' } },
      }),
    ];
    expect(payingAccounts(accounts)).toEqual([
      {
        id: 'kbank-current',
        accountName: 'Bangkok Books Co., Ltd.',
        currency: 'THB',
        accountNumber: '1234567890',
      },
      { id: 'vcb-vnd', accountName: 'Bangkok Books Co., Ltd.', currency: 'VND', accountNumber: undefined },
    ]);
    expect(payingAccounts([account({})])).toEqual([]);
    expect(payingAccounts([account({ coordinates: { payouts: null } })])).toEqual([]);
  });
});

describe('a batch', () => {
  it('is downloaded unless cancelled, and cancelled only while ready', () => {
    expect(batchActions('READY')).toEqual({ download: true, cancel: true });
    expect(batchActions('DOWNLOADED')).toEqual({ download: true, cancel: false });
    expect(batchActions('COMPLETED')).toEqual({ download: true, cancel: false });
    expect(batchActions('CANCELLED')).toEqual({ download: false, cancel: false });
  });

  it('stays open until every payout ended or it was cancelled', () => {
    expect(batchIsOpen('READY')).toBe(true);
    expect(batchIsOpen('DOWNLOADED')).toBe(true);
    expect(batchIsOpen('COMPLETED')).toBe(false);
    expect(batchIsOpen('CANCELLED')).toBe(false);
  });

  it('has its page and its file at console addresses', () => {
    expect(batchHref('pb_0123456789abcdef01234567')).toBe(
      '/console/payouts/batches/pb_0123456789abcdef01234567',
    );
    expect(batchFileHref('pb_0123456789abcdef01234567')).toBe(
      '/console/payouts/batches/pb_0123456789abcdef01234567/pain.001',
    );
    expect(batchHref('a/b')).toBe('/console/payouts/batches/a%2Fb');
  });
});

describe('formatBankDate', () => {
  it('shows the calendar day in the language, whatever the time zone', () => {
    expect(formatBankDate('en-US', '2026-11-27')).toBe('Nov 27, 2026');
    expect(formatBankDate('en-GB', '2026-01-01')).toBe('1 Jan 2026');
    expect(formatBankDate('en-US', 'soon')).toBe('soon');
  });
});

describe('readReply', () => {
  const schema = z.object({ idBatch: z.string() });

  it('parses an answer, passes a refusal on, and blames the API for a wrong shape', () => {
    expect(readReply({ status: 200, body: { idBatch: 'pb_1' } }, schema)).toEqual({
      data: { idBatch: 'pb_1' },
    });
    const refused = { status: 404, body: { code: 'PAYOUT_BATCH_NOT_FOUND' } };
    expect(readReply(refused, schema)).toEqual({ failure: refused });
    expect(readReply({ status: 200, body: { idBatch: 1 } }, schema)).toEqual({
      failure: { status: 502, body: { detail: 'The payin API answered in an unexpected shape.' } },
    });
  });
});
