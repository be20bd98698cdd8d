import { describe, expect, it } from 'vitest';
import { CURRENCY_CODES } from '@/lib/money';
import { payoutMethodCurrencies } from '@/lib/payouts/methods';
import { payoutOptions, resolvePayoutDestination } from './index';

describe('resolvePayoutDestination: method and currency', () => {
  it('refuses an unknown method, listing the methods', () => {
    const result = resolvePayoutDestination({ currency: 'THB', paymentMethodCode: 'QRTH', account: {} });
    expect(result).toEqual({
      ok: false,
      code: 'PAYOUT_METHOD_UNKNOWN',
      detail: 'Unknown payout method; payouts take BANK_TRANSFER, PROMPTPAY, UPI, MOBILE_MONEY, CRYPTO.',
      errors: [
        {
          field: 'paymentMethod.paymentMethodCode',
          message: 'One of BANK_TRANSFER, PROMPTPAY, UPI, MOBILE_MONEY, CRYPTO.',
        },
      ],
    });
  });

  it.each([
    ['MOBILE_MONEY', 'THB', 'GHS, KES'],
    ['CRYPTO', 'INR', 'USDT, USDC'],
    ['BANK_TRANSFER', 'USDT', 'CNY, GHS'],
    ['PROMPTPAY', 'VND', 'THB'],
    ['UPI', 'THB', 'INR'],
  ] as const)('refuses %s in %s, naming the currencies it takes', (method, currency, named) => {
    const result = resolvePayoutDestination({ currency, paymentMethodCode: method, account: {} });
    expect(result).toMatchObject({ ok: false, code: 'CURRENCY_NOT_SUPPORTED' });
    expect(result.ok ? undefined : result.errors).toEqual([
      { field: 'paymentRequested.money.currencyCode', message: expect.stringContaining(named) as string },
    ]);
  });

  it('bank transfers take every currency with a country, the stablecoins go to wallets', () => {
    expect(payoutMethodCurrencies.BANK_TRANSFER).toEqual(
      CURRENCY_CODES.filter((code) => !['USDT', 'USDC'].includes(code)),
    );
    expect(payoutMethodCurrencies.BANK_TRANSFER).toHaveLength(14);
  });
});

describe('payoutOptions', () => {
  it('lists each method of the currency with its operators as code and name only', () => {
    const options = payoutOptions('GHS');
    expect(options.map((option) => option.paymentMethodCode)).toEqual(['BANK_TRANSFER', 'MOBILE_MONEY']);
    expect(options[1]!.paymentOperators).toEqual([
      { code: 'MTN', name: 'MTN Mobile Money' },
      { code: 'TELECEL', name: 'Telecel Cash (formerly Vodafone Cash)' },
      { code: 'AIRTELTIGO', name: 'AT Money (AirtelTigo)' },
    ]);
    expect(options[0]!.paymentOperators[0]).toEqual({ code: 'GCB', name: 'GCB Bank' });
  });

  it('offers PromptPay beside the banks in THB and UPI in INR, with no operator to choose', () => {
    expect(payoutOptions('THB').map((option) => option.paymentMethodCode)).toEqual([
      'BANK_TRANSFER',
      'PROMPTPAY',
    ]);
    expect(payoutOptions('INR').map((option) => option.paymentMethodCode)).toEqual(['BANK_TRANSFER', 'UPI']);
    expect(payoutOptions('THB')[1]!.paymentOperators).toEqual([]);
  });

  it('offers USDC on Ethereum and Polygon only, and no bank for it', () => {
    expect(payoutOptions('USDC')).toEqual([
      {
        paymentMethodCode: 'CRYPTO',
        paymentOperators: [
          { code: 'ETHEREUM', name: 'Ethereum (ERC-20)' },
          { code: 'POLYGON', name: 'Polygon PoS (ERC-20)' },
        ],
      },
    ]);
  });

  it.each(payoutMethodCurrencies.BANK_TRANSFER)('offers banks for %s', (currency) => {
    const [bank] = payoutOptions(currency);
    expect(bank?.paymentMethodCode).toBe('BANK_TRANSFER');
    expect(bank?.paymentOperators.length).toBeGreaterThanOrEqual(3);
  });
});
