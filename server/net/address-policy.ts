import 'server-only';
import { BlockList, isIP } from 'node:net';
import { embeddedIpv4, ipv6Words } from './ip-address';

interface ForbiddenRange {
  cidr: string;
  label: string;
}

/**
 * IPv4 ranges a callback may never reach (IANA special-purpose registry, RFC 6890 and successors):
 * everything that is not a globally routed unicast address. Broadcast comes before 240/4 so the
 * more telling name wins.
 */
const FORBIDDEN_IPV4: readonly ForbiddenRange[] = [
  { cidr: '0.0.0.0/8', label: '"this network" (0.0.0.0/8)' },
  { cidr: '10.0.0.0/8', label: 'private (10.0.0.0/8)' },
  { cidr: '100.64.0.0/10', label: 'shared address space / CGNAT (100.64.0.0/10)' },
  { cidr: '127.0.0.0/8', label: 'loopback (127.0.0.0/8)' },
  { cidr: '169.254.0.0/16', label: 'link-local, incl. cloud metadata (169.254.0.0/16)' },
  { cidr: '172.16.0.0/12', label: 'private (172.16.0.0/12)' },
  { cidr: '192.0.0.0/24', label: 'IETF protocol assignments (192.0.0.0/24)' },
  { cidr: '192.0.2.0/24', label: 'documentation (192.0.2.0/24)' },
  { cidr: '192.88.99.0/24', label: '6to4 relay anycast (192.88.99.0/24)' },
  { cidr: '192.168.0.0/16', label: 'private (192.168.0.0/16)' },
  { cidr: '198.18.0.0/15', label: 'benchmarking (198.18.0.0/15)' },
  { cidr: '198.51.100.0/24', label: 'documentation (198.51.100.0/24)' },
  { cidr: '203.0.113.0/24', label: 'documentation (203.0.113.0/24)' },
  { cidr: '224.0.0.0/4', label: 'multicast (224.0.0.0/4)' },
  { cidr: '255.255.255.255/32', label: 'broadcast (255.255.255.255)' },
  { cidr: '240.0.0.0/4', label: 'reserved (240.0.0.0/4)' },
];

/** IPv6 ranges inside or beside global unicast (2000::/3) that are not public hosts. */
const FORBIDDEN_IPV6: readonly ForbiddenRange[] = [
  { cidr: '::/128', label: 'unspecified (::)' },
  { cidr: '::1/128', label: 'loopback (::1)' },
  { cidr: '64:ff9b:1::/48', label: 'local-use NAT64 (64:ff9b:1::/48)' },
  { cidr: '100::/64', label: 'discard-only (100::/64)' },
  { cidr: '2001:db8::/32', label: 'documentation (2001:db8::/32)' },
  { cidr: '2001::/23', label: 'IETF protocol assignments, incl. Teredo (2001::/23)' },
  { cidr: '3fff::/20', label: 'documentation (3fff::/20)' },
  { cidr: '5f00::/16', label: 'SRv6 SIDs (5f00::/16)' },
  { cidr: 'fc00::/7', label: 'unique-local (fc00::/7)' },
  { cidr: 'fe80::/10', label: 'link-local (fe80::/10)' },
  { cidr: 'fec0::/10', label: 'site-local, deprecated (fec0::/10)' },
  { cidr: 'ff00::/8', label: 'multicast (ff00::/8)' },
];

function compile(ranges: readonly ForbiddenRange[], type: 'ipv4' | 'ipv6') {
  return ranges.map(({ cidr, label }) => {
    const [network = '', bits = ''] = cidr.split('/');
    const list = new BlockList();
    list.addSubnet(network, Number(bits), type);
    return { label, list };
  });
}

const IPV4_RANGES = compile(FORBIDDEN_IPV4, 'ipv4');
const IPV6_RANGES = compile(FORBIDDEN_IPV6, 'ipv6');
const GLOBAL_UNICAST = new BlockList();
GLOBAL_UNICAST.addSubnet('2000::', 3, 'ipv6');

export type AddressVerdict = { allowed: true } | { allowed: false; reason: string };

/**
 * Whether a server-side request may connect to this IP address: only globally routed unicast
 * addresses may, and an IPv6 form carrying an IPv4 address is judged by that IPv4 address. Text
 * that is not an IP address is refused. The operator's allowlist is applied by the caller.
 */
export function classifyAddress(address: string): AddressVerdict {
  const text = address.replace(/^\[|\]$/g, '');
  const family = isIP(text.replace(/%.*$/, ''));
  if (family === 4) return classifyIpv4(text);
  const words = family === 6 ? ipv6Words(text) : undefined;
  if (!words) return { allowed: false, reason: `"${address}" is not an IP address` };
  const embedded = embeddedIpv4(words);
  if (embedded) {
    const inner = classifyIpv4(embedded.ipv4);
    return inner.allowed ? inner : { allowed: false, reason: `${embedded.form} form of ${inner.reason}` };
  }
  const bare = text.replace(/%.*$/, '');
  const hit = IPV6_RANGES.find(({ list }) => list.check(bare, 'ipv6'));
  if (hit) return { allowed: false, reason: `${bare} is ${hit.label}` };
  if (!GLOBAL_UNICAST.check(bare, 'ipv6')) {
    return { allowed: false, reason: `${bare} is reserved (outside global unicast 2000::/3)` };
  }
  return { allowed: true };
}

function classifyIpv4(address: string): AddressVerdict {
  const hit = IPV4_RANGES.find(({ list }) => list.check(address, 'ipv4'));
  return hit ? { allowed: false, reason: `${address} is ${hit.label}` } : { allowed: true };
}

/** Hostnames that name this machine by definition (RFC 6761), whatever DNS says. */
export function isLoopbackName(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  return host === 'localhost' || host.endsWith('.localhost');
}
