import 'server-only';
import { z } from 'zod';
import { problemSchema } from '@/lib/api/responses';
import { ID_PAYIN_PATTERN } from '@/lib/schemas';
import { ERRORS, type ErrorCode } from '../../errors';
import type { ApiRoute, RequestContent, SecuritySchemeName } from '../route';
import { payinSchemas, schemaRef } from './payin-schemas';

type JsonObject = Record<string, unknown>;

/**
 * Errors every token-authenticated, versioned route can answer with: what the bearer check says
 * (a customer session that ended, a payment-scoped token outside its payment, a general token sent
 * from a browser, an address locked out after failed attempts) and the rate limit.
 */
const COMMON_TOKEN_ERRORS: readonly ErrorCode[] = [
  'AUTHENTICATION_REQUIRED',
  'TOKEN_INVALID',
  'TOKEN_EXPIRED',
  'SESSION_ENDED',
  'CONSOLE_SESSION_INVALID',
  'OPERATION_NOT_PERMITTED',
  'PAYMENT_NOT_PERMITTED',
  'BROWSER_NOT_ALLOWED',
  'RATE_LIMITED',
  'TOO_MANY_FAILED_ATTEMPTS',
];

/** What every operator route may answer about its key (docs/decisions/035). */
const OPERATOR_ERRORS: readonly ErrorCode[] = [
  'AUTHENTICATION_REQUIRED',
  'OPERATOR_KEY_INVALID',
  'TOO_MANY_FAILED_ATTEMPTS',
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
          // The codes a status carries here, so a validator (and a generated client) knows them all.
          content: {
            'application/problem+json': {
              schema: {
                allOf: [{ $ref: '#/components/schemas/Problem' }, { properties: { code: { enum: list } } }],
              },
            },
          },
        },
      ]),
  );
}

/** Every scheme a route may name in `security` (a name missing here is a compile error). */
const SECURITY_SCHEMES: Record<SecuritySchemeName, JsonObject> = {
  bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
  feedApiKey: {
    type: 'apiKey',
    in: 'header',
    name: 'Authorization',
    description:
      "A collection account's feed API key: `Authorization: Apikey <feed API key>` (as SePay sends it) or " +
      '`Authorization: Bearer <feed API key>`. The key names its account; ?merchant=&account=, when given, must name the ' +
      'same one.',
  },
  operatorKey: {
    type: 'http',
    scheme: 'bearer',
    description:
      "The operator API key (OPERATOR_API_KEY, or the one printed at the service's first start): " +
      '`Authorization: Bearer <operator key>`. Only for /operator.',
  },
  consoleSession: {
    type: 'http',
    scheme: 'bearer',
    description:
      "A console session's secret (what POST /console/sign-in and its second factor answer): " +
      '`Authorization: Bearer <session secret>`. Only for /console.',
  },
  feedSignature: {
    type: 'apiKey',
    in: 'header',
    name: 'webhook-signature',
    description:
      "A Standard Webhooks signature with the collection account's feed secret (whsec_…): headers webhook-id, " +
      'webhook-timestamp (unix seconds, within five minutes) and webhook-signature (`v1,<base64 HMAC-SHA256 of ' +
      '"{webhook-id}.{webhook-timestamp}.{body}">`), and the account named in the query: ?merchant=<code>&account=<id>.',
  },
};

/** How a route is authenticated, as OpenAPI security requirements. */
function securityOf(route: ApiRoute): JsonObject[] {
  const alternatives =
    route.security ??
    (route.auth === 'token'
      ? [['bearerAuth' as const]]
      : route.auth === 'operator'
        ? [['operatorKey' as const]]
        : []);
  return alternatives.map((schemes) => Object.fromEntries(schemes.map((name) => [name, []])));
}

/** One media type of a request body a route reads itself; named zod schemas go to `named`. */
function requestContentSchema(content: RequestContent, named: Record<string, JsonObject>): JsonObject {
  const entries = Object.entries(content.schemas ?? {});
  for (const [name, schema] of entries) {
    const documented = jsonSchema(schema, 'input');
    if (name in named && JSON.stringify(named[name]) !== JSON.stringify(documented))
      throw new Error(`Two request schemas are named ${name}.`);
    named[name] = documented;
  }
  const refs = entries.map(([name]) => schemaRef(name));
  const schema = refs.length === 1 ? refs[0]! : refs.length > 1 ? { oneOf: refs } : content.jsonSchema;
  if (schema === undefined || (refs.length > 0 && content.jsonSchema !== undefined))
    throw new Error('A request content has zod schemas or a JSON Schema, one of the two.');
  return { schema, ...(content.description !== undefined && { description: content.description }) };
}

/** The requestBody of a route: the JSON its `body` parses, or what it documents reading itself. */
function requestBodyOf(route: ApiRoute, named: Record<string, JsonObject>): JsonObject | undefined {
  if (route.body && route.requestBodyDocument)
    throw new Error(`${route.method} ${route.path}: body or requestBodyDocument, not both.`);
  if (route.body)
    return {
      required: route.bodyOptional !== true,
      content: {
        'application/json': {
          schema: route.bodyDocument ? schemaRef(route.bodyDocument) : jsonSchema(route.body, 'input'),
        },
      },
    };
  const documented = route.requestBodyDocument;
  if (!documented) return undefined;
  return {
    description: documented.description,
    required: documented.required,
    content: Object.fromEntries(
      Object.entries(documented.content).map(([type, content]) => [
        type,
        requestContentSchema(content, named),
      ]),
    ),
  };
}

/** The document's named schemas: the Problem, the payin objects and the request bodies routes name. */
function namedSchemas(requestSchemas: Record<string, JsonObject>): Record<string, JsonObject> {
  const schemas: Record<string, JsonObject> = {
    Problem: jsonSchema(problemSchema, 'output'),
    ...payinSchemas(),
  };
  for (const [name, schema] of Object.entries(requestSchemas)) {
    if (name in schemas)
      throw new Error(`A request schema is named ${name}, as a schema of the document is.`);
    schemas[name] = schema;
  }
  return schemas;
}

/** The OpenAPI 3.1 document, generated from the routes and their zod schemas (built once at start). */
export function buildOpenApiDocument(routes: readonly ApiRoute[], serverUrl: string): JsonObject {
  const paths: Record<string, Record<string, JsonObject>> = {};
  const requestSchemas: Record<string, JsonObject> = {};
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
      ...(route.auth === 'operator' ? OPERATOR_ERRORS : []),
      ...(route.method === 'POST' || route.method === 'PATCH' || route.method === 'PUT'
        ? (['PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE'] as const)
        : []),
      'METHOD_NOT_ALLOWED' as const,
      'INTERNAL' as const,
    ];
    const requestBody = requestBodyOf(route, requestSchemas);
    (paths[openApiPath] ??= {})[route.method.toLowerCase()] = {
      operationId: route.operationId,
      summary: route.summary,
      description: route.description,
      tags: [route.tag],
      security: securityOf(route),
      parameters: [
        ...pathParameters,
        ...versionHeader,
        ...(route.query ?? []).map((parameter) => ({ in: 'query', required: false, ...parameter })),
      ],
      ...(requestBody && { requestBody }),
      responses: {
        ...Object.fromEntries(
          Object.entries(route.responses).map(([status, response]) => [
            status,
            {
              description: response.description,
              ...((response.schema ?? response.document) && {
                content: Object.fromEntries(
                  (response.contentTypes ?? [response.contentType ?? 'application/json']).map((type) => [
                    type,
                    {
                      schema: response.document
                        ? schemaRef(response.document)
                        : jsonSchema(response.schema!, 'output'),
                    },
                  ]),
                ),
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
      securitySchemes: SECURITY_SCHEMES,
      schemas: namedSchemas(requestSchemas),
    },
    'x-error-codes': Object.fromEntries(
      Object.entries(ERRORS).map(([code, { status, title }]) => [code, { status, title }]),
    ),
  };
}
