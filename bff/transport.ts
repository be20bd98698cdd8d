import 'server-only';
import { IN_PROCESS_API, type PayinApiTransport } from '@/lib/api/payin-client';

/** How often a request refused with 429 RATE_LIMITED is sent again. */
const RATE_LIMIT_RETRIES = 2;

/** Retry-After in seconds as a wait, between 0.2 and 2 s (the limit's window is one second). */
export function retryDelayMs(retryAfter: string | null | undefined): number {
  const seconds = Number(retryAfter);
  return Number.isFinite(seconds) ? Math.min(Math.max(seconds * 1000, 200), 2000) : 1000;
}

/**
 * Sends a request again after a 429 RATE_LIMITED (the payment's or merchant's 10 per second,
 * shared with the merchant's own servers and the customer's other tabs), twice at most, waiting
 * what Retry-After says: the API refuses before doing anything, so a retried POST cannot act twice,
 * and a customer or merchant sees a slower page rather than an error. A lockout after failed
 * sign-ins (TOO_MANY_FAILED_ATTEMPTS) is answered at once, not waited on.
 */
export function patiently(
  send: (request: Request) => Promise<Response>,
): (request: Request) => Promise<Response> {
  return async (request) => {
    for (let attempt = 0; ; attempt++) {
      const response = await send(attempt < RATE_LIMIT_RETRIES ? request.clone() : request);
      if (response.status !== 429 || attempt === RATE_LIMIT_RETRIES) return response;
      const problem = (await response
        .clone()
        .json()
        .catch(() => undefined)) as { code?: unknown } | undefined;
      if (problem?.code !== 'RATE_LIMITED') return response;
      await new Promise((resolve) => setTimeout(resolve, retryDelayMs(response.headers.get('retry-after'))));
    }
  };
}

/**
 * This deployment's payin API: the address in PAYIN_API_URL when the operator set one, else this
 * process's own API without a network hop, else this server over loopback. Both server sides (the
 * hosted page's and the console's) reach it through here, rate limits waited out (`patiently`).
 */
export function defaultTransport(): PayinApiTransport {
  const configured = process.env.PAYIN_API_URL;
  const inProcess = (globalThis as Record<symbol, unknown>)[IN_PROCESS_API] as
    ((request: Request) => Promise<Response>) | undefined;
  if (configured === undefined && inProcess)
    return { baseUrl: 'http://in-process/api', fetch: patiently(inProcess) };
  return {
    baseUrl: configured ?? `http://127.0.0.1:${process.env.PORT ?? '3000'}/api`,
    fetch: patiently((request) => fetch(request)),
  };
}
