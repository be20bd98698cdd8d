import 'server-only';
import type { Context } from 'hono';
import { AppError } from '../../errors';
import { merchantBucket, paymentBucket } from '../../ratelimit';
import { operationsAllow } from '../../tokens';
import type { ApiDependencies, ApiEnv } from '../context';
import { enforceRateLimit } from './rate-limit';

const BEARER = /^Bearer +([A-Za-z0-9._~+/=-]+)$/;
const CHALLENGE = 'Bearer realm="payin-api"';

/** The request path as operations see it: below the API base, e.g. "/payins/order-1". */
export function operationPath(c: Context): string {
  return c.req.path.replace(/^\/api(?=\/)/, '');
}

/**
 * Bearer token → grant → merchant → rate limit (the merchant's bucket, or the payment's own bucket
 * for a token confined to one payin) → the token's operations must allow "METHOD path".
 */
export async function authenticate(c: Context<ApiEnv>, deps: ApiDependencies): Promise<void> {
  const header = c.req.header('authorization');
  if (header === undefined) {
    throw new AppError('AUTHENTICATION_REQUIRED', 'Send Authorization: Bearer <token>.', {
      headers: { 'www-authenticate': CHALLENGE },
    });
  }
  const token = BEARER.exec(header)?.[1];
  if (token === undefined) {
    throw new AppError('TOKEN_INVALID', 'The Authorization header is not a bearer token.', {
      headers: { 'www-authenticate': `${CHALLENGE}, error="invalid_request"` },
    });
  }
  let grant;
  try {
    grant = deps.tokens.authenticate(token);
  } catch (error) {
    if (error instanceof AppError) {
      throw new AppError(error.code, error.message, {
        headers: { 'www-authenticate': `${CHALLENGE}, error="invalid_token"` },
      });
    }
    throw error;
  }
  const merchant = await deps.merchants.require(grant.merchantCode);
  const bucket = grant.paymentScope
    ? paymentBucket(merchant.code, grant.paymentScope)
    : merchantBucket(merchant.code);
  await enforceRateLimit(c, deps, bucket);
  if (!operationsAllow(grant.operations, c.req.method, operationPath(c))) {
    throw new AppError(
      'OPERATION_NOT_PERMITTED',
      `The token does not allow ${c.req.method} ${operationPath(c)}.`,
    );
  }
  c.set('grant', grant);
  c.set('merchant', merchant);
}

/** A token confined to one payin may touch only that payin. */
export function requirePaymentScope(c: Context<ApiEnv>, idPayin: string): void {
  const scope = c.get('grant').paymentScope;
  if (scope !== undefined && scope !== idPayin) {
    throw new AppError('PAYMENT_NOT_PERMITTED', 'The token is limited to another payment.');
  }
}
