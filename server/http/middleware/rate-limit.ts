import 'server-only';
import type { Context } from 'hono';
import { AppError } from '../../errors';
import type { Logger } from '../../logger';
import { RATE_LIMIT, type RateLimitDecision, type RateLimitStore } from '../../ratelimit';

/** IETF draft RateLimit headers (draft-ietf-httpapi-ratelimit-headers): quota 10 per 1-second window. */
const POLICY = `"per-second";q=${RATE_LIMIT.limit};w=${RATE_LIMIT.windowMs / 1000}`;

/**
 * Counts the request against its bucket; the 11th request within any second is refused with 429
 * and Retry-After before any work is done for it. When the store itself fails (Redis down), the
 * request goes through and the failure is logged: payments matter more than the limiter
 * (docs/decisions/010-rate-limiting.md).
 */
export async function enforceRateLimit(
  c: Context,
  deps: { rateLimit: RateLimitStore; logger: Logger },
  bucket: string,
): Promise<void> {
  let decision: RateLimitDecision;
  try {
    decision = await deps.rateLimit.hit(bucket, RATE_LIMIT.limit, RATE_LIMIT.windowMs);
  } catch (error) {
    deps.logger.error({ err: error, store: deps.rateLimit.kind }, 'rate limit store failed; request allowed');
    return;
  }
  if (!decision.allowed) {
    const retryAfter = Math.max(1, Math.ceil(decision.retryAfterMs / 1000));
    throw new AppError(
      'RATE_LIMITED',
      `At most ${RATE_LIMIT.limit} requests per second; retry after ${retryAfter} s.`,
      {
        headers: {
          'retry-after': String(retryAfter),
          'ratelimit-policy': POLICY,
          ratelimit: `"per-second";r=0;t=${retryAfter}`,
        },
      },
    );
  }
  c.header('ratelimit-policy', POLICY);
  c.header('ratelimit', `"per-second";r=${decision.remaining};t=1`);
}
