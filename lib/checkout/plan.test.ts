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

const KBANK = { code: 'KBANK', name: 'Kasikornbank' };
const SCB = { code: 'SCB', name: 'SCB' };
const BBL = { code: 'BBL', name: 'Bangkok Bank' };
const choiceOf = (method: string, operator?: { code: string; name: string }) => ({ method, operator });

describe('planCheckout: the five scenarios', () => {
  it('1: required only: every option offered, nothing selected, data collected after choosing', () => {
    const result = planCheckout(params({}), options, {});
    expect(result).toMatchObject({
      ok: true,
      plan: { canChoose: true, selection: undefined, suggested: undefined, fields: [] },
    });
    // Where the service assigns the operator (our collecting bank) the customer is not asked; where
    // it is the customer's own bank (online banking) they pick it.
    expect(result.ok && result.plan.choices).toEqual([
      choiceOf('OFFLINE'),
      choiceOf('QRTH'),
      choiceOf('ONLINE', SCB),
    ]);
    const chosen = planCheckout(params({}), options, { method: 'QRTH' });
    expect(chosen).toMatchObject({
      ok: true,
      plan: {
        selection: { method: 'QRTH', operator: undefined },
        fields: [{ field: 'accountNumber', required: true, value: '', editable: true }],
      },
    });
    // A pick that is not one of the choices is not honoured.
    expect(planCheckout(params({}), options, { method: 'ONLINE', operator: 'KBANK' })).toMatchObject({
      ok: true,
      plan: { selection: undefined },
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

  it('4: method and operator given: selection skipped, no other choice', () => {
    const byMethod = planCheckout(params({ paymentMethodCode: 'OFFLINE' }), options, { method: 'QRTH' });
    // The service assigns the collecting bank: nothing to choose, and no bank is imposed by the page.
    expect(byMethod).toMatchObject({
      ok: true,
      plan: { canChoose: false, choices: [choiceOf('OFFLINE')], selection: choiceOf('OFFLINE') },
    });
    const both = planCheckout(
      params({ paymentMethodCode: 'OFFLINE', paymentOperatorCode: 'SCB' }),
      options,
      {},
    );
    expect(both).toMatchObject({ ok: true, plan: { canChoose: false, selection: choiceOf('OFFLINE', SCB) } });
  });

  it('4: operator only, shared by two methods: the customer picks between those two, once, and the pick holds', () => {
    const operatorOnly = planCheckout(params({ paymentOperatorCode: 'SCB' }), options, {});
    expect(operatorOnly).toMatchObject({
      ok: true,
      plan: {
        canChoose: true,
        selection: undefined,
        choices: [choiceOf('OFFLINE', SCB), choiceOf('ONLINE', SCB)],
      },
    });
    // The pick is honoured (it used to be ignored, and the picker came back for ever).
    const picked = planCheckout(params({ paymentOperatorCode: 'SCB' }), options, {
      method: 'ONLINE',
      operator: 'SCB',
    });
    expect(picked).toMatchObject({ ok: true, plan: { selection: choiceOf('ONLINE', SCB) } });
    // No method outside the operator's.
    expect(planCheckout(params({ paymentOperatorCode: 'SCB' }), options, { method: 'QRTH' })).toMatchObject({
      ok: true,
      plan: { selection: undefined },
    });
    // Shared by one method only: straight on.
    const single = planCheckout(params({ paymentOperatorCode: 'KBANK' }), options, {});
    expect(single).toMatchObject({
      ok: true,
      plan: { canChoose: false, selection: choiceOf('OFFLINE', KBANK) },
    });
  });

  it('4: method only, paid from the customer’s own bank: the customer picks their bank, none is imposed', () => {
    const banks: PaymentOptionView[] = [
      { paymentMethodCode: 'ONLINE', paymentOperators: [KBANK, SCB, BBL] },
      { paymentMethodCode: 'QRTH', paymentOperators: [] },
    ];
    const plan = planCheckout(params({ paymentMethodCode: 'ONLINE' }), banks, {});
    expect(plan).toMatchObject({
      ok: true,
      plan: {
        selection: undefined,
        suggested: undefined,
        choices: [choiceOf('ONLINE', KBANK), choiceOf('ONLINE', SCB), choiceOf('ONLINE', BBL)],
      },
    });
    expect(
      planCheckout(params({ paymentMethodCode: 'ONLINE' }), banks, { method: 'ONLINE', operator: 'BBL' }),
    ).toMatchObject({
      ok: true,
      plan: { selection: choiceOf('ONLINE', BBL) },
    });
  });

  it('5: as 4 with optionsAvailable=true: pre-selected, the customer may switch', () => {
    const preselected = planCheckout(
      params({ paymentMethodCode: 'OFFLINE', optionsAvailable: 'true' }),
      options,
      {},
    );
    expect(preselected).toMatchObject({
      ok: true,
      plan: { canChoose: true, selection: choiceOf('OFFLINE'), note: undefined },
    });
    expect(preselected.ok && preselected.plan.choices).toHaveLength(3);
    const switched = planCheckout(
      params({ paymentMethodCode: 'OFFLINE', optionsAvailable: 'true' }),
      options,
      {
        method: 'ONLINE',
        operator: 'SCB',
      },
    );
    expect(switched).toMatchObject({ ok: true, plan: { selection: choiceOf('ONLINE', SCB) } });
  });

  it('5: a shared operator is pre-checked in the picker; an unavailable pre-selection falls back to free choice with a note', () => {
    const shared = planCheckout(
      params({ paymentOperatorCode: 'SCB', optionsAvailable: 'true' }),
      options,
      {},
    );
    expect(shared).toMatchObject({
      ok: true,
      plan: { selection: undefined, suggested: choiceOf('OFFLINE', SCB), canChoose: true, note: undefined },
    });
    expect(shared.ok && shared.plan.choices.map((choice) => choice.method)).toEqual([
      'OFFLINE',
      'QRTH',
      'ONLINE',
    ]);
    const unavailable = planCheckout(
      params({ paymentMethodCode: 'QRVN', optionsAvailable: 'true' }),
      options,
      {},
    );
    expect(unavailable).toMatchObject({
      ok: true,
      plan: { selection: undefined, canChoose: true, note: 'preselection-unavailable' },
    });
  });

  it('refuses an unavailable fixed option and an empty list', () => {
    expect(planCheckout(params({ paymentMethodCode: 'QRVN' }), options, {})).toEqual({
      ok: false,
      reason: 'option-unavailable',
    });
    expect(planCheckout(params({ paymentOperatorCode: 'NOPE' }), options, {})).toEqual({
      ok: false,
      reason: 'option-unavailable',
    });
    expect(planCheckout(params({}), [], {})).toEqual({ ok: false, reason: 'no-options' });
  });
});
