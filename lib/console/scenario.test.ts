import { describe, expect, it } from 'vitest';
import { parseCheckoutParams } from '../checkout/params';
import {
  buildCurl,
  buildRedirectUrl,
  newIdPayin,
  problemOf,
  scenarioDefaults,
  scenarioFormSchema,
  scenarioFromQuery,
  scenarioToQuery,
  tokenRequestOf,
  type ScenarioForm,
} from './scenario';

const ORIGIN = 'https://pay.example';

function form(overrides: Partial<ScenarioForm> = {}): ScenarioForm {
  return {
    ...scenarioDefaults('order-1'),
    callbackUrl: 'https://shop.example/callbacks',
    returnUrl: 'https://shop.example/return?order=order-1',
    accountName: 'Somchai Jaidee',
    accountNumber: '1234567890',
    emailAddress: 'somchai@example.co.th',
    paymentMethodCode: 'OFFLINE',
    paymentOperatorCode: 'SCB',
    ...overrides,
  };
}

function linkOf(values: ScenarioForm) {
  const url = new URL(buildRedirectUrl({ origin: ORIGIN, merchantCode: 'shop', token: 'a.b.c', values }));
  return { url, params: Object.fromEntries(url.searchParams) };
}

const REQUIRED = {
  merchantCode: 'shop',
  idPayin: 'order-1',
  token: 'a.b.c',
  amount: '1500.50',
  currencyCode: 'THB',
  callbackUrl: 'https://shop.example/callbacks',
  returnUrl: 'https://shop.example/return?order=order-1',
};

describe('buildRedirectUrl', () => {
  it('1: the required parameters only, in the specification order', () => {
    const { url, params } = linkOf(form({ scenario: '1' }));
    expect(url.origin + url.pathname).toBe(`${ORIGIN}/`);
    expect(params).toEqual(REQUIRED);
    expect([...url.searchParams.keys()]).toEqual(Object.keys(REQUIRED));
  });

  it('2: the required parameters and the customer data given', () => {
    expect(linkOf(form({ scenario: '2', emailAddress: '' })).params).toEqual({
      ...REQUIRED,
      accountName: 'Somchai Jaidee',
      accountNumber: '1234567890',
    });
  });

  it('3: as 2, with allowCustomerDataChange=true', () => {
    expect(linkOf(form({ scenario: '3' })).params).toEqual({
      ...REQUIRED,
      emailAddress: 'somchai@example.co.th',
      accountName: 'Somchai Jaidee',
      accountNumber: '1234567890',
      allowCustomerDataChange: 'true',
    });
  });

  it('4: the method and operator, no customer data', () => {
    expect(linkOf(form({ scenario: '4' })).params).toEqual({
      ...REQUIRED,
      paymentMethodCode: 'OFFLINE',
      paymentOperatorCode: 'SCB',
    });
    expect(linkOf(form({ scenario: '4', paymentOperatorCode: '' })).params).toEqual({
      ...REQUIRED,
      paymentMethodCode: 'OFFLINE',
    });
  });

  it('5: as 4, with optionsAvailable=true', () => {
    expect(linkOf(form({ scenario: '5' })).params).toEqual({
      ...REQUIRED,
      paymentMethodCode: 'OFFLINE',
      paymentOperatorCode: 'SCB',
      optionsAvailable: 'true',
    });
  });

  it('percent-encodes every value, shell-special characters too', () => {
    const raw = buildRedirectUrl({
      origin: ORIGIN,
      merchantCode: 'shop',
      token: 't',
      values: form({
        scenario: '2',
        idPayin: 'Qm+x==',
        accountName: "O'Brien & Co (Ltd)!",
        accountNumber: '',
      }),
    });
    expect(raw).toContain('idPayin=Qm%2Bx%3D%3D');
    expect(raw).toContain('accountName=O%27Brien%20%26%20Co%20%28Ltd%29%21');
    expect(new URL(raw).searchParams.get('accountName')).toBe("O'Brien & Co (Ltd)!");
  });

  it.each(['1', '2', '3', '4', '5'] as const)('scenario %s: the hosted page parses the link', (scenario) => {
    const { params } = linkOf(form({ scenario }));
    const parsed = parseCheckoutParams(params);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.params.allowCustomerDataChange).toBe(scenario === '3');
    expect(parsed.params.optionsAvailable).toBe(scenario === '5');
    expect(parsed.params.paymentMethodCode).toBe(['4', '5'].includes(scenario) ? 'OFFLINE' : undefined);
    expect(Object.keys(parsed.params.customerData).length > 0).toBe(['2', '3'].includes(scenario));
  });
});

describe('scenarioFormSchema', () => {
  const issues = (values: ScenarioForm) => {
    const result = scenarioFormSchema.safeParse(values);
    return result.success
      ? []
      : result.error.issues.map((issue) => `${issue.path.join('.')}:${issue.message}`);
  };

  it('accepts a complete form', () => expect(issues(form())).toEqual([]));

  it('checks the amount against the currency precision', () => {
    expect(issues(form({ currencyCode: 'IDR' }))).toEqual(['amount:amount']);
    expect(issues(form({ amount: '0' }))).toEqual(['amount:amount']);
    expect(issues(form({ amount: 'abc' }))).toEqual(['amount:amount']);
  });

  it('bounds the validity and checks the order ID and URLs', () => {
    expect(issues(form({ validitySecs: '59' }))).toEqual(['validitySecs:validitySecs']);
    expect(issues(form({ validitySecs: '86401' }))).toEqual(['validitySecs:validitySecs']);
    expect(issues(form({ validitySecs: '86400' }))).toEqual([]);
    expect(issues(form({ idPayin: 'a/b' }))).toEqual(['idPayin:idPayin']);
    expect(issues(form({ callbackUrl: '' }))).toEqual(['callbackUrl:required']);
    expect(issues(form({ returnUrl: 'ftp://x' }))).toEqual(['returnUrl:url']);
  });

  it('asks for customer data in scenarios 2 and 3, a method in 4 and 5', () => {
    const noData = { accountName: '', accountNumber: '', emailAddress: '' };
    expect(issues(form({ scenario: '2', ...noData }))).toEqual(['scenario:customerDataRequired']);
    expect(issues(form({ scenario: '3', ...noData }))).toEqual(['scenario:customerDataRequired']);
    expect(issues(form({ scenario: '1', ...noData }))).toEqual([]);
    expect(issues(form({ scenario: '4', paymentMethodCode: '' }))).toEqual([
      'paymentMethodCode:methodRequired',
    ]);
    expect(issues(form({ scenario: '5', paymentMethodCode: '' }))).toEqual([
      'paymentMethodCode:methodRequired',
    ]);
  });
});

describe('the query state', () => {
  it('round-trips, and never holds a token', () => {
    const values = form({ scenario: '5', moneyLimited: false, idPayin: 'Qm+x==' });
    const query = scenarioToQuery(values);
    expect(query).not.toMatch(/token|secret/i);
    const restored = scenarioFromQuery(Object.fromEntries(new URLSearchParams(query)), scenarioDefaults('x'));
    expect(restored).toEqual(values);
  });

  it('ignores unknown or repeated values and keeps the defaults', () => {
    const defaults = scenarioDefaults('order-9');
    expect(
      scenarioFromQuery(
        { currencyCode: 'XXX', scenario: '9', moneyLimited: 'maybe', amount: ['1', '2'], token: 'stolen' },
        defaults,
      ),
    ).toEqual(defaults);
  });
});

describe('tokenRequestOf', () => {
  it('binds the money and the link’s terms by default, each scenario its own', () => {
    const addresses = {
      callbackUrl: 'https://shop.example/callbacks',
      returnUrl: 'https://shop.example/return?order=order-1',
    };
    expect(tokenRequestOf(form())).toEqual({
      action: 'PAYIN_CREATE',
      idPayment: 'order-1',
      validitySecs: 900,
      money: { amount: 1500.5, currencyCode: 'THB' },
      terms: addresses,
    });
    expect(tokenRequestOf(form({ scenario: '4' })).terms).toEqual({
      ...addresses,
      paymentMethodCode: 'OFFLINE',
      paymentOperatorCode: 'SCB',
    });
    // Scenario 5 pre-selects what the customer may change, scenario 3 pre-fills: neither is bound.
    expect(tokenRequestOf(form({ scenario: '5' })).terms).toEqual(addresses);
    expect(tokenRequestOf(form({ scenario: '3' })).terms).toEqual(addresses);
    expect(tokenRequestOf(form({ scenario: '2' })).terms).toEqual({
      ...addresses,
      customer: {
        emailAddress: 'somchai@example.co.th',
        accountName: 'Somchai Jaidee',
        accountNumber: '1234567890',
      },
    });
    expect(tokenRequestOf(form({ moneyLimited: false, validitySecs: '120' }))).toEqual({
      action: 'PAYIN_CREATE',
      idPayment: 'order-1',
      validitySecs: 120,
    });
  });
});

describe('buildCurl', () => {
  it('requests the token with $MERCHANT_SECRET and prints the link with $TOKEN', () => {
    const curl = buildCurl({ origin: ORIGIN, merchantCode: 'shop', values: form({ scenario: '4' }) });
    expect(curl).toContain(`'${ORIGIN}/api/auth-tokens-by-action'`);
    expect(curl).toContain('"secret": "$MERCHANT_SECRET"');
    expect(curl).toContain('"action": "PAYIN_CREATE"');
    expect(curl).toContain('&token=$TOKEN&');
    expect(curl).toContain('paymentMethodCode=OFFLINE&paymentOperatorCode=SCB');
    expect(curl).not.toMatch(/sk_/);
  });
});

describe('newIdPayin', () => {
  it('is a fresh, valid order ID each time', () => {
    const first = newIdPayin();
    expect(first).toMatch(/^order-[0-9a-f]{18}$/);
    expect(newIdPayin()).not.toBe(first);
  });
});

describe('problemOf', () => {
  it('keeps the detail and the field errors of a problem', () => {
    expect(
      problemOf(400, {
        code: 'VALIDATION_FAILED',
        detail: '1 field(s) failed validation.',
        errors: [{ field: 'validitySecs', message: 'At most 86400.' }, { junk: true }],
      }),
    ).toEqual({
      status: 400,
      code: 'VALIDATION_FAILED',
      detail: '1 field(s) failed validation.',
      errors: [{ field: 'validitySecs', message: 'At most 86400.' }],
    });
    expect(problemOf(503, undefined)).toEqual({
      status: 503,
      code: undefined,
      detail: undefined,
      errors: [],
    });
  });
});
