import { describe, expect, it } from 'vitest';
import { customerFieldRules, METHOD_CODES, METHODS, phoneMustBeDomesticMobile } from '../methods/catalogue';
import { CUSTOMER_FIELDS } from './customer-fields';
import { createPayinRequestSchema } from './payin-request';

describe('customerFieldRules', () => {
  it('follows the specification’s method-dependent request rules', () => {
    expect(customerFieldRules('OFFLINE', 'KRW')).toMatchObject({
      accountName: 'required',
      emailAddress: 'optional',
    });
    expect(customerFieldRules('OFFLINE', 'JPY')).toMatchObject({
      accountName: 'optional',
      emailAddress: 'required',
    });
    expect(customerFieldRules('OFFLINE', 'THB')).toEqual({
      emailAddress: 'optional',
      phoneNumber: 'optional',
      accountName: 'optional',
      accountNumber: 'optional',
    });
    expect(customerFieldRules('NETBANKING', 'INR')).toEqual({
      emailAddress: 'optional',
      phoneNumber: 'optional',
      accountName: 'optional',
      accountNumber: 'unused',
    });
    expect(customerFieldRules('QRTH', 'THB').accountNumber).toBe('required');
    for (const method of ['CRYPTO_OFFLINE', 'QRVN'] as const)
      expect(customerFieldRules(method, METHODS[method].currencies[0]!).emailAddress).toBe('optional');
  });

  it('needs the phone for every push method and only for the push e-wallet', () => {
    for (const method of ['MOBILE_MONEY', 'BANKA_PAY', 'PAY_ME'] as const)
      expect(customerFieldRules(method, METHODS[method].currencies[0]!).phoneNumber).toBe('required');
    expect(customerFieldRules('EWALLET', 'IDR', 'OVO').phoneNumber).toBe('required');
    expect(customerFieldRules('EWALLET', 'IDR', 'DANA').phoneNumber).toBe('optional');
    expect(customerFieldRules('EWALLET', 'IDR').phoneNumber).toBe('optional');
  });

  it('takes the optional email on the UPI ID variant of P2A_V2 only', () => {
    expect(customerFieldRules('P2A_V2', 'INR').emailAddress).toBe('optional');
    expect(customerFieldRules('P2A_V2', 'INR', 'UPI').emailAddress).toBe('optional');
    expect(customerFieldRules('P2A_V2', 'INR', 'HDFC')).toMatchObject({
      emailAddress: 'unused',
      accountNumber: 'optional',
    });
  });

  it('asks nothing for the interoperable QR methods', () => {
    for (const method of ['QRID', 'QRPH', 'QRIN'] as const)
      expect(Object.values(customerFieldRules(method, METHODS[method].currencies[0]!))).toEqual(
        CUSTOMER_FIELDS.map(() => 'unused'),
      );
  });

  it('has a rule for every method and currency', () => {
    for (const method of METHOD_CODES)
      for (const currency of METHODS[method].currencies)
        expect(Object.keys(customerFieldRules(method, currency)).sort()).toEqual([...CUSTOMER_FIELDS].sort());
  });

  it('validates the phone where the method needs it (push, wallet login) or the specification says so (NETBANKING)', () => {
    expect(phoneMustBeDomesticMobile('MOBILE_MONEY', 'KES')).toBe(true);
    expect(phoneMustBeDomesticMobile('PAY_ME', 'ZAR')).toBe(true);
    expect(phoneMustBeDomesticMobile('EWALLET', 'IDR', 'OVO')).toBe(true);
    expect(phoneMustBeDomesticMobile('NETBANKING', 'INR')).toBe(true);
    expect(phoneMustBeDomesticMobile('EWALLET', 'IDR', 'DANA')).toBe(false);
    expect(phoneMustBeDomesticMobile('OFFLINE', 'JPY')).toBe(false);
  });
});

describe('createPayinRequestSchema method rules', () => {
  const request = (paymentMethod: Record<string, unknown>, money = { amount: 100, currencyCode: 'GHS' }) => ({
    paymentRequested: { money },
    paymentMethod,
    callbackUrl: 'https://merchant.example/cb',
    returnUrl: 'https://merchant.example/return',
  });
  const issues = (body: unknown) => {
    const result = createPayinRequestSchema.safeParse(body);
    return result.success
      ? []
      : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  };

  it('requires the fields the method needs and refuses a phone of another country', () => {
    expect(issues(request({ paymentMethodCode: 'MOBILE_MONEY' }))).toEqual([
      'paymentMethod.phoneNumber: phoneNumber is required for this payment method and currency.',
    ]);
    expect(issues(request({ paymentMethodCode: 'MOBILE_MONEY', phoneNumber: '+254712345678' }))).toEqual([
      'paymentMethod.phoneNumber: Enter a mobile number of Ghana, e.g. 023 123 4567.',
    ]);
    expect(issues(request({ paymentMethodCode: 'MOBILE_MONEY', phoneNumber: '+233 24 123 4567' }))).toEqual(
      [],
    );
  });

  it('takes phone numbers in the national format of the currency and normalises them to E.164', () => {
    const kes = createPayinRequestSchema.parse(
      request(
        { paymentMethodCode: 'MOBILE_MONEY', phoneNumber: '0712 345678' },
        { amount: 100, currencyCode: 'KES' },
      ),
    );
    expect(kes.paymentMethod.phoneNumber).toBe('+254712345678');
    const thb = createPayinRequestSchema.parse(
      request(
        { paymentMethodCode: 'OFFLINE', phoneNumber: '081-234-5678' },
        { amount: 100, currencyCode: 'THB' },
      ),
    );
    expect(thb.paymentMethod.phoneNumber).toBe('+66812345678');
    // Given internationally, a number of another country is kept where nothing depends on it.
    const foreign = createPayinRequestSchema.parse(
      request(
        { paymentMethodCode: 'OFFLINE', phoneNumber: '+44 20 7946 0958' },
        { amount: 100, currencyCode: 'THB' },
      ),
    );
    expect(foreign.paymentMethod.phoneNumber).toBe('+442079460958');
  });

  it('ignores an optional phone that is not a valid number, and refuses it where it is validated', () => {
    for (const phoneNumber of ['081234', 'call me', '+999', '\u0000']) {
      const parsed = createPayinRequestSchema.parse(
        request({ paymentMethodCode: 'OFFLINE', phoneNumber }, { amount: 100, currencyCode: 'THB' }),
      );
      expect(parsed.paymentMethod).toEqual({ paymentMethodCode: 'OFFLINE' });
    }
    expect(
      issues(
        request(
          { paymentMethodCode: 'NETBANKING', phoneNumber: '081234' },
          { amount: 500, currencyCode: 'INR' },
        ),
      ),
    ).toEqual(['paymentMethod.phoneNumber: Enter a mobile number of India, e.g. 081234 56789.']);
    expect(
      issues(
        request(
          { paymentMethodCode: 'NETBANKING', phoneNumber: '98765 43210' },
          { amount: 500, currencyCode: 'INR' },
        ),
      ),
    ).toEqual([]);
  });

  it('leaves a currency the method does not take to the service (CURRENCY_NOT_SUPPORTED)', () => {
    expect(
      issues(request({ paymentMethodCode: 'MOBILE_MONEY' }, { amount: 100, currencyCode: 'THB' })),
    ).toEqual([]);
  });

  it('refuses amounts an EMVCo QR cannot carry', () => {
    expect(
      issues(request({ paymentMethodCode: 'QRID' }, { amount: 99_999_999_999_999, currencyCode: 'IDR' })),
    ).toEqual(['paymentRequested.money.amount: A QR payment amount has at most 13 characters.']);
    expect(
      issues(request({ paymentMethodCode: 'QRID' }, { amount: 9_999_999_999_999, currencyCode: 'IDR' })),
    ).toEqual([]);
  });

  it('drops customer fields the method does not use and keeps the rest', () => {
    const parsed = createPayinRequestSchema.parse(
      request(
        {
          paymentMethodCode: 'QRVN',
          emailAddress: 'an@example.vn',
          phoneNumber: '+84912345678',
          account: { accountName: 'Nguyen Van An', accountNumber: '0123456789' },
          productId: 'SKU-1',
        },
        { amount: 50000, currencyCode: 'VND' },
      ),
    );
    expect(parsed.paymentMethod).toEqual({ paymentMethodCode: 'QRVN', emailAddress: 'an@example.vn' });
    const netbanking = createPayinRequestSchema.parse(
      request(
        { paymentMethodCode: 'NETBANKING', account: { accountName: 'Rahul Sharma', accountNumber: '1234' } },
        { amount: 500, currencyCode: 'INR' },
      ),
    );
    expect(netbanking.paymentMethod.account).toEqual({ accountName: 'Rahul Sharma' });
  });
});
