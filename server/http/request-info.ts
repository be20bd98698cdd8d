import 'server-only';
import type { IncomingMessage } from 'node:http';
import type { Context } from 'hono';
import { clientAddressOf } from '../net';

/** The Node request behind a Hono context (served by @hono/node-server), when there is one. */
export function incomingOf(c: Context): IncomingMessage | undefined {
  return (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
}

/**
 * A request header, read from Node's parsed headers when the request came over a socket: asking
 * the Fetch Request for one builds a whole Headers object first, a cost on every API call.
 */
export function header(c: Context, name: string): string | undefined {
  const incoming = incomingOf(c);
  if (!incoming) return c.req.header(name);
  const value = incoming.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

/**
 * The client's address (server/net/client-address.ts), or "unknown" outside a real server. The
 * hosted app's in-process calls carry their customer's address in X-Forwarded-For.
 */
export function clientAddress(c: Context, trustProxy: boolean): string {
  const inProcess = (c.env as { inProcess?: boolean } | undefined)?.inProcess === true;
  return clientAddressOf({
    peer: incomingOf(c)?.socket.remoteAddress,
    forwardedFor: header(c, 'x-forwarded-for'),
    trustProxy: trustProxy || inProcess,
  });
}

/**
 * The request's path as it came, percent-encoded (the URL parser already encoded anything a URI may
 * not contain), without the query: also the problem's `instance` (RFC 9457).
 */
export function requestInstance(c: Context): string {
  const url = c.req.url;
  const start = url.indexOf('/', url.indexOf('//') + 2);
  if (start < 0) return '/';
  const query = url.indexOf('?', start);
  return query < 0 ? url.slice(start) : url.slice(start, query);
}

/**
 * Paths whose last named segment is a bearer capability: a payment link's or a refund claim's
 * secret, a sandbox institution session, a callback receiver's key (both the hosted app's pages and
 * the API's routes). Logs name the page, never the secret.
 */
const CAPABILITY_PATHS =
  /^(\/(?:api\/)?(?:links|payment-link-pages|refunds\/claim|refund-claims|sandbox\/institution|callback-receiver))\/[^/?#]+/;

/**
 * A request target as logs may keep it: the path without its query (an arrival's `?token=` is a
 * merchant's token) and with capability segments replaced by `:secret`.
 */
export function loggablePath(target: string): string {
  // An absolute target (a proxy's request line) loses its scheme and host first.
  const path = target.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, '').replace(/[?#].*$/s, '');
  return path.replace(CAPABILITY_PATHS, '$1/:secret') || '/';
}
