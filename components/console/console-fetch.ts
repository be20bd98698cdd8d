import { formatConsoleInstant } from '@/lib/console/instants';

/**
 * How long a page's server-rendered data counts as fresh in its live island: without it the island
 * asks again the moment it mounts, and every page load costs twice the merchant's rate limit (10
 * requests per second, shared with the merchant's own servers).
 */
export const FRESH_MS = 2000;

/** A problem+json answer from the console's BFF (the API's, or the console's own). */
export interface ConsoleProblem {
  code?: string;
  title?: string;
  detail?: string;
  errors?: { field: string; message: string }[];
}

export class ConsoleRequestError extends Error {
  constructor(
    readonly status: number,
    readonly problem: ConsoleProblem | undefined,
  ) {
    super(problem?.detail ?? problem?.title ?? `HTTP ${status}`);
  }
}

/**
 * The console's browser code calling its BFF (`/console/bff/api/<api path>`, or a console route of
 * its own): JSON in and out, posts marked as JSON (the proxy wants them so), a problem+json answer
 * thrown with its detail. A session that ended sends the merchant to sign in, then back here.
 * `file` posts a file's text as it is instead (the statement import, the one operation the proxy
 * forwards so: lib/console/operations.ts).
 */
export async function consoleFetch<T>(
  url: `/console/bff/${string}`,
  init: {
    method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
    body?: unknown;
    file?: { text: string; contentType: string };
  } = {},
): Promise<T> {
  const method = init.method ?? 'GET';
  const post = method === 'POST' || method === 'PATCH' || method === 'PUT';
  const response = await fetch(url, {
    method,
    headers: {
      accept: 'application/json',
      ...(post && { 'content-type': init.file?.contentType ?? 'application/json' }),
    },
    body: post ? (init.file?.text ?? JSON.stringify(init.body ?? {})) : undefined,
    cache: 'no-store',
    credentials: 'same-origin',
  });
  const body: unknown = await response.json().catch(() => undefined);
  if (response.ok) return body as T;
  const problem = body as ConsoleProblem | undefined;
  // Signed out here, or the session ended elsewhere (signed out everywhere, another role).
  if (
    response.status === 401 &&
    (problem?.code === 'CONSOLE_SIGNED_OUT' || problem?.code === 'CONSOLE_SESSION_INVALID')
  ) {
    const next = `${window.location.pathname}${window.location.search}`;
    // A full navigation: the sign-in page is a server form outside the signed-in layout.
    // eslint-disable-next-line @next/next/no-location-assign-relative-destination
    window.location.assign(`/console/sign-in?${new URLSearchParams({ e: 'expired', next }).toString()}`);
  }
  throw new ConsoleRequestError(response.status, problem);
}

/**
 * Formats an instant for the console (lib/console/instants.ts): the person's language, the
 * merchant's time zone (next-intl's `useTimeZone()`, set by the console's layout).
 */
export function formatInstant(
  locale: string,
  iso: string | undefined | null,
  timeZone: string | undefined,
): string {
  return formatConsoleInstant(locale, iso, timeZone);
}
