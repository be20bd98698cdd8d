import 'server-only';
import { isIP } from 'node:net';
import type { FieldError } from '../errors';
import { classifyAddress, isLoopbackName } from './address-policy';
import type { HostAllowlist } from './allowlist';

/**
 * Merchant-supplied URLs must be https; plain http only for hosts the operator allowlists or when
 * the operator allows insecure URLs (local development, docs/decisions/009-merchant-urls.md).
 * The callbackUrl, which this server requests itself, must moreover not name a loopback, private
 * or otherwise non-public address literally (or as localhost) unless allowlisted; names resolving
 * to such addresses are refused at delivery (docs/decisions/014-callbacks.md).
 */
export class UrlPolicy {
  constructor(
    private readonly allowInsecure: boolean,
    private readonly allowlist: HostAllowlist,
    /**
     * Callback URLs this server serves itself (the built-in receiver, delivered in-process): accepted
     * whatever the address and scheme of the public URL (docs/decisions/025).
     */
    private readonly isInProcessCallbackUrl: (url: string) => boolean = () => false,
    /**
     * This service's own public origin: a returnUrl there (the merchant console's page of the
     * payment, docs/decisions/026) is accepted whatever its scheme, as the hosted page is.
     */
    private readonly ownOrigin?: string,
  ) {}

  /** Checks a returnUrl or callbackUrl of a create (the field name says which). */
  check(field: string, value: string): FieldError | undefined {
    if (field === 'callbackUrl') return this.checkCallbackUrl(field, value);
    const url = new URL(value);
    if (this.ownOrigin !== undefined && url.origin === this.ownOrigin) return undefined;
    return this.checkScheme(field, url);
  }

  /** Checks a URL this server will send callbacks to, reported under `field`. */
  checkCallbackUrl(field: string, value: string): FieldError | undefined {
    if (this.isInProcessCallbackUrl(value)) return undefined;
    const url = new URL(value);
    const refusal = this.serverSideRefusal(url.hostname);
    if (refusal !== undefined) return { field, message: refusal };
    return this.checkScheme(field, url);
  }

  private checkScheme(field: string, url: URL): FieldError | undefined {
    if (url.protocol === 'https:') return undefined;
    if (this.allowInsecure || this.allowlist.allowsHost(url.hostname)) return undefined;
    return {
      field,
      message: 'Must use https (plain http is allowed only for hosts the operator allowlists).',
    };
  }

  /** Why this server must not send requests to the host, when that is plain from the URL alone. */
  private serverSideRefusal(hostname: string): string | undefined {
    const host = hostname.replace(/^\[|\]$/g, '');
    if (this.allowlist.allowsHost(host)) return undefined;
    if (isLoopbackName(host)) return 'Must not point at this machine (localhost).';
    if (isIP(host) === 0) return undefined;
    const verdict = classifyAddress(host);
    return verdict.allowed
      ? undefined
      : `Must not point at a non-public address (${verdict.reason}) unless the operator allowlists it.`;
  }
}
