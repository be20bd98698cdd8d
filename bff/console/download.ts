import 'server-only';
import { NextResponse, type NextRequest } from 'next/server';
import { consoleDownload } from '@/lib/console/operations';
import { defaultTransport } from '../transport';
import { apiRequest, forwardedFor } from './console-api';
import { consoleProblem, relay } from './proxy';
import { allows, currentSession } from './session';

/** How long the API has to start answering; a file then takes as long as it streams. */
const ANSWER_TIMEOUT_MS = 30_000;
/** The API's headers of a file the browser gets too. */
const FILE_HEADERS = ['content-type', 'content-disposition', 'export-time-zone'] as const;

/** Why a download was refused before any byte of it: the route may answer its own way (a page). */
export interface DownloadRefusal {
  status: number;
  code: string | undefined;
}

/**
 * A file of the API handed to the browser as the API sends it (body, Content-Type,
 * Content-Disposition), streamed through as it comes (docs/decisions/038, 045). The console's JSON
 * proxy (proxy.ts) parses every answer as JSON, so files come through here, with the proxy's
 * checks: signed in, the allow-list's download (lib/console/operations.ts `consoleDownload`) and
 * its permission, and a link of the console's own pages (or one typed in), never a page of another
 * site: a first download can change what it downloads (a payout batch), and every export is in the
 * audit log. The API token is minted for the one request.
 */
export async function downloadFromApi(
  request: NextRequest,
  segments: readonly string[],
  options: {
    /** The API's query ("?from=…"), checked by the route. */
    search?: string;
    accept: string;
    /** The route's own answer to a refusal of the role or the API; a problem+json else. */
    onRefusal?: (refusal: DownloadRefusal) => NextResponse;
  },
): Promise<NextResponse> {
  const signedIn = await currentSession();
  if (!signedIn) return consoleProblem(401, 'CONSOLE_SIGNED_OUT', 'Sign in to the console again.');
  // Route handlers get their segments decoded.
  const operation = consoleDownload(segments);
  if (!operation) return consoleProblem(404, 'NOT_FOUND', 'The console does not offer this file.');
  const site = request.headers.get('sec-fetch-site');
  if (site !== null && site !== 'same-origin' && site !== 'none')
    return consoleProblem(403, 'CROSS_SITE_REFUSED', 'Cross-site request refused.');
  if (!allows(signedIn.session, operation.permission))
    return (
      options.onRefusal?.({ status: 403, code: 'ROLE_NOT_PERMITTED' }) ??
      consoleProblem(
        403,
        'ROLE_NOT_PERMITTED',
        `The ${signedIn.session.user.role} role cannot do this (${operation.permission}).`,
      )
    );
  const via = await forwardedFor();
  const minted = await apiRequest('POST', '/console/session/tokens', {
    token: signedIn.secret,
    forwardedFor: via,
  });
  const token = (minted.body as { token?: unknown } | undefined)?.token;
  if (minted.status !== 200 || typeof token !== 'string') return relay(minted);
  const transport = defaultTransport();
  const answered = new AbortController();
  const timer = setTimeout(() => answered.abort(), ANSWER_TIMEOUT_MS);
  let response: Response;
  try {
    response = await transport.fetch(
      new Request(`${transport.baseUrl}${operation.path}${options.search ?? ''}`, {
        headers: {
          accept: options.accept,
          'x-api-version': '2',
          authorization: `Bearer ${token}`,
          ...(via && { 'x-forwarded-for': via }),
        },
        cache: 'no-store',
        signal: answered.signal,
      }),
    );
  } catch {
    return relay({ status: 503, body: undefined, unreachable: true });
  } finally {
    clearTimeout(timer);
  }
  if (response.status !== 200) {
    const body = (await response.json().catch(() => undefined)) as { code?: string } | undefined;
    return (
      options.onRefusal?.({ status: response.status, code: body?.code }) ??
      relay({ status: response.status, body, retryAfter: response.headers.get('retry-after') ?? undefined })
    );
  }
  const headers: Record<string, string> = {
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
  };
  for (const name of FILE_HEADERS) {
    const value = response.headers.get(name);
    if (value !== null) headers[name] = value;
  }
  headers['content-disposition'] ??= 'attachment';
  return new NextResponse(response.body, { status: 200, headers });
}
