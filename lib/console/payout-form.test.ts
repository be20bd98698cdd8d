import { describe, expect, it } from 'vitest';
import {
  newIdPayout,
  payoutForecastOf,
  payoutFormDefaults,
  payoutFormFieldOf,
  payoutFormSchema,
  payoutRequestOf,
  type PayoutForm,
} from './payout-form';

const filled = (overrides: Partial<PayoutForm> = {}): PayoutForm => ({
  ...payoutFormDefaults({ idPayout: 'po-1', callbackUrl: 'https://shop.example/callbacks' }),
  amount: '1009.10',
  paymentMethodCode: 'BANK_TRANSFER',
  accountName: 'Somchai Jaidee',
  accountNumber: '1234567890',
  bankCode: '004',
  ...overrides,
});

const issues = (values: PayoutForm) => {
  const result = payoutFormSchema.safeParse(values);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('payoutFormSchema', () => {
  it('accepts a filled form and trims it', () => {
    const parsed = payoutFormSchema.parse(filled({ accountNumber: ' 1234567890 ' }));
    expect(parsed.accountNumber).toBe('1234567890');
  });

  it('names each problem by a message key, on its field', () => {
    expect(
      issues(
        filled({
          amount: '10.123',
          paymentMethodCode: '',
          accountNumber: ' ',
          idPayout: 'a/b',
          callbackUrl: 'ftp://x',
        }),
      ),
    ).toEqual({
      accountNumber: 'required',
      idPayout: 'idPayout',
      callbackUrl: 'url',
      amount: 'amount',
      paymentMethodCode: 'methodRequired',
    });
    expect(issues(filled({ amount: '0', callbackUrl: '' }))).toEqual({
      callbackUrl: 'required',
      amount: 'amount',
    });
    expect(issues(filled({ amount: '10.5', currencyCode: 'VND' }))).toEqual({ amount: 'amount' });
    expect(issues(filled({ accountName: 'x'.repeat(141) }))).toEqual({ accountName: 'tooLong' });
  });
});

describe('payoutRequestOf', () => {
  it('sends the amount as an exact JSON number and leaves blank optional fields out', () => {
    expect(payoutRequestOf(filled({ amount: '1009.10' }))).toEqual({
      idPayout: 'po-1',
      body: {
        paymentRequested: { money: { amount: 1009.1, currencyCode: 'THB' } },
        paymentMethod: {
          paymentMethodCode: 'BANK_TRANSFER',
          account: { accountName: 'Somchai Jaidee', accountNumber: '1234567890', bankCode: '004' },
        },
        callbackUrl: 'https://shop.example/callbacks',
      },
    });
  });

  it('sends the operator, phone and email when given', () => {
    const { body } = payoutRequestOf(
      filled({
        currencyCode: 'GHS',
        paymentMethodCode: 'MOBILE_MONEY',
        paymentOperatorCode: 'MTN',
        accountName: '',
        accountNumber: '0241234567',
        bankCode: '',
        phoneNumber: '+233241234567',
        emailAddress: 'kwame@example.com',
      }),
    );
    expect(body.paymentMethod).toEqual({
      paymentMethodCode: 'MOBILE_MONEY',
      paymentOperatorCode: 'MTN',
      account: { accountNumber: '0241234567' },
      phoneNumber: '+233241234567',
      emailAddress: 'kwame@example.com',
    });
  });

  it('refuses to build a request from an amount that is not one', () => {
    expect(() => payoutRequestOf(filled({ amount: 'ten' }))).toThrow(RangeError);
  });
});

describe('payoutFormFieldOf', () => {
  it("puts the API's field errors on the form's fields, and nothing else", () => {
    expect(payoutFormFieldOf('paymentMethod.account.accountNumber')).toBe('accountNumber');
    expect(payoutFormFieldOf('paymentRequested.money.amount')).toBe('amount');
    expect(payoutFormFieldOf('paymentMethod.paymentOperatorCode')).toBe('paymentOperatorCode');
    expect(payoutFormFieldOf('idPayout')).toBe('idPayout');
    expect(payoutFormFieldOf('toString')).toBeUndefined();
    expect(payoutFormFieldOf('processorStatus')).toBeUndefined();
  });
});

describe('payoutForecastOf', () => {
  it('tells what a sandbox amount does: 9.10 waits, 9.01 succeeds, 9.02–9.06 are refused', () => {
    expect(payoutForecastOf('1009.10', 'THB')).toEqual({ kind: 'waits' });
    expect(payoutForecastOf('19.01', 'THB')).toEqual({ kind: 'succeeds', seconds: 3 });
    expect(payoutForecastOf('9.04', 'THB')).toEqual({ kind: 'refused', seconds: 3, reason: 'NAME_MISMATCH' });
    expect(payoutForecastOf('10910', 'VND')).toEqual({ kind: 'waits' });
    expect(payoutForecastOf('1000', 'THB')).toEqual({ kind: 'default' });
    expect(payoutForecastOf('', 'THB')).toBeUndefined();
  });
});

describe('newIdPayout', () => {
  it('is fresh each time and a valid idPayout', () => {
    const a = newIdPayout();
    expect(a).toMatch(/^payout-[0-9a-f]{18}$/);
    expect(newIdPayout()).not.toBe(a);
  });
});
