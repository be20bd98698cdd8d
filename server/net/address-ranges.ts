import 'server-only';
import { BlockList, isIP } from 'node:net';

/** One IP address or CIDR range, as an allowlist entry gives it. */
export interface AddressRange {
  address: string;
  /** The prefix length; undefined for a single address. */
  bits: number | undefined;
  type: 'ipv4' | 'ipv6';
}

export type AddressRangeParse =
  { ok: true; range: AddressRange } | { ok: false; problem: 'not-an-address' | 'invalid-prefix' };

/**
 * Reads "203.0.113.7", "203.0.113.0/24", "2001:db8::/32" or "[::1]": an address and its prefix
 * length, 0–32 for IPv4 and 0–128 for IPv6. Anything else is not an address (a host name, say).
 */
export function parseAddressRange(text: string): AddressRangeParse {
  const [address, prefix, extra] = text
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .split('/') as [string, string | undefined, string | undefined];
  const family = isIP(address);
  if (family === 0 || extra !== undefined) return { ok: false, problem: 'not-an-address' };
  const type = family === 4 ? 'ipv4' : 'ipv6';
  if (prefix === undefined) return { ok: true, range: { address, bits: undefined, type } };
  const bits = /^\d{1,3}$/.test(prefix) ? Number(prefix) : Number.NaN;
  if (!(bits >= 0 && bits <= (family === 4 ? 32 : 128))) return { ok: false, problem: 'invalid-prefix' };
  return { ok: true, range: { address, bits, type } };
}

/** A set of addresses and CIDR ranges, matched as node's BlockList matches them. */
export class AddressRanges {
  private readonly list = new BlockList();
  readonly size: number;

  constructor(ranges: readonly AddressRange[]) {
    for (const { address, bits, type } of ranges) {
      if (bits === undefined) this.list.addAddress(address, type);
      else this.list.addSubnet(address, bits, type);
    }
    this.size = ranges.length;
  }

  /** Whether an address (not a name) is one of them or in one of their ranges. */
  has(address: string): boolean {
    const family = isIP(address);
    return family !== 0 && this.list.check(address, family === 4 ? 'ipv4' : 'ipv6');
  }
}
