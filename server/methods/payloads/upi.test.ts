import { describe, expect, it } from 'vitest';
import { buildUpiLink, withUpiAmount } from './upi';

describe('buildUpiLink', () => {
  const link = buildUpiLink({
    vpa: 'payin.shop_42@icici',
    payeeName: 'Chai & Co. Books',
    amount: { currency: 'INR', minor: 149950n },
    transactionReference: 'K7Q2M9XD4T',
    note: 'Payment K7Q2M9XD4T',
  });

  it('is a upi://pay link with the parameters in NPCI order', () => {
    expect(link.startsWith('upi://pay?pa=payin.shop_42@icici&pn=')).toBe(true);
    expect([...new URL(link).searchParams.keys()]).toEqual(['pa', 'pn', 'am', 'cu', 'tr', 'tn']);
  });

  it('decodes to the payee, exact amount, currency and reference', () => {
    expect(Object.fromEntries(new URL(link).searchParams)).toEqual({
      pa: 'payin.shop_42@icici',
      pn: 'Chai & Co. Books',
      am: '1499.50',
      cu: 'INR',
      tr: 'K7Q2M9XD4T',
      tn: 'Payment K7Q2M9XD4T',
    });
  });

  it('percent-encodes spaces and separators instead of using "+"', () => {
    expect(link).toContain('pn=Chai%20%26%20Co.%20Books');
    expect(link).not.toMatch(/[ +]/);
  });

  it('takes INR only', () => {
    expect(() =>
      buildUpiLink({
        vpa: 'a@icici',
        payeeName: 'A',
        amount: { currency: 'THB', minor: 1n },
        transactionReference: 'R',
        note: 'N',
      }),
    ).toThrow(/INR/);
  });
});

describe('withUpiAmount', () => {
  it('replaces am and nothing else', () => {
    const link = buildUpiLink({
      vpa: 'payin.shop_42@icici',
      payeeName: 'Chai & Co. Books',
      amount: { currency: 'INR', minor: 149_950n },
      transactionReference: 'K7Q2M9XD4T',
      note: 'Payment K7Q2M9XD4T',
    });
    const rest = withUpiAmount(link, { currency: 'INR', minor: 9_950n });
    expect(rest).toBe(link.replace('am=1499.50', 'am=99.50'));
    expect(new URL(rest).searchParams.get('am')).toBe('99.50');
  });
});
