import 'server-only';
import { NextResponse, type NextRequest } from 'next/server';
import { consoleOperation, STATEMENT_MAX_BYTES } from '@/lib/console/operations';
import { isConsoleSameOrigin } from '../requests';
import { ConsoleApi, type ApiReply } from './console-api';
import { allows, currentSession } from './session';
import { readStatementBody } from './statement-body';

/** A problem of the console's own (not the API's), in the API's problem+json shape. */
export function consoleProblem(status: number, code: string, detail: string): NextResponse {
  return NextResponse.json(
    { type: 'about:blank', title: code, status, code, detail },
    { status, headers: { 'content-type': 'application/problem+json', 'cache-control': 'no-store' } },
  );
}

/** The API's answer passed on as it is: status, JSON body, Retry-After. */
export function relay(reply: ApiReply): NextResponse {
  if (reply.unreachable) return consoleProblem(503, 'API_UNREACHABLE', 'The payin API did not answer.');
  const headers: Record<string, string> = { 'cache-control': 'no-store' };
  if (reply.retryAfter) headers['retry-after'] = reply.retryAfter;
  if (reply.body === undefined) return new NextResponse(null, { status: reply.status, headers });
  const problem = reply.status >= 400;
  return NextResponse.json(reply.body, {
    status: reply.status,
    headers: { ...headers, ...(problem && { 'content-type': 'application/problem+json' }) },
  });
}

/**
 * The console's browser code reaches the public API only through here: the signed-in session
 * becomes a token server side (with the operations of the person's role), only the console's
 * operations pass, each for the roles it names, and posts must come from the console's own pages.
 */
export async function proxyToApi(request: NextRequest, segments: readonly string[]): Promise<NextResponse> {
  const signedIn = await currentSession();
  if (!signedIn) return consoleProblem(401, 'CONSOLE_SIGNED_OUT', 'Sign in to the console again.');
  const operation = consoleOperation(request.method, segments);
  if (!operation) return consoleProblem(404, 'NOT_FOUND', 'The console does not offer this call.');
  if (request.method !== 'GET' && !isConsoleSameOrigin(request))
    return consoleProblem(403, 'CROSS_SITE_REFUSED', 'Cross-site request refused.');
  if (!allows(signedIn.session, operation.permission))
    return consoleProblem(
      403,
      'ROLE_NOT_PERMITTED',
      `The ${signedIn.session.user.role} role cannot do this (${operation.permission}).`,
    );
  if (operation.sandbox && !signedIn.session.isTest)
    return consoleProblem(403, 'SANDBOX_ONLY', 'Only test payments and payouts can be simulated.');
  const api = new ConsoleApi(signedIn.session, signedIn.secret);
  if (operation.body === 'text') {
    // A statement file: its text as it came (capped at the API's limit), with the page's query
    // (account, format, time zone).
    const file = await readStatementBody(request, STATEMENT_MAX_BYTES);
    if (!file.ok)
      return consoleProblem(
        file.status,
        file.status === 413 ? 'PAYLOAD_TOO_LARGE' : 'UNSUPPORTED_MEDIA_TYPE',
        file.detail,
      );
    return relay(
      await api.upload(`${operation.path}${request.nextUrl.search}`, {
        text: file.text,
        contentType: file.contentType,
      }),
    );
  }
  let body: unknown;
  if (operation.method === 'POST' || operation.method === 'PUT') {
    body = await request.json().catch(() => ({}));
    if (typeof body !== 'object' || body === null || Array.isArray(body))
      return consoleProblem(400, 'MALFORMED_JSON', 'Send a JSON object.');
  }
  if (operation.credentials)
    return relay(
      await api.mint(
        operation.path as '/auth-tokens' | '/auth-tokens-by-action',
        body as Record<string, unknown>,
      ),
    );
  const query = operation.method === 'GET' ? request.nextUrl.search : '';
  return relay(await api.call(operation.method, `${operation.path}${query}`, body));
}
