import { describe, expect, it } from 'vitest';
import { decodeEmvQr } from './emvco-decoder';
import { PUBLISHED_QR_PAYLOADS } from './published-vectors';
import { buildQrPhQr, QRPH_P2M_GUID } from './qrph';

describe('buildQrPhQr', () => {
  it('uses tag 28 with the P2M GUID and the acquirer BIC, as published QR Ph codes do', () => {
    const published = decodeEmvQr(PUBLISHED_QR_PAYLOADS.qrPhDynamic).template('28');
    expect(published['00']).toBe(QRPH_P2M_GUID);
    expect(published['01']).toMatch(/^[A-Z]{6}[A-Z0-9]{5}$/);

    const decoded = decodeEmvQr(
      buildQrPhQr({
        acquirerBic: 'BNORPHMMXXX',
        merchantId: '201431840',
        amount: { currency: 'PHP', minor: 125000n },
        merchantName: 'Test Shop',
        merchantCity: 'MAKATI CITY',
        merchantCategoryCode: '5999',
        reference: 'K7Q2M9XD4T',
      }),
    );
    expect(decoded.crcValid).toBe(true);
    expect(decoded.template('28')).toEqual({ '00': 'ph.ppmi.p2m', '01': 'BNORPHMMXXX', '03': '201431840' });
    expect(decoded.fields).toMatchObject({
      '01': '12',
      '53': '608',
      '54': '1250.00',
      '58': 'PH',
      '59': 'Test Shop',
    });
    expect(decoded.template('62')).toEqual({ '01': 'K7Q2M9XD4T', '05': 'K7Q2M9XD4T' });
  });
});
