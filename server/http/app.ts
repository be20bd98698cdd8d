import 'server-only';
import { randomUUID } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { AppError } from '../errors';
import { MAX_BODY_BYTES, readJsonBody } from './body';
import type { ApiDependencies, ApiEnv } from './context';
import { applyCors, preflight } from './middleware/cors';
import { authenticate, requireOperation, requirePaymentScope } from './middleware/authenticate';
import { createMethodTable } from './method-table';
import { buildOpenApiDocument } from './openapi/document';
import { renderReferencePage } from './openapi/reference-page';
import { problemResponse } from './problem';
import { requestInstance } from './request-info';
import type { ApiRoute } from './route';
import { idPayinParam } from './routes/params';
import { payinRoutes } from './routes/payin.routes';
import { systemRoutes } from './routes/system.routes';
import { tokenRoutes } from './routes/token.routes';

export const API_VERSION_HEADER = 'x-api-version';
/** The one supported major version (specification: latest 2.49, requests carry the major only). */
export const API_MAJOR_VERSION = '2';

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;
const DOCUMENT_PATHS = ['/openapi.json', '/reference'];

export interface ApiAppOptions {
  deps: ApiDependencies;
  /** Extra routes from later modules (sandbox, callbacks), registered before the payin routes. */
  routes?: readonly ApiRoute[];
  publicUrl: string;
}

/**
 * The payin API as a Hono app under /api: request id → CORS → X-API-Version → token → rate limit
 * → path parameters → operation → body → route; every error leaves as problem+json from one
 * handler, and a known path asked with another method answers 405 with Allow.
 */
export function createApiApp({ deps, routes: extraRoutes = [], publicUrl }: ApiAppOptions): Hono<ApiEnv> {
  // Matching order: literal segments ("!availablePaymentOptions") before parameters.
  const routes = [...systemRoutes, ...tokenRoutes, ...extraRoutes, ...payinRoutes] as readonly ApiRoute[];
  const allowedMethods = createMethodTable([
    ...routes,
    ...DOCUMENT_PATHS.map((path) => ({ method: 'GET', path })),
  ]);
  const app = new Hono<ApiEnv>();
  const requestIdOf = (c: Context<ApiEnv>) => c.get('requestId') ?? 'unknown';

  app.use('*', async (c, next) => {
    const incoming = c.req.header('x-request-id');
    const requestId = incoming !== undefined && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    c.set('requestId', requestId);
    c.header('x-request-id', requestId);
    await next();
    applyCors(c.req.header('origin'), c.res);
  });

  const problem = (c: Context<ApiEnv>, error: AppError) => {
    const response = problemResponse(error, requestInstance(c), requestIdOf(c));
    response.headers.set('x-request-id', requestIdOf(c));
    applyCors(c.req.header('origin'), response);
    return response;
  };

  app.onError((error, c) => {
    if (error instanceof AppError) {
      if (error.status >= 500)
        deps.logger.error({ requestId: requestIdOf(c), code: error.code, err: error.cause }, error.message);
      return problem(c, error);
    }
    deps.logger.error(
      { requestId: requestIdOf(c), err: error, method: c.req.method, path: requestInstance(c) },
      'unhandled error',
    );
    return problem(
      c,
      new AppError('INTERNAL', 'Something went wrong on our side; the request id identifies it.'),
    );
  });

  const apiPath = (c: Context<ApiEnv>) => requestInstance(c).replace(/^\/api(?=\/|$)/, '') || '/';

  /** 405 with Allow when the path is known under other methods, else 404. */
  const noRoute = (c: Context<ApiEnv>): AppError => {
    const allowed = allowedMethods(apiPath(c));
    if (allowed.length === 0) {
      return new AppError('NOT_FOUND', `No route for ${c.req.method} ${requestInstance(c)}.`);
    }
    return new AppError(
      'METHOD_NOT_ALLOWED',
      `${apiPath(c)} answers ${allowed.join(', ')}, not ${c.req.method}.`,
      {
        headers: { allow: [...allowed, 'OPTIONS'].join(', ') },
      },
    );
  };
  app.notFound((c) => problem(c, noRoute(c)));

  app.options('/api/*', (c) => {
    const allowed = allowedMethods(apiPath(c));
    if (allowed.length === 0) throw new AppError('NOT_FOUND', `No route for ${requestInstance(c)}.`);
    return preflight(c, allowed);
  });

  const limitBody = bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: () => {
      throw new AppError('PAYLOAD_TOO_LARGE', `Request bodies are limited to ${MAX_BODY_BYTES} bytes.`);
    },
  });

  for (const route of routes) {
    const path = `/api${route.path}`;
    const handler = async (c: Context<ApiEnv>) => {
      // "!action" segments are routes of their own, never an {idPayin}.
      if (route.path.includes(':idPayin') && c.req.param('idPayin')?.startsWith('!')) throw noRoute(c);
      if (route.versioned && c.req.header(API_VERSION_HEADER)?.trim() !== API_MAJOR_VERSION) {
        throw new AppError('API_VERSION_UNSUPPORTED', `Send the header X-API-Version: ${API_MAJOR_VERSION}.`);
      }
      if (route.auth === 'token') await authenticate(c, deps);
      // The path is validated before the operations are matched (short paths only reach the matcher)
      // and before the body is read: an unknown "!action" is 404 and a foreign payin 403, whatever the body says.
      const idPayin = route.path.includes(':idPayin') ? idPayinParam(c) : undefined;
      if (route.auth === 'token') {
        requireOperation(c);
        if (idPayin !== undefined) requirePaymentScope(c, idPayin);
      }
      if (idPayin !== undefined) c.set('idPayin', idPayin);
      const body: unknown = route.body ? await readJsonBody(c, route.body) : undefined;
      return route.handle(c, { body: body, deps });
    };
    if (route.method === 'POST') app.post(path, limitBody, handler);
    else app.get(path, handler);
  }

  const document = JSON.stringify(buildOpenApiDocument(routes, `${publicUrl}/api`));
  const reference = renderReferencePage(JSON.parse(document) as Parameters<typeof renderReferencePage>[0]);
  app.get('/api/openapi.json', (c) =>
    c.body(document, 200, { 'content-type': 'application/json; charset=utf-8' }),
  );
  app.get('/api/reference', (c) =>
    c.html(reference, 200, {
      'content-security-policy':
        "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
    }),
  );
  return app;
}
