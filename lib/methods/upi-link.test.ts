import { describe, expect, it } from 'vitest';
import { qrFileName, upiIdOf } from './upi-link';

describe('upiIdOf', () => {
  it('reads the payee address of a UPI link', () => {
    expect(upiIdOf('upi://pay?pa=bangkokbooks%40okaxis&pn=Bangkok%20Books&am=999.00&cu=INR')).toBe(
      'bangkokbooks@okaxis',
    );
    expect(upiIdOf('UPI://pay?pn=Shop&pa=shop@ybl')).toBe('shop@ybl');
  });

  it('names none for another link, or a link without a payee', () => {
    expect(upiIdOf('https://example.com/?pa=x@ybl')).toBeUndefined();
    expect(upiIdOf('upi://pay?pn=Shop&am=1')).toBeUndefined();
    expect(upiIdOf('upi://pay?pa=%20')).toBeUndefined();
  });
});

describe('qrFileName', () => {
  it('names the PNG after the payment reference, safely', () => {
    expect(qrFileName('7KQ2M9XW4D')).toBe('payment-qr-7KQ2M9XW4D.png');
    expect(qrFileName('a/b c')).toBe('payment-qr-a-b-c.png');
    expect(qrFileName('')).toBe('payment-qr.png');
  });
});
