import { describe, expect, it } from 'vitest';
import { decodeEmvQr } from './emvco-decoder';
import { thaiIdCheckDigit } from '../../rails';
import { buildPromptPayQr, PROMPTPAY_CREDIT_TRANSFER_AID, promptPayProxy } from './promptpay';
import { PUBLISHED_QR_PAYLOADS } from './published-vectors';

describe('promptPayProxy (Thai proxy rules)', () => {
  it('encodes the same tag 29 proxy as the published payloads', () => {
    const tag29 = (payload: string) => decodeEmvQr(payload).template('29');
    expect(tag29(PUBLISHED_QR_PAYLOADS.promptPayMobile)).toEqual({
      '00': PROMPTPAY_CREDIT_TRANSFER_AID,
      '01': '0066801234567',
    });
    expect(promptPayProxy('080-123-4567')).toEqual({ id: '01', value: '0066801234567' });
    expect(tag29(PUBLISHED_QR_PAYLOADS.promptPayTaxId)['02']).toBe('0123456789012');
    expect(promptPayProxy('0123456789012')).toEqual({ id: '02', value: '0123456789012' });
  });

  it('turns Thai mobile numbers into 0066 + 9 digits and keeps IDs', () => {
    expect(promptPayProxy('0801234567')).toEqual({ id: '01', value: '0066801234567' });
    expect(promptPayProxy('+66-89-123-4567')).toEqual({ id: '01', value: '0066891234567' });
    expect(promptPayProxy('1-1111-11111-11-1')).toEqual({ id: '02', value: '1111111111111' });
    expect(promptPayProxy('004999000288505')).toEqual({ id: '03', value: '004999000288505' });
    expect(() => promptPayProxy('12345')).toThrow(/not a PromptPay ID/);
  });
});

describe('thaiIdCheckDigit', () => {
  it("validates Kasikornbank's registration number 0107536000315", () => {
    expect(thaiIdCheckDigit('010753600031')).toBe('5');
    expect(thaiIdCheckDigit('111111111111')).toBe('9');
  });
});

describe('buildPromptPayQr', () => {
  it('is a dynamic credit transfer to the proxy for the amount, with the reference as bill number', () => {
    const payload = buildPromptPayQr({
      proxy: '0105561234567',
      amount: { currency: 'THB', minor: 150049n },
      reference: 'K7Q2M9XD4T',
    });
    const decoded = decodeEmvQr(payload);
    expect(decoded.crcValid).toBe(true);
    expect(decoded.fields).toMatchObject({
      '00': '01',
      '01': '12',
      '53': '764',
      '54': '1500.49',
      '58': 'TH',
    });
    expect(decoded.template('29')).toEqual({ '00': 'A000000677010111', '02': '0105561234567' });
    expect(decoded.template('62')).toEqual({ '01': 'K7Q2M9XD4T' });
  });
});
