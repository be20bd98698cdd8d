import { describe, expect, it } from 'vitest';
import type { OperatorMerchantResource } from '@/lib/api/operator-responses';
import {
  accountBodyOf,
  accountFormSchema,
  merchantFieldOf,
  NEW_MERCHANT_DEFAULTS,
  newMerchantBodyOf,
  newMerchantFormSchema,
  termsFormOf,
  termsPatchOf,
} from './operator-forms';

const merchant: OperatorMerchantResource = {
  merchantCode: 'shop',
  channelName: 'Bangkok Books',
  test: false,
  paymentMethods: ['QRTH', 'OFFLINE'],
  fees: { default: { percent: 2.5, fixed: { THB: 5 } }, QRTH: { percent: 1 } },
  vatPercent: 7,
  payoutFees: null,
  refundFee: null,
  settlementDelaySeconds: 86400,
  timeZone: null,
  collectionAccounts: [],
  notOffered: [],
};

describe('the new merchant form', () => {
  it('says test or live outright and leaves empty terms out', () => {
    const values = { ...NEW_MERCHANT_DEFAULTS, merchantCode: 'shop-2', channelName: 'Shop' };
    expect(newMerchantFormSchema.safeParse(values).error?.issues.map((issue) => issue.message)).toEqual([
      'mode',
    ]);
    expect(newMerchantBodyOf({ ...values, mode: 'live' })).toEqual({
      merchantCode: 'shop-2',
      channelName: 'Shop',
      test: false,
    });
    expect(
      newMerchantBodyOf({
        ...values,
        mode: 'test',
        paymentMethods: ['QRTH'],
        feePercent: '2.5',
        vatPercent: '7',
        settlementDelaySeconds: '0',
      }),
    ).toEqual({
      merchantCode: 'shop-2',
      channelName: 'Shop',
      test: true,
      paymentMethods: ['QRTH'],
      fees: { default: { percent: 2.5 } },
      vatPercent: 7,
      settlementDelaySeconds: 0,
    });
  });

  it('refuses percents with three decimals or over 100, and puts API errors on their fields', () => {
    for (const feePercent of ['2.555', '101', '-1', 'x']) {
      const parsed = newMerchantFormSchema.safeParse({
        ...NEW_MERCHANT_DEFAULTS,
        merchantCode: 's',
        channelName: 'S',
        mode: 'test',
        feePercent,
      });
      expect(parsed.error?.issues.map((issue) => issue.message)).toEqual(['percent']);
    }
    expect(merchantFieldOf('fees.default.percent')).toBe('feePercent');
    expect(merchantFieldOf('paymentMethods.0')).toBe('paymentMethods');
    expect(merchantFieldOf('test')).toBe('mode');
    expect(merchantFieldOf('collectionAccounts.0.id')).toBeUndefined();
  });
});

describe('the terms form', () => {
  it('sends only what changed, keeping the other fee rules and the fixed part', () => {
    const values = termsFormOf(merchant);
    expect(termsPatchOf(merchant, values)).toEqual({});
    expect(termsPatchOf(merchant, { ...values, paymentMethods: ['OFFLINE', 'QRTH'] })).toEqual({});
    expect(
      termsPatchOf(merchant, { ...values, channelName: ' Books ', feePercent: '3', vatPercent: '' }),
    ).toEqual({
      channelName: 'Books',
      fees: { default: { percent: 3, fixed: { THB: 5 } }, QRTH: { percent: 1 } },
      vatPercent: null,
    });
  });

  it('clears a term emptied: the default fee rule alone, or every fee when it was the only rule', () => {
    const values = termsFormOf(merchant);
    expect(termsPatchOf(merchant, { ...values, feePercent: '', settlementDelaySeconds: '' })).toEqual({
      fees: { QRTH: { percent: 1 } },
      settlementDelaySeconds: null,
    });
    const plain = { ...merchant, fees: { default: { percent: 2 } } };
    expect(termsPatchOf(plain, { ...termsFormOf(plain), feePercent: '' })).toEqual({ fees: null });
  });
});

describe('the collection account form', () => {
  it('builds a PromptPay account in THB from its fields', () => {
    const values = {
      type: 'PROMPTPAY' as const,
      id: 'promptpay',
      promptPayId: '0105550123451',
      accountName: ' Bangkok Books Co., Ltd. ',
      json: '',
    };
    expect(accountFormSchema.safeParse(values).success).toBe(true);
    expect(accountBodyOf(values)).toEqual({
      id: 'promptpay',
      type: 'PROMPTPAY',
      currency: 'THB',
      promptPayId: '0105550123451',
      accountName: 'Bangkok Books Co., Ltd.',
    });
  });

  it('takes the other types as one JSON object, of the type chosen', () => {
    const base = { id: '', promptPayId: '', accountName: '' };
    expect(accountFormSchema.safeParse({ ...base, type: 'UPI', json: '[1]' }).error?.issues[0]?.message).toBe(
      'json',
    );
    expect(accountBodyOf({ ...base, type: 'UPI', json: '{"id":"upi","vpa":"a@okaxis"}' })).toEqual({
      id: 'upi',
      vpa: 'a@okaxis',
      type: 'UPI',
    });
  });
});
