import 'server-only';
import { performance } from 'node:perf_hooks';
import { postGuarded, type OutboundGuard } from '../net';
import type { CallbackSender } from './callback';

/** How much of a receiver's answer is kept in the delivery log. */
export const RESPONSE_EXCERPT_BYTES = 1024;

function firstHeader(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** The production sender: real HTTP through the SSRF guard, one deadline per attempt. */
export function createGuardedSender(guard: OutboundGuard, timeoutMs: number): CallbackSender {
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
