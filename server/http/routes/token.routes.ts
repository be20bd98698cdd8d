import 'server-only';
import type { Context } from 'hono';
import {
  authTokenByActionRequestSchema,
  authTokenRequestSchema,
  type AuthTokenByActionRequest,
  type AuthTokenRequest,
} from '@/lib/schemas';
import { tokenResponseSchema } from '@/lib/api/responses';
import { AppError } from '../../errors';
import { addressAllowed, operationsBeyondKey, type ApiKey, type Merchant } from '../../merchants';
import { merchantBucket, RATE_LIMIT } from '../../ratelimit';
import { MAX_PATTERN_BRANCHES, operationsForAction } from '../../tokens';
import type { ApiDependencies, ApiEnv } from '../context';
import { enforceRateLimit } from '../middleware/rate-limit';
import { clientAddress, header } from '../request-info';
import { defineRoute } from '../route';
import { reply } from '../reply';

const CREDENTIAL_ERRORS = [
  'VALIDATION_FAILED',
  'MALFORMED_JSON',
  'INVALID_CREDENTIALS',
  'KEY_ADDRESS_NOT_ALLOWED',
  'KEY_OPERATION_NOT_PERMITTED',
  'BROWSER_NOT_ALLOWED',
  'TOO_MANY_FAILED_ATTEMPTS',
  'RATE_LIMITED',
] as const;

/**
 * Credentials first, then the merchant's budget: a wrong secret costs the merchant nothing (the
 * code is public in every payment link); it counts as a failure of the client address and of the
 * code, whose lockouts apply before any check. Unknown codes cost no database lookup.
 */
async function authenticateMerchant(
  c: Context<ApiEnv>,
  deps: ApiDependencies,
  body: { merchantCode: string; secret: string; validitySecs?: number | undefined },
): Promise<{ merchant: Merchant; key: ApiKey | undefined }> {
  if (header(c, 'origin') !== undefined) {
    throw new AppError(
      'BROWSER_NOT_ALLOWED',
      'The merchant secret must never reach a browser (specification, Authentication 2): request tokens from the merchant server.',
    );
  }
  const address = clientAddress(c, deps.trustProxy);
  await deps.authFailures.assertMayTry(address, body.merchantCode);
  const now = new Date();
  const found = deps.merchants.authenticate(body.merchantCode, body.secret, now);
  if (!found) {
    throw (
      (await deps.authFailures.recordFailure(address, body.merchantCode)) ??
      new AppError('INVALID_CREDENTIALS', 'The merchant code or secret is not valid.')
    );
  }
  const { merchant, key } = found;
  // A key used from elsewhere counts as a failure: a leaked key is no use to another address.
  if (key && !addressAllowed(key, address)) {
    throw (
      (await deps.authFailures.recordFailure(address, body.merchantCode)) ??
      new AppError(
        'KEY_ADDRESS_NOT_ALLOWED',
        `The API key "${key.name}" may not be used from ${address}: add the address to the key's allowedAddresses.`,
      )
    );
  }
  deps.authFailures.recordSuccess(address, merchant.code);
  if (key) {
    deps.merchants
      .recordKeyUse(key, now)
      .catch((error: unknown) => deps.logger.warn({ err: error, idKey: key.id }, 'api key use not recorded'));
  }
  await enforceRateLimit(c, deps, [{ bucket: merchantBucket(merchant.code), ...RATE_LIMIT }]);
  return { merchant, key };
}

function assertValidity(deps: ApiDependencies, validitySecs: number | undefined): void {
  if (validitySecs !== undefined && validitySecs > deps.tokens.maxValiditySecs) {
    throw new AppError('VALIDATION_FAILED', `validitySecs may be at most ${deps.tokens.maxValiditySecs}.`, {
      errors: [{ field: 'validitySecs', message: `At most ${deps.tokens.maxValiditySecs}.` }],
    });
  }
}

type TokenTerms = Pick<AuthTokenRequest, 'validitySecs' | 'money' | 'terms'>;

/** A token for a list of operations, within the key's limits (the merchant's API or its console). */
export function issueGeneralToken(
  deps: ApiDependencies,
  merchant: Merchant,
  key: ApiKey | undefined,
  body: TokenTerms & Pick<AuthTokenRequest, 'operations' | 'idPayment'>,
): Promise<string> {
  assertValidity(deps, body.validitySecs);
  assertKeyAllows(key, body.operations);
  return deps.tokens.issue({
    merchantCode: merchant.code,
    operations: body.operations,
    validitySecs: body.validitySecs,
    money: body.money,
    idPayment: body.idPayment,
    terms: body.terms,
    keyId: key?.id,
  });
}

/** A token for an action on one payin (PAYIN_CREATE, PAYIN_INFO), within the key's limits. */
export function issueActionToken(
  deps: ApiDependencies,
  merchant: Merchant,
  key: ApiKey | undefined,
  body: TokenTerms & Pick<AuthTokenByActionRequest, 'action' | 'idPayment'>,
): Promise<string> {
  assertValidity(deps, body.validitySecs);
  assertActionTerms(merchant, body);
  const operations = operationsForAction(body.action, body.idPayment, merchant.isTest);
  assertKeyAllows(key, operations);
  return deps.tokens.issue({
    merchantCode: merchant.code,
    operations,
    validitySecs: body.validitySecs,
    money: body.money,
    idPayment: body.idPayment,
    terms: body.terms,
    keyId: key?.id,
  });
}

/** A key limited to some operations mints tokens with those only (docs/decisions/033). */
function assertKeyAllows(key: ApiKey | undefined, operations: readonly string[]): void {
  if (!key) return;
  const beyond = operationsBeyondKey(key, operations);
  if (beyond.length > 0) {
    throw new AppError(
      'KEY_OPERATION_NOT_PERMITTED',
      `The API key "${key.name}" does not allow: ${beyond.join(', ')}.`,
      { errors: beyond.map(() => ({ field: 'operations', message: 'Not allowed by the API key.' })) },
    );
  }
}

/**
 * A PAYIN_CREATE token travels in the customer's link: for a live merchant it must fix the amount
 * (`money`), or the customer could pay any amount they typed into the link (docs/decisions/030).
 * Terms bind a creation, so they come with PAYIN_CREATE only.
 */
function assertActionTerms(
  merchant: Merchant,
  body: Pick<AuthTokenByActionRequest, 'action' | 'money' | 'terms'>,
): void {
  if (body.action === 'PAYIN_CREATE' && !merchant.isTest && body.money === undefined) {
    const message =
      'Required for PAYIN_CREATE tokens of live merchants: the token travels in the customer’s link, which must not set the amount.';
    throw new AppError('VALIDATION_FAILED', 'A live PAYIN_CREATE token must fix the amount (money).', {
      errors: [{ field: 'money', message }],
    });
  }
  if (body.action !== 'PAYIN_CREATE' && body.terms !== undefined) {
    throw new AppError('VALIDATION_FAILED', `Terms bind a creation: ${body.action} takes none.`, {
      errors: [{ field: 'terms', message: 'Only with PAYIN_CREATE.' }],
    });
  }
}

export const tokenRoutes = [
  defineRoute({
    method: 'POST',
    path: '/auth-tokens',
    operationId: 'createAuthToken',
    summary: 'Issue a token for a list of operations',
    description:
      'Issues a JWT (HS256) allowing the listed operations ("METHOD path", the path a fully anchored RE2 regular expression ' +
      `with at most ${MAX_PATTERN_BRANCHES} branch points). A token whose operations are literal paths of one payin is ` +
      'confined to that payin and ' +
      'may be given to the customer. Never call this from a browser: requests carrying an Origin header are refused.',
    tag: 'Authentication',
    versioned: true,
    auth: 'credentials',
    body: authTokenRequestSchema,
    responses: { 200: { description: 'The token.', schema: tokenResponseSchema } },
    errors: [...CREDENTIAL_ERRORS, 'INVALID_OPERATION_PATTERN'],
    async handle(c, { body, deps }) {
      const { merchant, key } = await authenticateMerchant(c, deps, body);
      const token = await issueGeneralToken(deps, merchant, key, body);
      deps.metrics.tokensIssued.inc({ kind: 'operations' });
      return reply(c, { token });
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/auth-tokens-by-action',
    operationId: 'createAuthTokenByAction',
    summary: 'Issue a token for an action on one payin',
    description:
      'PAYIN_CREATE allows POST /payins/!availablePaymentOptions, POST and GET /payins/{idPayment}, and what the customer needs to finish ' +
      'that payment: POST /payins/{idPayment}/!setExternalReference, GET /merchant-info and, for sandbox merchants, the simulate call. ' +
      'PAYIN_INFO allows only GET /payins/{idPayment}. Never call this from a browser: requests carrying an Origin header are refused.',
    tag: 'Authentication',
    versioned: true,
    auth: 'credentials',
    body: authTokenByActionRequestSchema,
    responses: { 200: { description: 'The token.', schema: tokenResponseSchema } },
    errors: CREDENTIAL_ERRORS,
    async handle(c, { body, deps }) {
      const { merchant, key } = await authenticateMerchant(c, deps, body);
      const token = await issueActionToken(deps, merchant, key, body);
      deps.metrics.tokensIssued.inc({ kind: 'action' });
      return reply(c, { token });
    },
  }),
];
