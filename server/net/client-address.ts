import 'server-only';
import { isIP } from 'node:net';

/** An address as one text: IPv4-mapped IPv6 (::ffff:1.2.3.4) is the IPv4 address it carries. */
export function normaliseAddress(address: string | undefined): string | undefined {
  if (address === undefined) return undefined;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  const plain = mapped?.[1] ?? address;
  return isIP(plain) === 0 ? undefined : plain.toLowerCase();
}

export function isLoopbackAddress(address: string | undefined): boolean {
  const plain = normaliseAddress(address);
  return plain !== undefined && (plain === '::1' || plain.startsWith('127.'));
}

/** The last address of an X-Forwarded-For list (the one the nearest proxy added), if it is one. */
export function lastForwardedAddress(header: string | undefined): string | undefined {
  if (header === undefined) return undefined;
  const entries = header.split(',');
  return normaliseAddress(entries[entries.length - 1]?.trim());
}

/**
 * Who sent a request: the peer of the connection, or, when the peer is a proxy we trust, the
 * address it reports in X-Forwarded-For. We trust the operator's proxy (TRUST_PROXY) and our own
 * loopback: the hosted app's server side calls the API over loopback on the customer's behalf and
 * passes the customer's address on, which the front door set from the connection itself.
 */
export function clientAddressOf(input: {
  peer: string | undefined;
  forwardedFor: string | undefined;
  trustProxy: boolean;
}): string {
  const peer = normaliseAddress(input.peer);
  if (input.trustProxy || isLoopbackAddress(peer)) {
    const forwarded = lastForwardedAddress(input.forwardedFor);
    if (forwarded !== undefined) return forwarded;
  }
  return peer ?? 'unknown';
}
