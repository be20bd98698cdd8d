import { describe, expect, it } from 'vitest';
import { crc16Ccitt } from './crc16';
import { PUBLISHED_QR_PAYLOADS } from './published-vectors';

describe('crc16Ccitt', () => {
  it('matches the CRC-16/CCITT-FALSE check value', () => {
    // The catalogue of parametrised CRC algorithms gives 0x29B1 as the check of "123456789".
    expect(crc16Ccitt('123456789')).toBe('29B1');
    expect(crc16Ccitt('')).toBe('FFFF');
  });

  it.each(Object.entries(PUBLISHED_QR_PAYLOADS))(
    'reproduces the CRC of the published %s payload',
    (_name, payload) => {
      expect(crc16Ccitt(payload.slice(0, -4))).toBe(payload.slice(-4));
    },
  );

  it('pads to four uppercase hex digits', () => {
    const crcs = Array.from({ length: 300 }, (_, i) => crc16Ccitt(`6304${i}`));
    expect(crcs.every((crc) => /^[0-9A-F]{4}$/.test(crc))).toBe(true);
    expect(crcs.some((crc) => crc.startsWith('0'))).toBe(true);
  });
});
