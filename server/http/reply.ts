import 'server-only';
import type { Context } from 'hono';
import type { ApiEnv } from './context';
import { corsHeaders } from './middleware/cors';
import { header } from './request-info';

/**
 * Response headers gathered for this request (request id, rate-limit state, caching), kept as a
 * plain object: the response is then written in one go, without the Headers objects Hono's
 * c.header() and c.json() build for every call.
 */
export function responseHeaders(c: Context<ApiEnv>): Record<string, string> {
  let headers = c.get('headers');
  if (!headers) c.set('headers', (headers = {}));
  return headers;
}

/** A JSON answer with the request's headers (and CORS headers for browsers). */
export function reply(c: Context<ApiEnv>, body: unknown, status = 200): Response {
  return replyJson(c, JSON.stringify(body), status);
}

/** The same, for a body already serialised. */
export function replyJson(c: Context<ApiEnv>, json: string, status = 200): Response {
  c.set('replied', true);
  return new Response(json, {
    status,
    headers: {
      'content-type': 'application/json',
      ...responseHeaders(c),
      ...corsHeaders(header(c, 'origin')),
    },
  });
}
