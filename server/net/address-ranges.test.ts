import { describe, expect, it } from 'vitest';
import { AddressRanges, parseAddressRange } from './address-ranges';

describe('parseAddressRange', () => {
  it('reads addresses and CIDR ranges of both families, bracketed IPv6 too', () => {
    expect(parseAddressRange('203.0.113.7')).toEqual({
      ok: true,
      range: { address: '203.0.113.7', bits: undefined, type: 'ipv4' },
    });
    expect(parseAddressRange(' 2001:DB8::/32 ')).toEqual({
      ok: true,
      range: { address: '2001:db8::', bits: 32, type: 'ipv6' },
    });
    expect(parseAddressRange('[::1]')).toMatchObject({ ok: true, range: { address: '::1' } });
  });

  it('tells a bad prefix from what is no address at all', () => {
    for (const text of ['10.0.0.0/33', '::/129', '10.0.0.0/x', '10.0.0.0/']) {
      expect(parseAddressRange(text), text).toEqual({ ok: false, problem: 'invalid-prefix' });
    }
    for (const text of ['example.com', '10.0.0.300', '10.0.0.0/8/9', '']) {
      expect(parseAddressRange(text), text).toEqual({ ok: false, problem: 'not-an-address' });
    }
  });
});

describe('AddressRanges', () => {
  const ranges = new AddressRanges(
    ['127.0.0.1', '10.1.0.0/16', '2001:db8::/32'].map((text) => {
      const parsed = parseAddressRange(text);
      if (!parsed.ok) throw new Error(text);
      return parsed.range;
    }),
  );

  it('matches listed addresses and addresses inside listed ranges, nothing else', () => {
    expect(ranges.has('127.0.0.1')).toBe(true);
    expect(ranges.has('10.1.200.3')).toBe(true);
    expect(ranges.has('2001:db8::42')).toBe(true);
    expect(ranges.has('127.0.0.2')).toBe(false);
    expect(ranges.has('10.2.0.1')).toBe(false);
    expect(ranges.has('unknown')).toBe(false);
  });
});
