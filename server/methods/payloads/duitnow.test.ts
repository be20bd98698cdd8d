import { describe, expect, it } from 'vitest';
import { DUITNOW_AID, buildDuitNowQr } from './duitnow';
import { decodeEmvQr } from './emvco-decoder';
import { PUBLISHED_QR_PAYLOADS } from './published-vectors';

describe('buildDuitNowQr', () => {
  it('uses the structure of the banks’ own DuitNow codes: format 02 and tag 26 with the PayNet AID', () => {
    for (const published of [PUBLISHED_QR_PAYLOADS.duitNowMae, PUBLISHED_QR_PAYLOADS.duitNowRhb]) {
      const decoded = decodeEmvQr(published);
      expect(decoded.fields['00']).toBe('02');
      expect(decoded.template('26')['00']).toBe(DUITNOW_AID);
    }
  });

  it('carries acquirer, merchant account, amount, name, city and the reference', () => {
    const decoded = decodeEmvQr(
      buildDuitNowQr({
        acquirerId: '564160',
        merchantAccountId: '12345678901234567890',
        amount: { currency: 'MYR', minor: 4999n },
        merchantName: 'Kedai Buku Ceria Sdn Bhd (KL Branch)',
        merchantCity: 'KUALA LUMPUR',
        merchantCategoryCode: '5999',
        reference: 'K7Q2M9XD4T',
      }),
    );
    expect(decoded.crcValid).toBe(true);
    expect(decoded.fields).toMatchObject({
      '00': '02',
      '01': '12',
      '52': '5999',
      '53': '458',
      '54': '49.99',
      '58': 'MY',
      '59': 'Kedai Buku Ceria Sdn Bhd',
      '60': 'KUALA LUMPUR',
    });
    expect(decoded.template('26')).toEqual({
      '00': DUITNOW_AID,
      '01': '564160',
      '02': '12345678901234567890',
    });
    expect(decoded.template('62')).toEqual({ '01': 'K7Q2M9XD4T', '05': 'K7Q2M9XD4T' });
  });
});
