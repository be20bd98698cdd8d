import 'server-only';
import type { Hono } from 'hono';
import { IN_PROCESS_API } from '@/lib/api/payin-client';
import { CONSOLE_SESSION_KEY } from '@/lib/console/session-key';
import type { ApiEnv } from './context';

/** What an in-process call carries instead of a connection (server/http/request-info.ts). */
export interface InProcessBindings {
  inProcess: true;
}

/**
 * Lets the hosted app in this process call its own API without a network hop: the same Hono app,
 * the same rules (token, operations, rate limits), a `fetch` handed over through a global since
 * Next's bundle shares no module instance with the server's (docs/decisions/018-front-door.md).
 * The hosted app passes the customer's address on in X-Forwarded-For, which in-process calls
 * are trusted to carry.
 */
export function registerInProcessApi(api: Hono<ApiEnv>): void {
  const bindings: InProcessBindings = { inProcess: true };
  (globalThis as Record<symbol, unknown>)[IN_PROCESS_API] = (request: Request) =>
    Promise.resolve(api.fetch(request, bindings));
}

/**
 * Hands the merchant console the key that seals its session cookies (kept in the database, so every
 * instance and every restart agrees), through a global like the API above.
 */
export function registerConsoleSessionKey(key: Buffer): void {
  (globalThis as Record<symbol, unknown>)[CONSOLE_SESSION_KEY] = key;
}
