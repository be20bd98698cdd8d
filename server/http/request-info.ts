import 'server-only';
import type { IncomingMessage } from 'node:http';
import type { Context } from 'hono';
import { clientAddressOf } from '../net/client-address';

/** The Node request behind a Hono context (served by @hono/node-server), when there is one. */
function incomingOf(c: Context): IncomingMessage | undefined {
  return (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
}

/**
 * The client's address (server/net/client-address.ts), or "unknown" outside a real server. The
 * hosted app's in-process calls carry their customer's address in X-Forwarded-For.
 */
export function clientAddress(c: Context, trustProxy: boolean): string {
  const inProcess = (c.env as { inProcess?: boolean } | undefined)?.inProcess === true;
  return clientAddressOf({
    peer: incomingOf(c)?.socket.remoteAddress,
    forwardedFor: c.req.header('x-forwarded-for'),
    trustProxy: trustProxy || inProcess,
  });
}

/** The request's path as a percent-encoded URI reference (RFC 9457 `instance`). */
export function requestInstance(c: Context): string {
  try {
    return new URL(c.req.url).pathname;
  } catch {
    return '/api';
  }
}
