import 'server-only';
import { authTokenByActionRequestSchema, authTokenRequestSchema } from '@/lib/schemas';
import { tokenResponseSchema } from '@/lib/api/responses';
import { AppError } from '../../errors';
import { merchantBucket } from '../../ratelimit';
import { operationsForAction } from '../../tokens';
import type { ApiDependencies } from '../context';
import { enforceRateLimit } from '../middleware/rate-limit';
import { defineRoute } from '../route';
import type { Context } from 'hono';

const CREDENTIAL_ERRORS = [
  'VALIDATION_FAILED',
  'MALFORMED_JSON',
  'INVALID_CREDENTIALS',
  'RATE_LIMITED',
] as const;

/** Rate limit by merchant code, then check the credentials; an unknown code costs the same as a bad secret. */
async function authenticateMerchant(
  c: Context,
  deps: ApiDependencies,
  body: { merchantCode: string; secret: string; validitySecs?: number | undefined },
) {
  await enforceRateLimit(c, deps, merchantBucket(body.merchantCode));
  if (body.validitySecs !== undefined && body.validitySecs > deps.tokens.maxValiditySecs) {
    throw new AppError('VALIDATION_FAILED', `validitySecs may be at most ${deps.tokens.maxValiditySecs}.`, {
      errors: [{ field: 'validitySecs', message: `At most ${deps.tokens.maxValiditySecs}.` }],
    });
  }
  return deps.merchants.authenticate(body.merchantCode, body.secret);
}

export const tokenRoutes = [
  defineRoute({
    method: 'POST',
    path: '/auth-tokens',
    operationId: 'createAuthToken',
    summary: 'Issue a token for a list of operations',
    description:
      'Issues a JWT (HS256) allowing the listed operations ("METHOD path", the path a fully anchored regular expression). ' +
      'A token whose operations are literal paths of one payin is confined to that payin and may be given to the customer.',
    tag: 'Authentication',
    versioned: true,
    auth: 'credentials',
    body: authTokenRequestSchema,
    responses: { 200: { description: 'The token.', schema: tokenResponseSchema } },
    errors: [...CREDENTIAL_ERRORS, 'INVALID_OPERATION_PATTERN'],
    async handle(c, { body, deps }) {
      const merchant = await authenticateMerchant(c, deps, body);
      const token = await deps.tokens.issue({
        merchantCode: merchant.code,
        operations: body.operations,
        validitySecs: body.validitySecs,
        money: body.money,
        idPayment: body.idPayment,
      });
      return c.json({ token });
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
      'PAYIN_INFO allows only GET /payins/{idPayment}.',
    tag: 'Authentication',
    versioned: true,
    auth: 'credentials',
    body: authTokenByActionRequestSchema,
    responses: { 200: { description: 'The token.', schema: tokenResponseSchema } },
    errors: CREDENTIAL_ERRORS,
    async handle(c, { body, deps }) {
      const merchant = await authenticateMerchant(c, deps, body);
      const token = await deps.tokens.issue({
        merchantCode: merchant.code,
        operations: operationsForAction(body.action, body.idPayment, merchant.isTest),
        validitySecs: body.validitySecs,
        money: body.money,
        idPayment: body.idPayment,
      });
      return c.json({ token });
    },
  }),
];
