import { describe, expect, it } from 'vitest';
import { completionKindOf } from './completion';

describe('completionKindOf', () => {
  it.each([
    ['redirect', { paymentMethodCode: 'ONLINE', redirectTo: 'https://pay.example/sandbox/institution/x' }],
    ['redirect', { paymentMethodCode: 'EWALLET', redirectTo: 'https://pay.example/sandbox/institution/x' }],
    [
      'deeplink',
      { paymentMethodCode: 'QRIN', qrInDeepLink: 'upi://pay?pa=a@icici', qrCode: 'upi://pay?pa=a@icici' },
    ],
    ['qr', { paymentMethodCode: 'QRTH', qrCode: '000201…' }],
    ['qr', { paymentMethodCode: 'OFFLINE', qrCode: '000201…', qrName: 'VietQR' }],
    [
      'external-reference',
      { paymentMethodCode: 'P2A_V2', paymentAddress: { name: 'Shop', idAddress: 'a@icici' } },
    ],
    ['push', { paymentMethodCode: 'MOBILE_MONEY', pushNotification: { channel: 'USSD' } }],
    ['push', { paymentMethodCode: 'EWALLET', pushNotification: { channel: 'APP' } }],
    ['instructions', { paymentMethodCode: 'OFFLINE', account: { accountNumber: '1234567890' } }],
    ['instructions', { paymentMethodCode: 'VAPAY', paymentInstructionList: [] }],
    ['instructions', { paymentMethodCode: 'CRYPTO_OFFLINE', cryptoPayment: {} }],
  ] as const)('gives %s for %j', (kind, response) => {
    expect(completionKindOf(response)).toBe(kind);
  });

  it('ignores fields that are present but empty', () => {
    expect(
      completionKindOf({ paymentMethodCode: 'OFFLINE', redirectTo: undefined, pushNotification: null }),
    ).toBe('instructions');
  });
});
