import { describe, expect, it } from 'vitest';
import en from '../../messages/en.json';
import { CUSTOMER_FIELDS } from '../schemas/customer-fields';
import { METHOD_CODES } from './catalogue';
import { fieldWordingOf } from './field-wording';

describe('fieldWordingOf', () => {
  it('calls the account of a PromptPay QR payer their PromptPay ID (or the account behind it)', () => {
    expect(fieldWordingOf('QRTH', 'accountNumber')).toEqual({
      label: 'promptPayAccount',
      hint: 'promptPayAccount',
      namedByLabel: true,
    });
    expect(en.checkout.fields.promptPayAccount).toBe('PromptPay ID or account number');
  });

  it("calls a wallet's phone the wallet's number", () => {
    expect(fieldWordingOf('EWALLET', 'phoneNumber').label).toBe('walletPhone');
    expect(fieldWordingOf('MOBILE_MONEY', 'phoneNumber').label).toBe('walletPhone');
  });

  it('keeps the general name elsewhere', () => {
    expect(fieldWordingOf('OFFLINE', 'accountNumber')).toEqual({
      label: 'accountNumber',
      hint: 'accountNumber',
    });
    expect(fieldWordingOf(undefined, 'phoneNumber')).toEqual({ label: 'phoneNumber', hint: 'phoneNumber' });
  });

  it('names only labels and hints the messages have', () => {
    for (const method of METHOD_CODES)
      for (const field of CUSTOMER_FIELDS) {
        const { label, hint } = fieldWordingOf(method, field);
        expect(en.checkout.fields).toHaveProperty(label);
        expect(en.checkout.hints).toHaveProperty(hint);
      }
  });
});
