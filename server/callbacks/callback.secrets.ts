import 'server-only';
import type { Clock } from '../clock';
import { AppError } from '../errors';
import { overlappingCallbackSecret, type Merchant, type MerchantDirectory } from '../merchants';

/** The signing secret as the API shows it: the current one, and when the one it replaced stops signing. */
export interface SigningSecretView {
  secret: string;
  /** While a rotation's overlap lasts: callbacks carry a signature with the previous secret until then. */
  previousSecretExpiresAt?: string;
}

/**
 * The merchant's callback signing secret and its rotation with an overlap (docs/decisions/032):
 * for `overlapSeconds` after a rotation every callback carries two signatures, one per secret, so
 * receivers can move to the new secret at their pace. The times are wall-clock time, as the
 * signatures' timestamps are.
 */
export class CallbackSigningSecretService {
  constructor(
    private readonly deps: { merchants: MerchantDirectory; wallClock: Clock; defaultOverlapSeconds: number },
  ) {}

  view(merchant: Merchant): SigningSecretView {
    const previous = overlappingCallbackSecret(merchant, this.deps.wallClock());
    return {
      secret: merchant.callbackSecret,
      ...(previous && { previousSecretExpiresAt: previous.until.toISOString() }),
    };
  }

  /** A new secret now; the current one keeps signing beside it for the overlap (0: not at all). */
  async rotate(
    merchant: Merchant,
    overlapSeconds: number | undefined,
  ): Promise<SigningSecretView & { previousSecretExpiresAt: string }> {
    const until = new Date(
      this.deps.wallClock().getTime() + (overlapSeconds ?? this.deps.defaultOverlapSeconds) * 1000,
    );
    const rotated = await this.deps.merchants.rotateCallbackSecret(merchant.code, until);
    if (!rotated) throw new AppError('TOKEN_INVALID', 'The token names an unknown merchant.');
    return { secret: rotated.callbackSecret, previousSecretExpiresAt: until.toISOString() };
  }
}
