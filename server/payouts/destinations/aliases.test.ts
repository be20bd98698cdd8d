import { describe, expect, it } from 'vitest';
import { resolvePayoutDestination } from './index';

const promptPay = (accountNumber: string | undefined, extra: Record<string, string> = {}) =>
  resolvePayoutDestination({
    currency: 'THB',
    paymentMethodCode: 'PROMPTPAY',
    account: { accountNumber, ...extra },
  });
const upi = (accountNumber: string | undefined) =>
  resolvePayoutDestination({ currency: 'INR', paymentMethodCode: 'UPI', account: { accountNumber } });

describe('PromptPay IDs', () => {
  it('takes a mobile number as people write it, a citizen ID with its check digit, an e-wallet ID', () => {
    expect(promptPay('081-234-5678', { accountName: 'Somchai' })).toEqual({
      ok: true,
      destination: { method: 'PROMPTPAY', account: { accountName: 'Somchai', accountNumber: '0812345678' } },
    });
    expect(promptPay('1 1017 00230 70 8')).toMatchObject({
      ok: true,
      destination: { account: { accountNumber: '1101700230708' } },
    });
    expect(promptPay('123456789012345')).toMatchObject({ ok: true });
  });

  it('refuses a mistyped ID, a landline, an operator or a bank code, naming the field', () => {
    const mistyped = promptPay('1101700230709');
    expect(mistyped).toMatchObject({ ok: false, code: 'VALIDATION_FAILED' });
    expect(mistyped.ok ? [] : mistyped.errors).toEqual([
      {
        field: 'paymentMethod.account.accountNumber',
        message: expect.stringContaining('check digit') as string,
      },
    ]);
    expect(promptPay('021234567')).toMatchObject({ ok: false });
    expect(promptPay(undefined)).toMatchObject({ ok: false });
    const extra = resolvePayoutDestination({
      currency: 'THB',
      paymentMethodCode: 'PROMPTPAY',
      paymentOperatorCode: 'KBANK',
      account: { accountNumber: '0812345678', bankCode: '004' },
    });
    expect(extra.ok ? [] : extra.errors.map((error) => error.field)).toEqual([
      'paymentMethod.paymentOperatorCode',
      'paymentMethod.account.bankCode',
    ]);
  });
});

describe('UPI IDs', () => {
  it('takes name@handle in any case and keeps it lowercase', () => {
    expect(upi(' Priya.Sharma@OKAXIS ')).toEqual({
      ok: true,
      destination: { method: 'UPI', account: { accountNumber: 'priya.sharma@okaxis' } },
    });
  });

  it('refuses what is not a UPI ID', () => {
    expect(upi('priya.sharma')).toMatchObject({ ok: false, code: 'VALIDATION_FAILED' });
    expect(upi('@okaxis')).toMatchObject({ ok: false });
  });
});
