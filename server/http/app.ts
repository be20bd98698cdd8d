import 'server-only';
import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { AppError } from '../errors';
import { assertDeclaredSize, MAX_BODY_BYTES, readJsonBody } from './body';
import type { ApiDependencies, ApiEnv } from './context';
import { corsHeaders, preflight } from './middleware/cors';
import { responseHeaders } from './reply';
import {
  authenticate,
  authenticateOperator,
  requireOperation,
  requirePaymentScope,
} from './middleware/authenticate';
import { createMethodTable } from './method-table';
import { buildOpenApiDocument } from './openapi/document';
import { renderReferencePage } from './openapi/reference-page';
import { problemResponse } from './problem';
import { header, loggablePath, requestInstance } from './request-info';
import type { ApiRoute } from './route';
import { inServerSpan, isTracing, recordHttpStatus, type Span } from '../telemetry';
import { idPayinParam, idPayoutParam, idRefundParam } from './routes/params';
import { customerSessionRoutes } from './routes/customer-session.routes';
import { payinRoutes } from './routes/payin.routes';
import { systemRoutes } from './routes/system.routes';
import { tokenRoutes } from './routes/token.routes';

export const API_VERSION_HEADER = 'x-api-version';
/** The one supported major version (specification: latest 2.49, requests carry the major only). */
export const API_MAJOR_VERSION = '2';

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;
/** Request ids: a random prefix per process and a counter (unique without a random draw per request). */
const REQUEST_ID_PREFIX = randomUUID().slice(0, 13);
let requestSequence = 0;
const newRequestId = () => `${REQUEST_ID_PREFIX}-${(++requestSequence).toString(36).padStart(8, '0')}`;
const DOCUMENT_PATHS = ['/openapi.json', '/reference'];
const sha256 = (text: string) => createHash('sha256').update(text).digest();

export interface ApiAppOptions {
  deps: ApiDependencies;
  /** Extra routes from later modules (sandbox, callbacks), registered before the payin routes. */
  routes?: readonly ApiRoute[];
  publicUrl: string;
  /** Bearer token GET /metrics asks for; unset: the metrics are open (keep them off the public network). */
  metricsToken?: string | undefined;
}

/**
 * The payin API as a Hono app under /api: request id → CORS → X-API-Version → token → rate limit
 * → path parameters → operation → body → route; every error leaves as problem+json from one
 * handler, and a known path asked with another method answers 405 with Allow.
 */
export function createApiApp({
  deps,
  routes: extraRoutes = [],
  publicUrl,
  metricsToken,
}: ApiAppOptions): Hono<ApiEnv> {
  // Matching order: literal segments ("!availablePaymentOptions") before parameters.
  const routes = [
    ...systemRoutes,
    ...tokenRoutes,
    ...extraRoutes,
    ...customerSessionRoutes,
    ...payinRoutes,
  ] as readonly ApiRoute[];
  const allowedMethods = createMethodTable([
    ...routes,
    ...DOCUMENT_PATHS.map((path) => ({ method: 'GET', path })),
  ]);
  const app = new Hono<ApiEnv>();
  /**
   * Every answer starts here: the request id (the client's when well-formed) goes into the headers
   * gathered for the response (server/http/reply.ts). A function each handler calls rather than a
   * middleware, which would cost every request a promise and a closure more.
   */
  const begin = (c: Context<ApiEnv>): string => {
    const known = c.get('requestId');
    if (known !== undefined) return known;
    const incoming = header(c, 'x-request-id');
    const requestId = incoming !== undefined && REQUEST_ID.test(incoming) ? incoming : newRequestId();
    c.set('requestId', requestId);
    c.set('headers', { 'x-request-id': requestId });
    return requestId;
  };

  const problem = (c: Context<ApiEnv>, error: AppError) => {
    const requestId = begin(c);
    c.set('replied', true);
    return problemResponse(error, requestInstance(c), requestId, {
      ...c.get('headers'),
      ...corsHeaders(header(c, 'origin')),
    });
  };

  app.onError((error, c) => {
    if (error instanceof AppError) {
      if (error.code === 'RATE_LIMITED' || error.code === 'TOO_MANY_FAILED_ATTEMPTS')
        deps.metrics.rateLimitRefusals.inc({ code: error.code });
      if (error.status >= 500)
        deps.logger.error({ requestId: begin(c), code: error.code, err: error.cause }, error.message);
      return problem(c, error);
    }
    deps.logger.error(
      { requestId: begin(c), err: error, method: c.req.method, path: loggablePath(requestInstance(c)) },
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
  app.notFound((c) => {
    const answer = problem(c, noRoute(c));
    deps.metrics.httpRequests.inc({
      method: c.req.method,
      route: 'unmatched',
      status: String(answer.status),
    });
    return answer;
  });

  app.options('/api/*', (c) => {
    begin(c);
    const allowed = allowedMethods(apiPath(c));
    if (allowed.length === 0) throw new AppError('NOT_FOUND', `No route for ${requestInstance(c)}.`);
    return preflight(c, allowed, responseHeaders(c));
  });

  /** Each answer counted and timed by its route template (never the raw path: bounded labels). */
  const observe = (method: string, route: string, status: number, started: number) => {
    const { httpRequests, httpDuration } = deps.metrics;
    httpRequests.inc({ method, route, status: String(status) });
    httpDuration.observe(
      { method, route, status_class: `${Math.floor(status / 100)}xx` },
      (performance.now() - started) / 1000,
    );
  };

  for (const route of routes) {
    const path = `/api${route.path}`;
    const measured = async (c: Context<ApiEnv>, span?: Span) => {
      const started = performance.now();
      let status = 500;
      let failure: unknown;
      try {
        const response = await handle(c);
        status = response.status;
        return response;
      } catch (error) {
        status = error instanceof AppError ? error.status : 500;
        failure = error;
        throw error;
      } finally {
        observe(c.req.method, path, status, started);
        if (span) recordHttpStatus(span, status, failure);
      }
    };
    // A span per request only while tracing (docs/decisions/048); otherwise not even a closure more.
    // Probes are left out: a balancer asks every few seconds and the traces would be mostly them.
    const traced = !route.path.startsWith('/health');
    const handler = (c: Context<ApiEnv>) =>
      traced && isTracing()
        ? inServerSpan({ method: c.req.method, route: path, headers: c.req }, (span) => measured(c, span))
        : measured(c);
    const maxBodyBytes = route.maxBodyBytes ?? MAX_BODY_BYTES;
    const handle = async (c: Context<ApiEnv>) => {
      begin(c);
      // A body declared larger than the route takes is refused before anything else is done.
      if (route.method !== 'GET') {
        assertDeclaredSize(c, maxBodyBytes);
        c.set('bodyLimit', maxBodyBytes);
      }
      // "!action" segments are routes of their own, never an {idPayin} or {idPayout}.
      if (route.path.includes(':idPayin') && c.req.param('idPayin')?.startsWith('!')) throw noRoute(c);
      if (route.path.includes(':idPayout') && c.req.param('idPayout')?.startsWith('!')) throw noRoute(c);
      if (route.versioned && header(c, API_VERSION_HEADER)?.trim() !== API_MAJOR_VERSION) {
        throw new AppError('API_VERSION_UNSUPPORTED', `Send the header X-API-Version: ${API_MAJOR_VERSION}.`);
      }
      if (route.auth === 'token') await authenticate(c, deps);
      else if (route.auth === 'operator') await authenticateOperator(c, deps);
      // The path is validated before the operations are matched (short paths only reach the matcher)
      // and before the body is read: an unknown "!action" is 404 and a foreign payin 403, whatever the body says.
      const idPayin = route.path.includes(':idPayin') ? idPayinParam(c) : undefined;
      if (route.auth === 'token') {
        if (route.authorize) route.authorize(c);
        else requireOperation(c);
        if (idPayin !== undefined) requirePaymentScope(c, idPayin);
      }
      if (idPayin !== undefined) c.set('idPayin', idPayin);
      if (route.path.includes(':idPayout')) c.set('idPayout', idPayoutParam(c));
      if (route.path.includes(':idRefund')) c.set('idRefund', idRefundParam(c));
      const body: unknown = route.body
        ? await readJsonBody(c, route.body, { optional: route.bodyOptional, maxBytes: maxBodyBytes })
        : undefined;
      return route.handle(c, { body: body, deps });
    };
    if (route.method === 'POST') app.post(path, handler);
    else if (route.method === 'PATCH') app.patch(path, handler);
    else if (route.method === 'PUT') app.put(path, handler);
    else if (route.method === 'DELETE') app.delete(path, handler);
    else app.get(path, handler);
  }

  const document = JSON.stringify(buildOpenApiDocument(routes, `${publicUrl}/api`));
  const reference = renderReferencePage(JSON.parse(document) as Parameters<typeof renderReferencePage>[0]);
  // Prometheus scrapes /metrics (beside /api: the front door routes it here), with METRICS_TOKEN when set.
  const metricsTokenDigest = metricsToken === undefined ? undefined : sha256(metricsToken);
  app.get('/metrics', async (c) => {
    begin(c);
    if (metricsTokenDigest !== undefined) {
      const presented = /^Bearer\s+(\S+)$/i.exec(header(c, 'authorization') ?? '')?.[1];
      if (presented === undefined || !timingSafeEqual(sha256(presented), metricsTokenDigest))
        throw new AppError('AUTHENTICATION_REQUIRED', 'Send Authorization: Bearer <METRICS_TOKEN>.', {
          headers: { 'www-authenticate': 'Bearer realm="payin-metrics"' },
        });
    }
    const { contentType, body } = await deps.metrics.exposition();
    return c.body(body, 200, {
      'content-type': contentType,
      'cache-control': 'no-store',
      ...responseHeaders(c),
    });
  });

  app.get('/api/openapi.json', (c) => {
    begin(c);
    return c.body(document, 200, {
      'content-type': 'application/json; charset=utf-8',
      ...responseHeaders(c),
      ...corsHeaders(header(c, 'origin')),
    });
  });
  app.get('/api/reference', (c) => {
    begin(c);
    return c.html(reference, 200, {
      'content-security-policy':
        "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      ...responseHeaders(c),
    });
  });
  return app;
}
