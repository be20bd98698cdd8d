import 'server-only';
import { BlockList, isIP } from 'node:net';

/**
 * The operator's allowlist (CALLBACK_ALLOWLIST): hostnames, IP addresses and CIDR ranges that may
 * be reached despite the SSRF guard, and may use plain http.
 */
export class HostAllowlist {
  private readonly hosts = new Set<string>();
  private readonly addresses = new BlockList();
  private hasAddresses = false;

  constructor(entries: readonly string[]) {
    for (const raw of entries) {
      const entry = raw
        .trim()
        .toLowerCase()
        .replace(/^\[|\]$/g, '');
      const [address, prefix] = entry.split('/') as [string, string | undefined];
      const family = isIP(address);
      if (family === 0) {
        if (prefix !== undefined)
          throw new Error(`CALLBACK_ALLOWLIST entry "${raw}" is not a valid CIDR range.`);
        this.hosts.add(entry);
        continue;
      }
      const type = family === 4 ? 'ipv4' : 'ipv6';
      if (prefix === undefined) this.addresses.addAddress(address, type);
      else {
        const bits = Number(prefix);
        if (!Number.isInteger(bits) || bits < 0 || bits > (family === 4 ? 32 : 128)) {
          throw new Error(`CALLBACK_ALLOWLIST entry "${raw}" has an invalid prefix length.`);
        }
        this.addresses.addSubnet(address, bits, type);
      }
      this.hasAddresses = true;
    }
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
    if (!this.hasAddresses) return false;
    const family = isIP(address);
    if (family === 0) return false;
    return this.addresses.check(address, family === 4 ? 'ipv4' : 'ipv6');
  }
}
