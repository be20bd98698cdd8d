import 'server-only';
import { isIP } from 'node:net';
import { AddressRanges, parseAddressRange, type AddressRange } from './address-ranges';

/**
 * The operator's allowlist (CALLBACK_ALLOWLIST): hostnames, IP addresses and CIDR ranges that may
 * be reached despite the SSRF guard, and may use plain http.
 */
export class HostAllowlist {
  private readonly hosts = new Set<string>();
  private readonly addresses: AddressRanges;

  constructor(entries: readonly string[]) {
    const ranges: AddressRange[] = [];
    for (const raw of entries) {
      const parsed = parseAddressRange(raw);
      if (parsed.ok) {
        ranges.push(parsed.range);
        continue;
      }
      if (parsed.problem === 'invalid-prefix')
        throw new Error(`CALLBACK_ALLOWLIST entry "${raw}" has an invalid prefix length.`);
      const entry = raw.trim().toLowerCase();
      if (entry.includes('/'))
        throw new Error(`CALLBACK_ALLOWLIST entry "${raw}" is not a valid CIDR range.`);
      this.hosts.add(entry);
    }
    this.addresses = new AddressRanges(ranges);
  }

  /** Whether a URL host (name or literal address) is listed. */
  allowsHost(hostname: string): boolean {
    const host = hostname
      .toLowerCase()
      .replace(/^\[|\]$/g, '')
      .replace(/\.$/, '');
    return this.hosts.has(host) || (isIP(host) !== 0 && this.allowsAddress(host));
  }

  /** Whether a resolved address is listed (directly or by range). */
  allowsAddress(address: string): boolean {
    return this.addresses.size > 0 && this.addresses.has(address);
  }
}
