import 'server-only';
import { AppError } from '../errors';
import type { Logger } from '../logger';
import type { RateLimitDecision, RateLimitStore } from './rate-limiter';

export interface AuthFailurePolicy {
  /** Failed attempts one client address may make per window before it is locked out. */
  perAddress: number;
  /** Failed attempts on one merchant code per window before strangers are locked out of it. */
  perMerchant: number;
  windowMs: number;
}

/**
 * Where addresses that authenticated as a merchant are remembered, shared by every instance and
 * kept across restarts (server/merchants/client-addresses.ts).
 */
export interface KnownAddresses {
  remember(merchantCode: string, address: string): void;
  isKnown(merchantCode: string, address: string): Promise<boolean>;
}

const addressBucket = (address: string) => `af:a:${address}`;
const merchantCodeBucket = (merchantCode: string) => `af:m:${merchantCode}`;

function locked(retryAfterMs: number, detail: string): AppError {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return new AppError('TOO_MANY_FAILED_ATTEMPTS', `${detail} Retry after ${seconds} s.`, {
    headers: { 'retry-after': String(seconds) },
  });
}

/**
 * Failed authentication is counted apart from every merchant's budget, so nobody but the merchant
 * can spend it (the merchant code is public in every payment link): per client address, and per
 * merchant code. An address over its limit is locked out for the rest of the window. A merchant
 * code over its limit is closed to addresses that have not authenticated as that merchant in the
 * last 30 days, so an attack on a code neither locks the merchant's own servers out nor lets strangers
 * keep guessing (OWASP's "device cookie" lockout, keyed by address). docs/decisions/017-abuse-limits.md
 */
export class AuthFailureGuard {
  constructor(
    private readonly store: RateLimitStore,
    private readonly policy: AuthFailurePolicy,
    private readonly known: KnownAddresses,
    private readonly logger: Logger,
  ) {}

  /**
   * Like the rate limit, the lockout fails open: when its store is down, attempts are let through
   * (and the secret check still decides) rather than refusing every merchant.
   */
  private async tolerant<T>(work: () => Promise<T>, fallback: T): Promise<T> {
    try {
      return await work();
    } catch (error) {
      this.logger.error({ err: error, store: this.store.kind }, 'auth failure store failed; attempt allowed');
      return fallback;
    }
  }

  /** 429 before any work when the address, or a merchant code under attack, is locked. */
  async assertMayTry(address: string, merchantCode: string): Promise<void> {
    const [byAddress, byMerchant] = await this.tolerant(
      () =>
        Promise.all([
          this.store.count(addressBucket(address), this.policy.windowMs),
          this.store.count(merchantCodeBucket(merchantCode), this.policy.windowMs),
        ]),
      [0, 0],
    );
    if (byAddress >= this.policy.perAddress)
      throw locked(this.policy.windowMs, 'Too many failed attempts from this address.');
    if (byMerchant >= this.policy.perMerchant && !(await this.known.isKnown(merchantCode, address)))
      throw locked(this.policy.windowMs, 'Too many failed attempts for this merchant code.');
  }

  /**
   * 429 before any work when the address is locked: for credentials that name no merchant (a bank
   * feed's API key), where only the address can be counted.
   */
  async assertAddressMayTry(address: string): Promise<void> {
    const byAddress = await this.tolerant(
      () => this.store.count(addressBucket(address), this.policy.windowMs),
      0,
    );
    if (byAddress >= this.policy.perAddress)
      throw locked(this.policy.windowMs, 'Too many failed attempts from this address.');
  }

  /**
   * Counts a failure of the address (and of the merchant code when there is one); 429 instead of
   * the caller's 401 once a limit is reached.
   */
  async recordFailure(address: string, merchantCode?: string): Promise<AppError | undefined> {
    const { windowMs } = this.policy;
    const decisions = await this.tolerant(
      () =>
        Promise.all([
          this.store.hit([{ bucket: addressBucket(address), limit: this.policy.perAddress, windowMs }]),
          ...(merchantCode === undefined
            ? []
            : [
                this.store.hit([
                  { bucket: merchantCodeBucket(merchantCode), limit: this.policy.perMerchant, windowMs },
                ]),
              ]),
        ]),
      [] as RateLimitDecision[],
    );
    const refused = decisions.find((decision) => !decision.allowed);
    return refused ? locked(refused.retryAfterMs, 'Too many failed authentication attempts.') : undefined;
  }

  /** Remembers that this address holds the merchant's credentials. */
  recordSuccess(address: string, merchantCode: string): void {
    this.known.remember(merchantCode, address);
  }
}
