import 'server-only';
import { performance } from 'node:perf_hooks';
import type { Logger } from '../logger';
import { postGuarded, type OutboundGuard } from '../net';
import type { CallbackSender } from './callback';
import type { CallbackReceiver } from './callback-receiver';
import { redactUrl } from './callback.dispatcher';

/** How much of a receiver's answer is kept in the delivery log. */
export const RESPONSE_EXCERPT_BYTES = 1024;

function firstHeader(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/**
 * What a merchant reads of a target the SSRF guard refused, whatever the reason: the reason can
 * say what this network's names resolve to ("vm resolves to 127.0.0.1"), so it goes to the log.
 */
export const BLOCKED_TARGET =
  'blocked by the SSRF guard: the URL must lead to a public internet address (the reason is in the server log)';

/** The production sender: real HTTP through the SSRF guard, one deadline per attempt. */
export function createGuardedSender(guard: OutboundGuard, timeoutMs: number, logger: Logger): CallbackSender {
  return async ({ url, headers, body }) => {
    const started = performance.now();
    const result = await postGuarded(guard, {
      url,
      headers,
      body,
      timeoutMs,
      excerptBytes: RESPONSE_EXCERPT_BYTES,
    });
    const durationMs = Math.round(performance.now() - started);
    if (result.kind === 'error' && result.blocked) {
      logger.warn(
        { callbackBlocked: { url: redactUrl(url), reason: result.message } },
        'callback target blocked',
      );
      return { kind: 'error', error: BLOCKED_TARGET, durationMs };
    }
    if (result.kind === 'error') return { kind: 'error', error: result.message, durationMs };
    return {
      kind: 'response',
      status: result.status,
      excerpt: result.excerpt,
      retryAfter: firstHeader(result.headers['retry-after']),
      location: firstHeader(result.headers.location),
      durationMs,
    };
  };
}

/** The answer the built-in receiver gives, as an HTTP endpoint would. */
const RECEIVED = JSON.stringify({ received: true });

/**
 * Delivers callbacks to the built-in receiver in this process (its public URL is often localhost,
 * which the SSRF guard rightly refuses) and every other callback through `network`. The receiver
 * sees the headers an HTTP request would carry; the answer is a synthetic 200 (404 for a key that
 * is no merchant's) with the real duration.
 */
export function createReceiverAwareSender(
  receiver: CallbackReceiver,
  network: CallbackSender,
): CallbackSender {
  return async (request) => {
    const key = receiver.keyIn(request.url);
    if (key === undefined) return network(request);
    const started = performance.now();
    const headers = {
      host: new URL(request.url).host,
      ...request.headers,
      'content-length': String(Buffer.byteLength(request.body)),
    };
    try {
      const message = await receiver.receive({ key, headers, body: request.body });
      return {
        kind: 'response',
        status: message ? 200 : 404,
        excerpt: message ? RECEIVED : 'No callback receiver here.',
        retryAfter: undefined,
        location: undefined,
        durationMs: Math.round(performance.now() - started),
      };
    } catch (error) {
      return {
        kind: 'error',
        error: `built-in receiver failed: ${error instanceof Error ? error.message : String(error)}`,
        durationMs: Math.round(performance.now() - started),
      };
    }
  };
}
