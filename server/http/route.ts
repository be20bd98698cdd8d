import 'server-only';
import type { Context } from 'hono';
import type { z } from 'zod';
import type { ErrorCode } from '../errors';
import type { ApiDependencies, ApiEnv } from './context';

/**
 * How a route is authenticated: not at all (health, docs), by merchant credentials in the body
 * (the token endpoints), by a bearer token whose operations must allow the call, or by the
 * operator API key (/operator, docs/decisions/035).
 */
export type RouteAuth = 'none' | 'credentials' | 'token' | 'operator';

/** The security schemes of the OpenAPI document (server/http/openapi/document.ts declares each). */
export type SecuritySchemeName =
  'bearerAuth' | 'feedApiKey' | 'feedSignature' | 'operatorKey' | 'consoleSession';

/**
 * One media type of a request body a route reads itself rather than through `body` (a statement
 * file, a bank feed's delivery, whatever a webhook sender posts).
 */
export interface RequestContent {
  description?: string;
  /**
   * The zod schemas the handler parses the body with (input side), by the name they get among the
   * document's schemas; more than one: the body is any one of them (oneOf).
   */
  schemas?: Readonly<Record<string, z.ZodType>>;
  /** For a body no zod schema reads (a statement's text, anything at all): its JSON Schema. */
  jsonSchema?: Record<string, unknown>;
}

/**
 * One API route: the handler and everything the OpenAPI document says about it, in one place, so
 * the document cannot drift from what is served (server/http/openapi/document.ts).
 */
export interface ApiRoute<Body extends z.ZodType | undefined = z.ZodType | undefined> {
  method: 'GET' | 'POST' | 'DELETE' | 'PATCH' | 'PUT';
  /** Hono path below /api, e.g. "/payins/:idPayin". */
  path: string;
  operationId: string;
  summary: string;
  description: string;
  tag: string;
  /** Whether X-API-Version: 2 is required (every endpoint but health and the documentation). */
  versioned: boolean;
  auth: RouteAuth;
  /**
   * For token routes whose permission is not an operation of their own: checks the grant instead of
   * requiring the token's operations to name this call.
   */
  authorize?: (c: Context<ApiEnv>) => void;
  body?: Body;
  /** The body may be left out (read as `{}`); documented as not required. */
  bodyOptional?: boolean;
  /** Largest request body taken (default MAX_BODY_BYTES, 64 KiB): statements and feed batches are larger. */
  maxBodyBytes?: number;
  /** A named schema of the OpenAPI document that describes the body better than `body` can (openapi/payin-schemas.ts). */
  bodyDocument?: string;
  /**
   * The request body of a route without `body`, which reads its body itself: by media type, what
   * it takes. Every POST that reads a body has `body` or this (a generated client cannot send it else).
   */
  requestBodyDocument?: {
    description: string;
    required: boolean;
    content: Readonly<Record<string, RequestContent>>;
  };
  /**
   * How the route is authenticated, when not by `auth`: alternatives, each a list of schemes that
   * together authenticate (OpenAPI security requirements). Default: bearerAuth for token routes, none else.
   */
  security?: readonly (readonly SecuritySchemeName[])[];
  /** Query parameters the route reads. */
  query?: readonly { name: string; description: string; schema: Record<string, unknown> }[];
  /**
   * Documented success responses by status: a zod schema, or the name of a schema of the document;
   * in `contentType` (JSON by default), or in each of `contentTypes` (a file in several formats).
   */
  responses: Record<
    number,
    {
      description: string;
      schema?: z.ZodType;
      document?: string;
      contentType?: string;
      contentTypes?: readonly string[];
    }
  >;
  /** Error codes this route answers with beyond the common ones (documented as problem+json). */
  errors: readonly ErrorCode[];
  handle(
    c: Context<ApiEnv>,
    input: { body: Body extends z.ZodType ? z.output<Body> : undefined; deps: ApiDependencies },
  ): Promise<Response> | Response;
}

/** Keeps the body type of a route literal while collecting routes in one list. */
export function defineRoute<Body extends z.ZodType | undefined = undefined>(
  route: ApiRoute<Body>,
): ApiRoute<Body> {
  return route;
}
