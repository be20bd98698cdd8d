import 'server-only';
import type { Context } from 'hono';
import { AppError } from '../../errors';
import type { Logger } from '../../logger';
import type { ApiEnv } from '../context';
import { responseHeaders } from '../reply';
import { type BucketLimit, type RateLimitDecision, type RateLimitStore } from '../../ratelimit';

/** IETF draft RateLimit headers (draft-ietf-httpapi-ratelimit-headers) for the request's own bucket. */
function policyOf(bucket: BucketLimit): string {
  return `"per-second";q=${bucket.limit};w=${bucket.windowMs / 1000}`;
}

/**
 * Counts the request against its buckets (all or none); a request over any limit is refused with
 * 429 and Retry-After before any work is done for it. When the store itself fails (Redis down),
 * the request goes through and the failure is logged: payments matter more than the limiter
 * (docs/decisions/010-rate-limiting.md).
 */
export async function enforceRateLimit(
  c: Context<ApiEnv>,
  deps: { rateLimit: RateLimitStore; logger: Logger },
  buckets: readonly BucketLimit[],
): Promise<void> {
  let decision: RateLimitDecision;
  try {
    decision = await deps.rateLimit.hit(buckets);
  } catch (error) {
    deps.logger.error({ err: error, store: deps.rateLimit.kind }, 'rate limit store failed; request allowed');
    return;
  }
  const own = buckets[0]!;
  if (!decision.allowed) {
    const retryAfter = Math.max(1, Math.ceil(decision.retryAfterMs / 1000));
    throw new AppError(
      'RATE_LIMITED',
      `Request rate limit reached (${own.limit} per second for this token); retry after ${retryAfter} s.`,
      {
        headers: {
          'retry-after': String(retryAfter),
          'ratelimit-policy': policyOf(own),
          ratelimit: `"per-second";r=0;t=${retryAfter}`,
        },
      },
    );
  }
  const headers = responseHeaders(c);
  headers['ratelimit-policy'] = policyOf(own);
  headers.ratelimit = `"per-second";r=${decision.remaining};t=1`;
}
