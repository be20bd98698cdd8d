import { describe, expect, it } from 'vitest';
import { decodeEmvQr } from './emvco-decoder';
import { PUBLISHED_QR_PAYLOADS } from './published-vectors';
import { luhnCheckDigit } from '../../rails';
import { buildQrisQr, QRIS_DOMAIN } from './qris';

describe('luhnCheckDigit', () => {
  it('computes the Luhn check digit', () => {
    expect(luhnCheckDigit('7992739871')).toBe('3');
    // The PAN of a published GoPay QRIS code ends with its Luhn digit.
    const pan = decodeEmvQr(PUBLISHED_QR_PAYLOADS.qrisGopay).template('26')['01']!;
    expect(luhnCheckDigit(pan.slice(0, -1))).toBe(pan.slice(-1));
  });
});

describe('buildQrisQr', () => {
  it('carries the acquirer template (26), the national merchant ID under the QRIS domain (51) and the reference', () => {
    expect(decodeEmvQr(PUBLISHED_QR_PAYLOADS.qrisGopay).template('51')['00']).toBe(QRIS_DOMAIN);
    const decoded = decodeEmvQr(
      buildQrisQr({
        acquirerDomain: 'ID.CO.BANKMANDIRI.WWW',
        merchantPan: '936000081234567897',
        merchantId: '123456789012345',
        nmid: 'ID1025381234567',
        criteria: 'UME',
        amount: { currency: 'IDR', minor: 150000n },
        merchantName: 'Test Shop',
        merchantCity: 'JAKARTA',
        postalCode: '10110',
        merchantCategoryCode: '5999',
        reference: 'K7Q2M9XD4T',
      }),
    );
    expect(decoded.crcValid).toBe(true);
    expect(decoded.order).toEqual([
      '00',
      '01',
      '26',
      '51',
      '52',
      '53',
      '54',
      '58',
      '59',
      '60',
      '61',
      '62',
      '63',
    ]);
    expect(decoded.template('26')).toEqual({
      '00': 'ID.CO.BANKMANDIRI.WWW',
      '01': '936000081234567897',
      '02': '123456789012345',
      '03': 'UME',
    });
    expect(decoded.template('51')).toEqual({ '00': 'ID.CO.QRIS.WWW', '02': 'ID1025381234567', '03': 'UME' });
    expect(decoded.fields).toMatchObject({ '53': '360', '54': '150000', '58': 'ID', '61': '10110' });
    expect(decoded.template('62')).toEqual({ '01': 'K7Q2M9XD4T' });
  });
});
