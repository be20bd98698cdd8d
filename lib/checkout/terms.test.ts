import { describe, expect, it } from 'vitest';
import type { CheckoutParams } from './params';
import { planCheckout } from './plan';
import { submissionConflicts, termsConflicts, withTerms } from './terms';

const link: CheckoutParams = {
  money: { currency: 'THB', minor: 150_050n },
  callbackUrl: 'https://shop.example/cb',
  returnUrl: 'https://shop.example/back',
  customerData: { phoneNumber: '081 234 5678', emailAddress: 'Somchai@Example.co.th' },
  allowCustomerDataChange: true,
  paymentMethodCode: undefined,
  paymentOperatorCode: undefined,
  optionsAvailable: true,
};

describe('termsConflicts', () => {
  it('finds nothing without terms, or when the link says what they bind', () => {
    expect(termsConflicts(link, undefined)).toEqual([]);
    expect(
      termsConflicts(link, {
        callbackUrl: 'https://shop.example/cb',
        customer: { phoneNumber: '+66812345678', emailAddress: 'somchai@example.co.th' },
      }),
    ).toEqual([]);
  });

  it('names every parameter the link changed, as the link names it', () => {
    expect(
      termsConflicts(
        { ...link, paymentMethodCode: 'QRTH', paymentOperatorCode: 'SCB' },
        {
          callbackUrl: 'https://shop.example/other',
          returnUrl: 'https://shop.example/back',
          paymentMethodCode: 'OFFLINE',
          paymentOperatorCode: 'KBANK',
          customer: { phoneNumber: '0899999999' },
        },
      ),
    ).toEqual(['callbackUrl', 'paymentMethodCode', 'paymentOperatorCode', 'phoneNumber']);
  });
});

describe('withTerms', () => {
  it('puts the bound values in force, fixes a bound method and locks bound customer data', () => {
    const bound = withTerms(link, {
      paymentMethodCode: 'OFFLINE',
      paymentOperatorCode: 'KBANK',
      customer: { accountName: 'Somchai Jaidee' },
    });
    expect(bound).toMatchObject({
      paymentMethodCode: 'OFFLINE',
      paymentOperatorCode: 'KBANK',
      optionsAvailable: false,
      lockedFields: ['accountName'],
      customerData: { accountName: 'Somchai Jaidee', phoneNumber: '081 234 5678' },
    });
    const plan = planCheckout(
      bound,
      [{ paymentMethodCode: 'OFFLINE', paymentOperators: [{ code: 'KBANK', name: 'Kasikornbank' }] }],
      {},
    );
    expect(plan.ok && plan.plan.fields.find((field) => field.field === 'accountName')).toMatchObject({
      value: 'Somchai Jaidee',
      editable: false,
    });
  });
});

describe('submissionConflicts', () => {
  const form = {
    amount: '1500.50',
    currencyCode: 'THB',
    callbackUrl: 'https://shop.example/cb',
    returnUrl: 'https://shop.example/back',
    paymentMethodCode: 'OFFLINE',
    paymentOperatorCode: 'KBANK',
    accountName: 'Somchai Jaidee',
  };
  const limits = {
    money: { amount: 1500.5, currencyCode: 'THB' },
    terms: {
      callbackUrl: 'https://shop.example/cb',
      paymentMethodCode: 'OFFLINE',
      paymentOperatorCode: 'KBANK',
      customer: { accountName: 'Somchai Jaidee' },
    },
  };

  it('finds nothing in the form the page showed, however the amount is written', () => {
    expect(submissionConflicts(form, limits)).toEqual([]);
    expect(submissionConflicts({ ...form, amount: '1500.5' }, limits)).toEqual([]);
    expect(submissionConflicts(form, { money: undefined, terms: undefined })).toEqual([]);
  });

  it('names the amount, a changed method and a dropped bound operator', () => {
    expect(
      submissionConflicts(
        { ...form, amount: '1.00', paymentMethodCode: 'QRTH', paymentOperatorCode: '' },
        limits,
      ),
    ).toEqual(['amount', 'paymentMethodCode', 'paymentOperatorCode']);
    expect(submissionConflicts({ ...form, currencyCode: 'VND', amount: '1500' }, limits)).toEqual(['amount']);
  });

  it('names changed customer data and addresses, but not data the form leaves out', () => {
    expect(
      submissionConflicts(
        { ...form, accountName: 'Someone Else', callbackUrl: 'https://attacker.example/cb' },
        limits,
      ),
    ).toEqual(['callbackUrl', 'accountName']);
    expect(submissionConflicts({ ...form, accountName: undefined }, limits)).toEqual([]);
  });
});
