import 'server-only';
import { z } from 'zod';
import { problemSchema } from '@/lib/api/responses';
import { ID_PAYIN_PATTERN } from '@/lib/schemas';
import { ERRORS, type ErrorCode } from '../../errors';
import type { ApiRoute } from '../route';
import { payinSchemas, schemaRef } from './payin-schemas';

type JsonObject = Record<string, unknown>;

/** Errors every token-authenticated, versioned route can answer with. */
const COMMON_TOKEN_ERRORS: readonly ErrorCode[] = [
  'AUTHENTICATION_REQUIRED',
  'TOKEN_INVALID',
  'TOKEN_EXPIRED',
  'OPERATION_NOT_PERMITTED',
  'RATE_LIMITED',
];

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonObject {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    target: 'draft-2020-12',
  }) as JsonObject;
  return rest;
}

function problemResponses(codes: readonly ErrorCode[]): JsonObject {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of new Set(codes)) {
    const { status } = ERRORS[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return Object.fromEntries(
    [...byStatus.entries()]
      .sort(([a], [b]) => a - b)
      .map(([status, list]) => [
        String(status),
        {
          description: list.map((code) => `${code}: ${ERRORS[code].title}`).join('; '),
          ...((status === 429 || status === 503) && {
            headers: { 'Retry-After': { schema: { type: 'integer' }, description: 'Seconds to wait.' } },
          }),
          ...(status === 405 && {
            headers: { Allow: { schema: { type: 'string' }, description: 'The methods the path answers.' } },
          }),
          content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } },
        },
      ]),
  );
}

/** The OpenAPI 3.1 document, generated from the routes and their zod schemas (built once at start). */
export function buildOpenApiDocument(routes: readonly ApiRoute[], serverUrl: string): JsonObject {
  const paths: Record<string, Record<string, JsonObject>> = {};
  for (const route of routes) {
    const openApiPath = route.path.replace(/:(\w+)/g, '{$1}');
    const pathParameters = [...route.path.matchAll(/:(\w+)/g)].map((match) => ({
      name: match[1],
      in: 'path',
      required: true,
      // Other parameters (a session, a receiver key) are capabilities: their shape is no one's business.
      schema:
        match[1] === 'idPayin' || match[1] === 'idPayout'
          ? { type: 'string', pattern: ID_PAYIN_PATTERN.source }
          : { type: 'string' },
    }));
    const versionHeader = route.versioned
      ? [
          {
            name: 'X-API-Version',
            in: 'header',
            required: true,
            schema: { type: 'string', enum: ['2'] },
            description: 'Major API version.',
          },
        ]
      : [];
    const errors = [
      ...route.errors,
      ...(route.auth === 'token' ? COMMON_TOKEN_ERRORS : []),
      ...(route.versioned ? (['API_VERSION_UNSUPPORTED'] as const) : []),
      ...(route.method === 'POST' ? (['PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE'] as const) : []),
      'METHOD_NOT_ALLOWED' as const,
      'INTERNAL' as const,
    ];
    (paths[openApiPath] ??= {})[route.method.toLowerCase()] = {
      operationId: route.operationId,
      summary: route.summary,
      description: route.description,
      tags: [route.tag],
      ...(route.auth === 'token' ? { security: [{ bearerAuth: [] }] } : { security: [] }),
      parameters: [
        ...pathParameters,
        ...versionHeader,
        ...(route.query ?? []).map((parameter) => ({ in: 'query', required: false, ...parameter })),
      ],
      ...(route.body && {
        requestBody: {
          required: route.bodyOptional !== true,
          content: {
            'application/json': {
              schema: route.bodyDocument ? schemaRef(route.bodyDocument) : jsonSchema(route.body, 'input'),
            },
          },
        },
      }),
      responses: {
        ...Object.fromEntries(
          Object.entries(route.responses).map(([status, response]) => [
            status,
            {
              description: response.description,
              ...((response.schema ?? response.document) && {
                content: {
                  [response.contentType ?? 'application/json']: {
                    schema: response.document
                      ? schemaRef(response.document)
                      : jsonSchema(response.schema!, 'output'),
                  },
                },
              }),
            },
          ]),
        ),
        ...problemResponses(errors),
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Payin API',
      version: '2.49',
      description:
        'Incoming payments: tokens, payment options, payins, their status and customer accounts. Every call but /health needs ' +
        'X-API-Version: 2; every call but the token endpoints needs Authorization: Bearer <token>. At most 10 requests per second ' +
        'per merchant (a token confined to one payin has its own budget). Errors are RFC 9457 problem+json with a stable code.',
    },
    servers: [{ url: serverUrl }],
    paths,
    components: {
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      schemas: { Problem: jsonSchema(problemSchema, 'output'), ...payinSchemas() },
    },
    'x-error-codes': Object.fromEntries(
      Object.entries(ERRORS).map(([code, { status, title }]) => [code, { status, title }]),
    ),
  };
}
