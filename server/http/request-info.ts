import 'server-only';
import type { IncomingMessage } from 'node:http';
import type { Context } from 'hono';
import { clientAddressOf } from '../net';

/** The Node request behind a Hono context (served by @hono/node-server), when there is one. */
function incomingOf(c: Context): IncomingMessage | undefined {
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
