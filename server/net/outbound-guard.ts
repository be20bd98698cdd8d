import 'server-only';
import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP, type LookupFunction } from 'node:net';
import { classifyAddress, isLoopbackName } from './address-policy';
import type { HostAllowlist } from './allowlist';

/** A refusal by the SSRF guard: the request never left (or never connected). */
export class BlockedTargetError extends Error {
  readonly code = 'ERR_SSRF_BLOCKED';
  constructor(reason: string) {
    super(`blocked by the SSRF guard: ${reason}`);
    this.name = 'BlockedTargetError';
  }
}

export interface ResolvedAddress {
  address: string;
  family: number;
}

/** Name resolution, injectable for tests; the default is the system resolver (getaddrinfo). */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

const systemResolver: Resolver = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

export interface OutboundGuardOptions {
  allowlist: HostAllowlist;
  /** ALLOW_INSECURE_URLS: plain http for any host (the address rules still apply). */
  allowInsecureUrls: boolean;
  resolve?: Resolver;
}

/**
 * The SSRF guard for requests to merchant-supplied URLs. `checkUrl` refuses what is wrong before
 * any connection (scheme, plain http, literal addresses); `lookup` is handed to node:http(s) as the
 * connection's only name resolution, so the address checked is the address connected to (a second
 * lookup could be answered differently: DNS rebinding).
 */
export class OutboundGuard {
  private readonly allowlist: HostAllowlist;
  private readonly allowInsecureUrls: boolean;
  private readonly resolve: Resolver;

  constructor(options: OutboundGuardOptions) {
    this.allowlist = options.allowlist;
    this.allowInsecureUrls = options.allowInsecureUrls;
    this.resolve = options.resolve ?? systemResolver;
  }

  /** Why this URL may not be requested, or undefined when it may (names are checked at lookup). */
  checkUrl(url: URL): string | undefined {
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return `scheme ${url.protocol} is not http(s)`;
    if (url.username !== '' || url.password !== '') return 'URLs with credentials are not allowed';
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (url.protocol === 'http:' && !this.allowInsecureUrls && !this.allowlist.allowsHost(host)) {
      return `plain http to ${host} is not allowed (use https, or allowlist the host)`;
    }
    if (isIP(host) !== 0) return this.refusal(host, host);
    // RFC 6761: localhost names are loopback whatever a resolver answers.
    if (isLoopbackName(host) && !this.allowlist.allowsHost(host))
      return `${host} is this machine (localhost)`;
    return undefined;
  }

  /** Why connecting to `address` (reached through `hostname`) is refused, or undefined. */
  refusal(hostname: string, address: string): string | undefined {
    if (this.allowlist.allowsHost(hostname) || this.allowlist.allowsAddress(address)) return undefined;
    const verdict = classifyAddress(address);
    return verdict.allowed ? undefined : verdict.reason;
  }

  /** A `lookup` for node:net that resolves once and fails unless every address is allowed. */
  readonly lookup: LookupFunction = (hostname, options, callback) => {
    this.resolve(hostname).then(
      (resolved) => {
        for (const { address } of resolved) {
          const reason = this.refusal(hostname, address);
          if (reason !== undefined) {
            callback(new BlockedTargetError(`${hostname} resolves to ${reason}`), '', 0);
            return;
          }
        }
        const wanted = options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : options.family;
        const usable = wanted ? resolved.filter(({ family }) => family === wanted) : resolved;
        const [first] = usable;
        if (!first) {
          const error: NodeJS.ErrnoException = new Error(`${hostname} has no usable address`);
          error.code = 'ENOTFOUND';
          callback(error, '', 0);
          return;
        }
        if (options.all) callback(null, usable);
        else callback(null, first.address, first.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 0),
    );
  };
}
