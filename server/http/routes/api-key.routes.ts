import 'server-only';
import { recordAudit } from '../audit';
import { z } from 'zod';
import { apiKeyListSchema, apiKeySchema, createdApiKeySchema } from '@/lib/api/api-key-responses';
import { AppError } from '../../errors';
import type { ApiKey } from '../../merchants';
import { parseAddressRange } from '../../net';
import { MAX_OPERATIONS, parseOperation } from '../../tokens';
import { requireMerchantWideOperation } from '../middleware/authenticate';
import { reply, responseHeaders } from '../reply';
import { defineRoute, type ApiRoute } from '../route';

const ID_KEY = /^key_[0-9a-f]{24}$/;
const MAX_ADDRESSES = 50;

const createApiKeySchema = z.strictObject({
  name: z
    .string()
    .trim()
    .min(1, 'Give the key a name.')
    .max(100, 'At most 100 characters.')
    .regex(/^[^\p{Cc}]*$/u, 'No control characters.'),
  operations: z
    .array(
      z
        .string()
        .max(300, 'At most 300 characters.')
        .refine(
          (text) => parseOperation(text).ok,
          'Not an operation: "METHOD path-pattern", e.g. "GET /payins/.*".',
        ),
    )
    .min(1, 'Leave operations out for a key that may mint any token.')
    .max(MAX_OPERATIONS, `At most ${MAX_OPERATIONS} operations.`)
    .optional(),
  allowedAddresses: z
    .array(
      z
        .string()
        .trim()
        .max(64)
        .refine(
          (text) => parseAddressRange(text).ok,
          'An IP address or a CIDR range, e.g. 203.0.113.7 or 203.0.113.0/24.',
        ),
    )
    .min(1, 'Leave allowedAddresses out for a key usable from anywhere.')
    .max(MAX_ADDRESSES, `At most ${MAX_ADDRESSES} addresses or ranges.`)
    .optional(),
  expiresAt: z.iso
    .datetime({ offset: true, message: 'An ISO 8601 time with its offset, e.g. 2027-01-31T00:00:00Z.' })
    .optional(),
});

function presentApiKey(key: ApiKey) {
  return {
    idKey: key.id,
    name: key.name,
    operations: key.operations ? [...key.operations] : null,
    allowedAddresses: key.allowedAddresses ? [...key.allowedAddresses] : null,
    expiresAt: key.expiresAt?.toISOString() ?? null,
    createdAt: key.createdAt.toISOString(),
    lastUsedAt: key.lastUsedAt?.toISOString() ?? null,
    revokedAt: key.revokedAt?.toISOString() ?? null,
  };
}

const MERCHANT_WIDE = ' Not reachable with a token confined to one payin.';

/**
 * A merchant's API keys (docs/decisions/033): several secrets, each with a name and optionally the
 * operations its tokens may carry, an expiry and the addresses it may be used from; revoked at once.
 */
export const apiKeyRoutes: readonly ApiRoute[] = [
  defineRoute({
    method: 'POST',
    path: '/api-keys',
    operationId: 'createApiKey',
    summary: 'Create an API key',
    description:
      'A new secret the token endpoints take as the merchant secret, shown in this answer only. `operations` limits ' +
      'the tokens it mints: an operation listed word for word, or a literal one (no pattern characters) that a listed ' +
      'pattern matches; other requests answer 403 KEY_OPERATION_NOT_PERMITTED. `allowedAddresses` (IPs or CIDR ranges) ' +
      'limits where it is used from (403 KEY_ADDRESS_NOT_ALLOWED); after `expiresAt` it is refused like a wrong ' +
      'secret. Token operation: POST /api-keys.' +
      MERCHANT_WIDE,
    tag: 'API keys',
    versioned: true,
    auth: 'token',
    authorize: requireMerchantWideOperation,
    body: createApiKeySchema,
    responses: {
      201: { description: 'The key, with its secret (shown once).', schema: createdApiKeySchema },
    },
    errors: ['VALIDATION_FAILED', 'MALFORMED_JSON'],
    async handle(c, { body, deps }) {
      const expiresAt = body.expiresAt === undefined ? undefined : new Date(body.expiresAt);
      if (expiresAt && expiresAt.getTime() <= Date.now()) {
        throw new AppError('VALIDATION_FAILED', 'The key would never be usable.', {
          errors: [{ field: 'expiresAt', message: 'A time in the future.' }],
        });
      }
      const { key, secret } = await deps.merchants.createApiKey(c.get('merchant'), {
        name: body.name,
        operations: body.operations,
        allowedAddresses: body.allowedAddresses,
        expiresAt,
      });
      const presented = presentApiKey(key);
      await recordAudit(c, deps, {
        action: 'api_key.created',
        target: key.id,
        details: {
          name: presented.name,
          operations: presented.operations,
          allowedAddresses: presented.allowedAddresses,
          expiresAt: presented.expiresAt,
        },
      });
      responseHeaders(c)['cache-control'] = 'no-store';
      return reply(c, { ...presented, secret }, 201);
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/api-keys',
    operationId: 'listApiKeys',
    summary: "List the merchant's API keys",
    description:
      'Every key, newest first, revoked ones included, with when each was last used (to the minute); never a ' +
      "secret. The merchants file's secret is not among them. Token operation: GET /api-keys." +
      MERCHANT_WIDE,
    tag: 'API keys',
    versioned: true,
    auth: 'token',
    authorize: requireMerchantWideOperation,
    responses: { 200: { description: 'The keys.', schema: apiKeyListSchema } },
    errors: [],
    async handle(c, { deps }) {
      const keys = await deps.merchants.listApiKeys(c.get('merchant').code);
      return reply(c, { data: keys.map(presentApiKey) });
    },
  }),
  defineRoute({
    method: 'DELETE',
    path: '/api-keys/:idKey',
    operationId: 'revokeApiKey',
    summary: 'Revoke an API key',
    description:
      'The key is refused at once by this instance and within seconds by every other; tokens it already minted ' +
      'stay valid until they expire (at most the token validity). Revoking a revoked key answers it as it is. ' +
      'Token operation: DELETE /api-keys/{idKey}.' +
      MERCHANT_WIDE,
    tag: 'API keys',
    versioned: true,
    auth: 'token',
    authorize: requireMerchantWideOperation,
    responses: { 200: { description: 'The revoked key.', schema: apiKeySchema } },
    errors: ['API_KEY_NOT_FOUND'],
    async handle(c, { deps }) {
      const id = c.req.param('idKey') ?? '';
      const key = ID_KEY.test(id) ? await deps.merchants.revokeApiKey(c.get('merchant').code, id) : undefined;
      if (!key) throw new AppError('API_KEY_NOT_FOUND', `The merchant has no API key ${id}.`);
      await recordAudit(c, deps, { action: 'api_key.revoked', target: key.id, details: { name: key.name } });
      return reply(c, presentApiKey(key));
    },
  }),
];
