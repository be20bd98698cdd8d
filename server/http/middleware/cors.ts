import 'server-only';
import type { Context } from 'hono';
import type { ApiEnv } from '../context';
import { header } from '../request-info';

/** What browser code may send and read. */
const ALLOWED_HEADERS = 'authorization, content-type, x-api-version, x-request-id';
const EXPOSED_HEADERS = 'x-request-id, retry-after, ratelimit, ratelimit-policy, www-authenticate, allow';
const PREFLIGHT_MAX_AGE_SECS = '600';

/**
 * CORS for tokens confined to one payin, which the specification lets merchants hand to client-side
 * code (Authentication 5): any origin may call and read the answers, problems included, without
 * cookies (the token travels in Authorization). Whether a request may proceed is decided by its
 * token, not its origin: general tokens and the merchant secret are refused from browsers with a
 * problem the page can read (server/http/middleware/authenticate.ts, routes/token.routes.ts).
 */
export function corsHeaders(origin: string | undefined): Record<string, string> {
  if (origin === undefined) return {};
  return { 'access-control-allow-origin': '*', 'access-control-expose-headers': EXPOSED_HEADERS };
}

/** OPTIONS on a known path: the methods it answers, and for a CORS preflight the permissions. */
export function preflight(
  c: Context<ApiEnv>,
  methods: readonly string[],
  extra: Record<string, string> = {},
): Response {
  const headers: Record<string, string> = { ...extra, allow: [...methods, 'OPTIONS'].join(', ') };
  if (header(c, 'origin') !== undefined && header(c, 'access-control-request-method') !== undefined) {
    headers['access-control-allow-origin'] = '*';
    headers['access-control-allow-methods'] = methods.join(', ');
    headers['access-control-allow-headers'] = ALLOWED_HEADERS;
    headers['access-control-max-age'] = PREFLIGHT_MAX_AGE_SECS;
  }
  return c.body(null, 204, headers);
}
