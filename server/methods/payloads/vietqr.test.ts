import { describe, expect, it } from 'vitest';
import { decodeEmvQr } from './emvco-decoder';
import { PUBLISHED_QR_PAYLOADS } from './published-vectors';
import { buildVietQr } from './vietqr';

describe('buildVietQr', () => {
  it("reproduces NAPAS's dynamic account example character for character", () => {
    expect(
      buildVietQr({
        bin: '970403',
        accountNumber: '0011012345678',
        amount: { currency: 'VND', minor: 180000n },
        billNumber: 'NPS6869',
        purpose: 'thanh toan don hang',
      }),
    ).toBe(PUBLISHED_QR_PAYLOADS.vietQrNapasDynamic);
  });

  it('reproduces a published VietinBank transfer without a bill number', () => {
    expect(
      buildVietQr({
        bin: '970415',
        accountNumber: '0011001932418',
        amount: { currency: 'VND', minor: 120000n },
        purpose: 'ung ho lu lut',
      }),
    ).toBe(PUBLISHED_QR_PAYLOADS.vietQrSubiz);
  });

  it('carries bank BIN, account, amount and reference', () => {
    const decoded = decodeEmvQr(
      buildVietQr({
        bin: '970436',
        accountNumber: '1234567890123',
        amount: { currency: 'VND', minor: 2500000n },
        billNumber: 'K7Q2M9XD4T',
        purpose: 'K7Q2M9XD4T',
      }),
    );
    expect(decoded.crcValid).toBe(true);
    expect(decoded.fields).toMatchObject({ '01': '12', '53': '704', '54': '2500000', '58': 'VN' });
    expect(decoded.template('38')).toEqual({
      '00': 'A000000727',
      '01': '00069704360113' + '1234567890123',
      '02': 'QRIBFTTA',
    });
    expect(decoded.template('62')).toEqual({ '01': 'K7Q2M9XD4T', '08': 'K7Q2M9XD4T' });
  });
});
