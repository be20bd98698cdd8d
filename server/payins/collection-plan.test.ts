import { describe, expect, it } from 'vitest';
import { moneyOf } from '@/lib/money';
import type { CollectionAccount } from '../accounts';
import { AppError } from '../errors';
import { requireAdapter } from '../methods';
import { testMerchant } from '@/tests/support/adapter-fixtures';
import { liveGaps, offeredOperators, planCollection } from './collection-plan';

const PROMPTPAY: CollectionAccount = {
  id: 'kbank-promptpay',
  type: 'PROMPTPAY',
  currency: 'THB',
  accountName: 'Bangkok Books Co., Ltd.',
  promptPayId: '0105550123451',
};
const SCB: CollectionAccount = {
  id: 'scb',
  type: 'BANK_ACCOUNT',
  currency: 'THB',
  bank: 'SCB',
  accountNumber: '1234567890',
  accountName: 'Bangkok Books Co., Ltd.',
};
const TRON_ONE: CollectionAccount = {
  id: 'usdt',
  type: 'CRYPTO',
  currency: 'USDT',
  network: 'TRON',
  addresses: ['TBXSw8fM4jpQkGc6zZjsVABFpVN7UvXPdV'],
  accountName: 'Bangkok Books',
};
const UPI: CollectionAccount = {
  id: 'upi',
  type: 'UPI',
  currency: 'INR',
  vpa: 'books@icici',
  accountName: 'Books',
};

const live = testMerchant({
  isTest: false,
  paymentMethods: ['QRTH', 'OFFLINE', 'ONLINE', 'QRMY', 'CRYPTO_OFFLINE', 'QRIN', 'P2A_V2'],
  collectionAccounts: [PROMPTPAY, SCB, TRON_ONE, UPI],
});

function refusal(run: () => unknown): AppError {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('not refused');
}

describe('which account collects a payin', () => {
  it('routes each account method to its account type, operator and currency', () => {
    const plan = (
      code: Parameters<typeof requireAdapter>[0],
      money = moneyOf('THB', 10_000n),
      operatorCode?: string,
    ) => planCollection({ merchant: live, adapter: requireAdapter(code), money, operatorCode });
    expect(plan('QRTH')).toMatchObject({ account: PROMPTPAY, operator: undefined, uniqueAmount: true });
    expect(plan('OFFLINE')).toMatchObject({ account: SCB, operator: { code: 'SCB' } });
    expect(plan('CRYPTO_OFFLINE', moneyOf('USDT', 10_000_000n))).toMatchObject({
      account: TRON_ONE,
      operator: { code: 'TRON' },
      uniqueAmount: true,
    });
    expect(plan('QRIN', moneyOf('INR', 10_000n))).toMatchObject({ account: UPI });
    expect(plan('QRIN', moneyOf('INR', 10_000n), 'ICICI')).toMatchObject({ account: UPI });
    expect(plan('P2A_V2', moneyOf('INR', 10_000n))).toMatchObject({
      account: UPI,
      operator: { code: 'UPI' },
    });
  });

  it('offers a live merchant only the operators it has an account at, and no connector method', () => {
    expect(offeredOperators(live, requireAdapter('OFFLINE'), 'THB')?.map((op) => op.code)).toEqual(['SCB']);
    expect(offeredOperators(live, requireAdapter('CRYPTO_OFFLINE'), 'USDT')?.map((op) => op.code)).toEqual([
      'TRON',
    ]);
    expect(offeredOperators(live, requireAdapter('CRYPTO_OFFLINE'), 'USDC')).toBeUndefined();
    expect(offeredOperators(live, requireAdapter('QRIN'), 'INR')?.map((op) => op.code)).toEqual(['ICICI']);
    expect(offeredOperators(live, requireAdapter('P2A_V2'), 'INR')?.map((op) => op.code)).toEqual(['UPI']);
    expect(offeredOperators(live, requireAdapter('ONLINE'), 'THB')).toBeUndefined();
    expect(offeredOperators(live, requireAdapter('OFFLINE'), 'VND')).toBeUndefined();
  });

  it('refuses what a live merchant cannot collect, saying what is missing', () => {
    const online = refusal(() =>
      planCollection({
        merchant: live,
        adapter: requireAdapter('ONLINE'),
        money: moneyOf('THB', 100n),
        operatorCode: undefined,
      }),
    );
    expect(online.code).toBe('PAYMENT_METHOD_NOT_AVAILABLE');
    expect(online.message).toBe(
      'ONLINE is not available live for this merchant: no live processor connector serves ONLINE in THB.',
    );
    const kbank = refusal(() =>
      planCollection({
        merchant: live,
        adapter: requireAdapter('OFFLINE'),
        money: moneyOf('THB', 100n),
        operatorCode: 'KBANK',
      }),
    );
    expect(kbank.message).toBe(
      'OFFLINE is not available live at KBANK for this merchant: no THB BANK_ACCOUNT collection account at KBANK is configured.',
    );
    expect(kbank.errors).toEqual([
      {
        field: 'paymentMethod.paymentOperatorCode',
        message: 'Not available live: no THB BANK_ACCOUNT collection account at KBANK is configured.',
      },
    ]);
    const qrth = refusal(() =>
      planCollection({
        merchant: testMerchant({ isTest: false }),
        adapter: requireAdapter('QRTH'),
        money: moneyOf('THB', 100n),
        operatorCode: undefined,
      }),
    );
    expect(qrth.message).toBe(
      'QRTH is not available live for this merchant: no PROMPTPAY collection account is configured.',
    );
    expect(qrth.errors[0]?.field).toBe('paymentMethod.paymentMethodCode');
  });

  it('gives test merchants their account when they have one, else the sandbox as before', () => {
    const sandbox = testMerchant({ collectionAccounts: [PROMPTPAY] });
    const money = moneyOf('THB', 100n);
    expect(
      planCollection({ merchant: sandbox, adapter: requireAdapter('QRTH'), money, operatorCode: undefined })
        .account,
    ).toBe(PROMPTPAY);
    const offline = planCollection({
      merchant: sandbox,
      adapter: requireAdapter('OFFLINE'),
      money,
      operatorCode: undefined,
    });
    expect(offline).toMatchObject({ account: undefined, operator: { code: 'KBANK' }, uniqueAmount: true });
    const online = planCollection({
      merchant: sandbox,
      adapter: requireAdapter('ONLINE'),
      money,
      operatorCode: undefined,
    });
    expect(online.connector?.id).toBe('sandbox-institution');
    expect(offeredOperators(sandbox, requireAdapter('OFFLINE'), 'THB')?.length).toBe(4);
  });

  it('names each configured method a live merchant cannot be offered', () => {
    const gaps = liveGaps(
      testMerchant({ isTest: false, paymentMethods: ['QRTH', 'ONLINE'], collectionAccounts: [PROMPTPAY] }),
    );
    expect(gaps.map((gap) => `${gap.method} ${gap.currency}`)).toEqual([
      'ONLINE INR',
      'ONLINE THB',
      'ONLINE MYR',
      'ONLINE VND',
      'ONLINE ZAR',
    ]);
    expect(liveGaps(testMerchant({ paymentMethods: ['ONLINE'] }))).toEqual([]);
  });
});
