import { describe, expect, it } from 'vitest';
import type { CheckoutParams } from './params';
import { parseCheckoutParams } from './params';
import { planCheckout, type PaymentOptionView } from './plan';

const options: PaymentOptionView[] = [
  {
    paymentMethodCode: 'OFFLINE',
    paymentOperators: [
      { code: 'KBANK', name: 'Kasikornbank' },
      { code: 'SCB', name: 'SCB' },
    ],
  },
  { paymentMethodCode: 'QRTH', paymentOperators: [] },
  { paymentMethodCode: 'ONLINE', paymentOperators: [{ code: 'SCB', name: 'SCB' }] },
];

function params(query: Record<string, string>): CheckoutParams {
  const parsed = parseCheckoutParams({
    amount: '100.50',
    currencyCode: 'THB',
    callbackUrl: 'https://shop.example/cb',
    returnUrl: 'https://shop.example/back',
    ...query,
  });
  if (!parsed.ok) throw new Error(parsed.invalid.join());
  return parsed.params;
}

describe('parseCheckoutParams', () => {
  it('names every missing or invalid parameter', () => {
    const parsed = parseCheckoutParams({
      amount: '1',
      currencyCode: 'XXX',
      returnUrl: 'javascript:alert(1)',
    });
    expect(parsed).toEqual({
      ok: false,
      invalid: expect.arrayContaining(['currencyCode', 'callbackUrl', 'returnUrl']),
    });
    expect(
      parseCheckoutParams({
        amount: '1.001',
        currencyCode: 'THB',
        callbackUrl: 'https://a.example',
        returnUrl: 'https://a.example',
      }),
    ).toEqual({
      ok: false,
      invalid: ['amount'],
    });
  });
});

describe('planCheckout: the five scenarios', () => {
  it('1: required only: every option offered, nothing selected, data collected after choosing', () => {
    const result = planCheckout(params({}), options, {});
    expect(result).toMatchObject({
      ok: true,
      plan: { canChooseOption: true, selection: undefined, fields: [] },
    });
    const chosen = planCheckout(params({}), options, { method: 'QRTH' });
    expect(chosen).toMatchObject({
      ok: true,
      plan: {
        selection: { method: 'QRTH' },
        fields: [{ field: 'accountNumber', required: true, value: '', editable: true }],
      },
    });
  });

  it('2: customer data given: shown, not editable, submitted as given (where the method takes it)', () => {
    const result = planCheckout(
      params({ accountNumber: '1234567890', accountName: 'Somchai', emailAddress: 'a@b.example' }),
      options,
      { method: 'QRTH' },
    );
    // QRTH's request object has no email address: the API would drop it, so the page does not show it.
    expect(result.ok && result.plan.fields).toEqual([
      { field: 'accountName', required: false, value: 'Somchai', editable: false },
      { field: 'accountNumber', required: true, value: '1234567890', editable: false },
    ]);
  });

  it('asks for what the chosen operator needs (an e-wallet push needs the phone)', () => {
    const wallets: PaymentOptionView[] = [
      {
        paymentMethodCode: 'EWALLET',
        paymentOperators: [
          { code: 'DANA', name: 'DANA' },
          { code: 'OVO', name: 'OVO' },
        ],
      },
    ];
    const idr = params({ amount: '150000', currencyCode: 'IDR' });
    expect(planCheckout(idr, wallets, { method: 'EWALLET', operator: 'DANA' })).toMatchObject({
      ok: true,
      plan: { fields: [] },
    });
    expect(planCheckout(idr, wallets, { method: 'EWALLET', operator: 'OVO' })).toMatchObject({
      ok: true,
      plan: { fields: [{ field: 'phoneNumber', required: true, editable: true }] },
    });
  });

  it('3: with allowCustomerDataChange=true: pre-filled and editable', () => {
    const result = planCheckout(
      params({ accountNumber: '1234567890', allowCustomerDataChange: 'true' }),
      options,
      { method: 'QRTH' },
    );
    expect(result.ok && result.plan.fields).toEqual([
      { field: 'accountNumber', required: true, value: '1234567890', editable: true },
    ]);
  });

  it('4: method and/or operator given: selection skipped, no other choice', () => {
    const byMethod = planCheckout(params({ paymentMethodCode: 'OFFLINE' }), options, { method: 'QRTH' });
    expect(byMethod).toMatchObject({
      ok: true,
      plan: { canChooseOption: false, selection: { method: 'OFFLINE', operator: 'KBANK' } },
    });
    expect(byMethod.ok && byMethod.plan.options.map((option) => option.paymentMethodCode)).toEqual([
      'OFFLINE',
    ]);
    const byOperator = planCheckout(
      params({ paymentMethodCode: 'OFFLINE', paymentOperatorCode: 'SCB' }),
      options,
      {},
    );
    expect(byOperator).toMatchObject({
      ok: true,
      plan: { selection: { method: 'OFFLINE', operator: 'SCB' } },
    });
    // SCB alone is offered by two methods: the customer picks between those two only.
    const operatorOnly = planCheckout(params({ paymentOperatorCode: 'SCB' }), options, {});
    expect(operatorOnly.ok && operatorOnly.plan.options.map((option) => option.paymentMethodCode)).toEqual([
      'OFFLINE',
      'ONLINE',
    ]);
  });

  it('5: as 4 with optionsAvailable=true: pre-selected, the customer may switch', () => {
    const preselected = planCheckout(
      params({ paymentMethodCode: 'OFFLINE', optionsAvailable: 'true' }),
      options,
      {},
    );
    expect(preselected).toMatchObject({
      ok: true,
      plan: { canChooseOption: true, selection: { method: 'OFFLINE' } },
    });
    expect(preselected.ok && preselected.plan.options).toHaveLength(3);
    const switched = planCheckout(
      params({ paymentMethodCode: 'OFFLINE', optionsAvailable: 'true' }),
      options,
      { method: 'ONLINE' },
    );
    expect(switched).toMatchObject({ ok: true, plan: { selection: { method: 'ONLINE', operator: 'SCB' } } });
  });

  it('refuses an unavailable fixed option and an empty list', () => {
    expect(planCheckout(params({ paymentMethodCode: 'QRVN' }), options, {})).toEqual({
      ok: false,
      reason: 'option-unavailable',
    });
    expect(planCheckout(params({}), [], {})).toEqual({ ok: false, reason: 'no-options' });
  });
});
