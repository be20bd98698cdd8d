import 'server-only';
import { randomUUID } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { AppError } from '../errors';
import { MAX_BODY_BYTES, readJsonBody } from './body';
import type { ApiDependencies, ApiEnv } from './context';
import { authenticate, requirePaymentScope } from './middleware/authenticate';
import { buildOpenApiDocument } from './openapi/document';
import { renderReferencePage } from './openapi/reference-page';
import { problemResponse } from './problem';
import type { ApiRoute } from './route';
import { idPayinParam } from './routes/params';
import { payinRoutes } from './routes/payin.routes';
import { systemRoutes } from './routes/system.routes';
import { tokenRoutes } from './routes/token.routes';

export const API_VERSION_HEADER = 'x-api-version';
/** The one supported major version (specification: latest 2.49, requests carry the major only). */
export const API_MAJOR_VERSION = '2';

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

export interface ApiAppOptions {
  deps: ApiDependencies;
  /** Extra routes from later modules (sandbox, callbacks), registered before the payin routes. */
  routes?: readonly ApiRoute[];
  publicUrl: string;
}

/**
 * The payin API as a Hono app under /api: request id → X-API-Version → token and operation →
 * rate limit → body → route; every error leaves as problem+json from one handler.
 */
export function createApiApp({ deps, routes: extraRoutes = [], publicUrl }: ApiAppOptions): Hono<ApiEnv> {
  // Matching order: literal segments ("!availablePaymentOptions") before parameters.
  const routes = [...systemRoutes, ...tokenRoutes, ...extraRoutes, ...payinRoutes] as readonly ApiRoute[];
  const app = new Hono<ApiEnv>();
  const requestIdOf = (c: Context<ApiEnv>) => c.get('requestId') ?? 'unknown';

  app.use('*', async (c, next) => {
    const incoming = c.req.header('x-request-id');
    const requestId = incoming !== undefined && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    c.set('requestId', requestId);
    c.header('x-request-id', requestId);
    await next();
  });

  const problem = (c: Context<ApiEnv>, error: AppError) => {
    const response = problemResponse(error, c.req.path, requestIdOf(c));
    response.headers.set('x-request-id', requestIdOf(c));
    return response;
  };

  app.onError((error, c) => {
    if (error instanceof AppError) {
      if (error.status >= 500)
        deps.logger.error({ requestId: requestIdOf(c), code: error.code, err: error.cause }, error.message);
      return problem(c, error);
    }
    deps.logger.error(
      { requestId: requestIdOf(c), err: error, method: c.req.method, path: c.req.path },
      'unhandled error',
    );
    return problem(
      c,
      new AppError('INTERNAL', 'Something went wrong on our side; the request id identifies it.'),
    );
  });

  app.notFound((c) => problem(c, new AppError('NOT_FOUND', `No route for ${c.req.method} ${c.req.path}.`)));

  const limitBody = bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: () => {
      throw new AppError('PAYLOAD_TOO_LARGE', `Request bodies are limited to ${MAX_BODY_BYTES} bytes.`);
    },
  });

  for (const route of routes) {
    const path = `/api${route.path}`;
    const handler = async (c: Context<ApiEnv>) => {
      if (route.versioned && c.req.header(API_VERSION_HEADER)?.trim() !== API_MAJOR_VERSION) {
        throw new AppError('API_VERSION_UNSUPPORTED', `Send the header X-API-Version: ${API_MAJOR_VERSION}.`);
      }
      if (route.auth === 'token') await authenticate(c, deps);
      // Path before body: an unknown "!action" is 404 and a foreign payin 403, whatever the body says.
      if (route.path.includes(':idPayin')) {
        const idPayin = idPayinParam(c);
        requirePaymentScope(c, idPayin);
        c.set('idPayin', idPayin);
      }
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
