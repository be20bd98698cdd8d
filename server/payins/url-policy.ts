import 'server-only';
import type { FieldError } from '../errors';
import type { HostAllowlist } from '../net/allowlist';

/**
 * Merchant-supplied URLs must be https; plain http only for hosts the operator allowlists or when
 * the operator allows insecure URLs (local development, docs/decisions/009-merchant-urls.md).
 */
export class UrlPolicy {
  constructor(
    private readonly allowInsecure: boolean,
    private readonly allowlist: HostAllowlist,
  ) {}

  check(field: string, value: string): FieldError | undefined {
    const url = new URL(value);
    if (url.protocol === 'https:') return undefined;
    if (this.allowInsecure || this.allowlist.allowsHost(url.hostname)) return undefined;
    return {
      field,
      message: 'Must use https (plain http is allowed only for hosts the operator allowlists).',
    };
  }
}
