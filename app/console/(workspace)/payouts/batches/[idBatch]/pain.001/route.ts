import { NextResponse, type NextRequest } from 'next/server';
import { apiRequest, forwardedFor } from '@/bff/console/console-api';
import { consoleProblem, relay } from '@/bff/console/proxy';
import { allows, currentSession } from '@/bff/console/session';
import { defaultTransport } from '@/bff/transport';
import { consoleDownload } from '@/lib/console/operations';

interface BatchRoute {
  params: Promise<{ idBatch: string }>;
}

/**
 * A payout batch's pain.001 file, handed to the browser as the API sends it (body, Content-Type,
 * Content-Disposition). The console's JSON proxy (bff/console/proxy.ts) parses every answer as
 * JSON and would pass on an empty body while the download still made the batch DOWNLOADED, so the
 * file comes through here, with the proxy's checks: signed in, the allow-list's operation and
 * permission (lib/console/operations.ts `consoleDownload`), and, because this GET changes the
 * batch, a link of the console's own pages (or one typed in), never a page of another site.
 * Until the proxy relays files itself, the API token is minted here for the one request.
 */
export async function GET(request: NextRequest, route: BatchRoute) {
  const signedIn = await currentSession();
  if (!signedIn) return consoleProblem(401, 'CONSOLE_SIGNED_OUT', 'Sign in to the console again.');
  // Route handlers get their segments decoded.
  const operation = consoleDownload(['payout-batches', (await route.params).idBatch, 'pain.001']);
  if (!operation) return consoleProblem(404, 'NOT_FOUND', 'The console does not offer this file.');
  const site = request.headers.get('sec-fetch-site');
  if (site !== null && site !== 'same-origin' && site !== 'none')
    return consoleProblem(403, 'CROSS_SITE_REFUSED', 'Cross-site request refused.');
  if (!allows(signedIn.session, operation.permission))
    return consoleProblem(
      403,
      'ROLE_NOT_PERMITTED',
      `The ${signedIn.session.user.role} role cannot do this (${operation.permission}).`,
    );
  const via = await forwardedFor();
  const minted = await apiRequest('POST', '/console/session/tokens', {
    token: signedIn.secret,
    forwardedFor: via,
  });
  const token = (minted.body as { token?: unknown } | undefined)?.token;
  if (minted.status !== 200 || typeof token !== 'string') return relay(minted);
  const transport = defaultTransport();
  let response: Response;
  try {
    response = await transport.fetch(
      new Request(`${transport.baseUrl}${operation.path}`, {
        headers: {
          accept: 'application/xml, application/problem+json',
          'x-api-version': '2',
          authorization: `Bearer ${token}`,
          ...(via && { 'x-forwarded-for': via }),
        },
        cache: 'no-store',
        signal: AbortSignal.timeout(15_000),
      }),
    );
  } catch {
    return relay({ status: 503, body: undefined, unreachable: true });
  }
  if (response.status !== 200)
    return relay({
      status: response.status,
      body: await response.json().catch(() => undefined),
      retryAfter: response.headers.get('retry-after') ?? undefined,
    });
  return new NextResponse(await response.arrayBuffer(), {
    status: 200,
    headers: {
      'content-type': response.headers.get('content-type') ?? 'application/xml; charset=utf-8',
      'content-disposition': response.headers.get('content-disposition') ?? 'attachment',
      'cache-control': 'no-store',
    },
  });
}
