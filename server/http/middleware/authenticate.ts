import 'server-only';
import type { Context } from 'hono';
import { AppError } from '../../errors';
import {
  merchantBucket,
  paymentBucket,
  paymentCeilingBucket,
  RATE_LIMIT,
  type BucketLimit,
} from '../../ratelimit';
import type { TokenGrant } from '../../tokens';
import type { ApiDependencies, ApiEnv } from '../context';
import { clientAddress, header, requestInstance } from '../request-info';
import { enforceRateLimit } from './rate-limit';

/** RFC 6750 bearer credentials; the scheme name is case-insensitive (RFC 9110 §11.1). */
const BEARER = /^bearer +([A-Za-z0-9._~+/-]+=*)$/i;
const CHALLENGE = 'Bearer realm="payin-api"';

/**
 * The request path as operations see it, below the API base: each segment percent-decoded once
 * (so `order%2B1` and `order+1` are the same payin), a decoded "/" or "%" written back encoded so
 * segments stay apart. e.g. "/payins/order-1".
 */
export function operationPath(c: Context): string {
  const raw = requestInstance(c).replace(/^\/api(?=\/)/, '');
  if (!raw.includes('%')) return raw;
  return raw
    .split('/')
    .map((segment) => {
      let decoded: string;
      try {
        decoded = decodeURIComponent(segment);
      } catch {
        return segment;
      }
      return decoded.replace(/%/g, '%25').replace(/\//g, '%2F');
    })
    .join('/');
}

/** The buckets a request of this grant counts in: the merchant's, or the payment's and the merchant-wide ceiling. */
export function bucketsOf(grant: TokenGrant, ceiling: number): BucketLimit[] {
  if (grant.paymentScope === undefined)
    return [{ bucket: merchantBucket(grant.merchantCode), ...RATE_LIMIT }];
  return [
    { bucket: paymentBucket(grant.merchantCode, grant.paymentScope), ...RATE_LIMIT },
    { bucket: paymentCeilingBucket(grant.merchantCode), limit: ceiling, windowMs: RATE_LIMIT.windowMs },
  ];
}

/**
 * Bearer token → grant → (browser check) → merchant → rate limit: the merchant's bucket, or for a
 * token confined to one payin the payment's own bucket within the merchant-wide ceiling. A token
 * that does not verify counts as a failed authentication of the client address, never against a
 * merchant (docs/decisions/017-abuse-limits.md).
 */
export async function authenticate(c: Context<ApiEnv>, deps: ApiDependencies): Promise<void> {
  const authorization = header(c, 'authorization');
  if (authorization === undefined) {
    throw new AppError('AUTHENTICATION_REQUIRED', 'Send Authorization: Bearer <token>.', {
      headers: { 'www-authenticate': CHALLENGE },
    });
  }
  const token = BEARER.exec(authorization.trim())?.[1];
  if (token === undefined) {
    throw new AppError('TOKEN_INVALID', 'The Authorization header is not a bearer token.', {
      headers: { 'www-authenticate': `${CHALLENGE}, error="invalid_request"` },
    });
  }
  let grant: TokenGrant;
  try {
    grant = deps.tokens.authenticate(token);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const lockout = await deps.authFailures.recordFailure(clientAddress(c, deps.trustProxy));
    throw (
      lockout ??
      new AppError(error.code, error.message, {
        headers: { 'www-authenticate': `${CHALLENGE}, error="invalid_token"` },
      })
    );
  }
  if (header(c, 'origin') !== undefined && grant.paymentScope === undefined) {
    throw new AppError(
      'BROWSER_NOT_ALLOWED',
      'This token is not confined to one payin, so it must stay on the merchant server: browsers may use only ' +
        'payment-scoped tokens (POST /auth-tokens-by-action, or literal operations of one payin).',
    );
  }
  // A console token dies with its session: signed out, disabled or given another role.
  if (grant.console && !deps.people.isSessionOpen(grant.console.sessionId))
    throw new AppError('CONSOLE_SESSION_INVALID', 'The console session this token belongs to has ended.', {
      headers: { 'www-authenticate': `${CHALLENGE}, error="invalid_token"` },
    });
  const merchant =
    deps.merchants.known(grant.merchantCode) ?? (await deps.merchants.require(grant.merchantCode));
  await enforceRateLimit(c, deps, bucketsOf(grant, deps.paymentCeiling));
  if (grant.session) await deps.sessions.assertActive(grant, merchant);
  c.set('grant', grant);
  c.set('merchant', merchant);
}

/** The token's operations must allow "METHOD path". */
export function requireOperation(c: Context<ApiEnv>): void {
  const path = operationPath(c);
  if (!c.get('grant').allows(c.req.method, path)) {
    throw new AppError('OPERATION_NOT_PERMITTED', `The token does not allow ${c.req.method} ${path}.`);
  }
}

/** A token confined to one payin may touch only that payin. */
export function requirePaymentScope(c: Context<ApiEnv>, idPayin: string): void {
  const scope = c.get('grant').paymentScope;
  if (scope !== undefined && scope !== idPayin) {
    throw new AppError('PAYMENT_NOT_PERMITTED', 'The token is limited to another payment.');
  }
}

/**
 * Merchant-wide operations (listing payins, every payin's callbacks, the callback signing secret,
 * test callbacks, the receiver): the token's operations must name them, and a token confined to one
 * payin, which may sit in a customer's browser, never reaches them whatever its operations say.
 */
export function requireMerchantWideOperation(c: Context<ApiEnv>): void {
  requireOperation(c);
  if (c.get('grant').paymentScope !== undefined) {
    throw new AppError(
      'PAYMENT_NOT_PERMITTED',
      `The token is limited to one payment; ${c.req.method} ${operationPath(c)} needs a token that is not.`,
    );
  }
}

/**
 * The operator API's key as a bearer credential (docs/decisions/035). A wrong key counts as a
 * failed authentication of the client address, with its lockout; the key is never for a browser.
 */
export async function authenticateOperator(c: Context<ApiEnv>, deps: ApiDependencies): Promise<void> {
  const authorization = header(c, 'authorization');
  if (authorization === undefined) {
    throw new AppError('AUTHENTICATION_REQUIRED', 'Send Authorization: Bearer <operator API key>.', {
      headers: { 'www-authenticate': 'Bearer realm="payin-operator"' },
    });
  }
  const address = clientAddress(c, deps.trustProxy);
  await deps.authFailures.assertAddressMayTry(address);
  const presented = BEARER.exec(authorization.trim())?.[1];
  if (presented === undefined || !deps.operatorKey.matches(presented)) {
    throw (
      (await deps.authFailures.recordFailure(address)) ??
      new AppError('OPERATOR_KEY_INVALID', 'The operator API key is not valid.', {
        headers: { 'www-authenticate': 'Bearer realm="payin-operator", error="invalid_token"' },
      })
    );
  }
  if (header(c, 'origin') !== undefined) {
    throw new AppError(
      'BROWSER_NOT_ALLOWED',
      "The operator API key stays on the operator's servers: browsers use the console's operator section.",
    );
  }
}
