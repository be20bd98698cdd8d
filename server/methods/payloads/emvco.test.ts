import { describe, expect, it } from 'vitest';
import { buildMerchantPresentedQr, emvField, emvText, encodeEmvFields, withEmvAmount } from './emvco';
import { crc16Ccitt } from './crc16';
import { decodeEmvFields, decodeEmvQr } from './emvco-decoder';
import { PUBLISHED_QR_PAYLOADS } from './published-vectors';

describe('encodeEmvFields', () => {
  it('writes ID, two-digit length and value, nesting templates', () => {
    expect(encodeEmvFields([emvField('00', '01'), emvField('29', [emvField('00', 'ABC')])])).toBe(
      '000201290700' + '03ABC',
    );
  });

  it('refuses values no reader could parse', () => {
    expect(() => encodeEmvFields([emvField('5', 'x')])).toThrow(/two digits/);
    expect(() => encodeEmvFields([emvField('59', '')])).toThrow(/1–99/);
    expect(() => encodeEmvFields([emvField('59', 'x'.repeat(100))])).toThrow(/1–99/);
    expect(() => encodeEmvFields([emvField('59', 'ร้าน')])).toThrow(/ASCII/);
  });
});

describe('emvText', () => {
  it('folds names to printable ASCII within the field length', () => {
    expect(emvText('Cà phê Đông Hải', 25)).toBe('Ca phe Dong Hai');
    expect(emvText('  Bücher   & Co.  ', 25)).toBe('Bucher & Co.');
    expect(emvText('A very long merchant name that goes on', 25)).toBe('A very long merchant name');
    expect(emvText('ร้านหนังสือ Books', 25)).toBe('Books');
  });
});

describe('decodeEmvQr', () => {
  it.each(Object.entries(PUBLISHED_QR_PAYLOADS))(
    'decodes the published %s payload with a valid CRC',
    (_name, payload) => {
      const decoded = decodeEmvQr(payload);
      expect(decoded.crcValid).toBe(true);
      expect(decoded.order[0]).toBe('00');
      expect(decoded.order.at(-1)).toBe('63');
    },
  );

  it('reads nested templates', () => {
    const decoded = decodeEmvQr(PUBLISHED_QR_PAYLOADS.vietQrNapasDynamic);
    expect(decoded.template('38')).toEqual({
      '00': 'A000000727',
      '01': '000697040301130011012345678',
      '02': 'QRIBFTTA',
    });
    expect(decoded.template('62')).toEqual({ '01': 'NPS6869', '08': 'thanh toan don hang' });
  });

  it('detects a changed payload and refuses a truncated one', () => {
    const tampered = PUBLISHED_QR_PAYLOADS.promptPayAmount.replace('4.22', '9.22');
    expect(decodeEmvQr(tampered).crcValid).toBe(false);
    expect(() => decodeEmvFields('000201' + '5405' + '12')).toThrow(/truncated/);
    expect(() => decodeEmvFields('00AB01')).toThrow(/Malformed/);
  });
});

describe('buildMerchantPresentedQr', () => {
  it('writes the fields in EMVCo order with a dynamic initiation and a valid CRC', () => {
    const payload = buildMerchantPresentedQr({
      merchantAccounts: [emvField('26', [emvField('00', 'COM.EXAMPLE'), emvField('01', '12345')])],
      merchantCategoryCode: '5999',
      amount: { currency: 'PHP', minor: 150050n },
      merchantName: 'Test Shop',
      merchantCity: 'Makati City',
      postalCode: '1226',
      additionalData: [emvField('01', 'REF123')],
    });
    const decoded = decodeEmvQr(payload);
    expect(decoded.crcValid).toBe(true);
    expect(decoded.order).toEqual(['00', '01', '26', '52', '53', '54', '58', '59', '60', '61', '62', '63']);
    expect(decoded.fields).toMatchObject({
      '00': '01',
      '01': '12',
      '52': '5999',
      '53': '608',
      '54': '1500.50',
      '58': 'PH',
      '59': 'Test Shop',
      '60': 'Makati City',
      '61': '1226',
    });
    expect(decoded.template('62')).toEqual({ '01': 'REF123' });
  });

  it('refuses merchant account IDs outside 26–51 and tokens without an ISO currency', () => {
    const base = { amount: { currency: 'THB', minor: 100n } } as const;
    expect(() => buildMerchantPresentedQr({ ...base, merchantAccounts: [emvField('25', 'x')] })).toThrow(
      /26–51/,
    );
    expect(() =>
      buildMerchantPresentedQr({ merchantAccounts: [], amount: { currency: 'USDT', minor: 1n } }),
    ).toThrow(/ISO currency/);
  });
});

describe('withEmvAmount', () => {
  const qr = buildMerchantPresentedQr({
    merchantAccounts: [emvField('29', [emvField('00', 'A000000677010111'), emvField('01', '0066812345678')])],
    amount: { currency: 'THB', minor: 150_050n },
    merchantName: 'Bangkok Books',
    merchantCity: 'Bangkok',
  });

  it('asks for another amount in tag 54, keeps every other data object and writes a valid CRC', () => {
    const rest = withEmvAmount(qr, { currency: 'THB', minor: 2_525n });
    const before = decodeEmvQr(qr);
    const after = decodeEmvQr(rest);
    expect(after.fields['54']).toBe('25.25');
    expect(after.crcValid).toBe(true);
    expect(after.order).toEqual(before.order);
    for (const id of before.order.filter((tag) => tag !== '54' && tag !== '63'))
      expect(after.fields[id]).toBe(before.fields[id]);
  });

  it('leaves a static QR (no tag 54: the payer types the amount) as it is', () => {
    const fields = decodeEmvFields(qr).filter(({ id }) => id !== '54' && id !== '63');
    const body = `${encodeEmvFields(fields)}6304`;
    const staticQr = `${body}${crc16Ccitt(body)}`;
    expect(decodeEmvQr(staticQr).crcValid).toBe(true);
    expect(withEmvAmount(staticQr, { currency: 'THB', minor: 1n })).toBe(staticQr);
  });
});
