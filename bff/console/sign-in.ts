import 'server-only';
import { NextResponse, type NextRequest } from 'next/server';
import {
  afterSignIn,
  joinSchema,
  PASSWORD_MIN_LENGTH,
  secondFactorFieldsSchema,
  signInSchema,
  type JoinError,
  type SignInError,
} from '@/lib/console/sign-in';
import { isSecureContext } from '../origin';
import { isConsoleSameOrigin, readFields, relativeRedirect, wantsJson } from '../requests';
import { apiRequest, ConsoleApi, forwardedFor, type ApiReply } from './console-api';
import { CONSOLE_COOKIE, CONSOLE_PATH, currentSession, sessionLifetimeSecs, sessionSecret } from './session';

/** How long a pending sign-in's cookie lives (the API keeps it 10 minutes). */
const PENDING_COOKIE_SECS = 600;

function crossSite(): NextResponse {
  return NextResponse.json({ message: 'cross-site request refused' }, { status: 403 });
}

function backTo(
  path: string,
  error: SignInError,
  next: string | undefined,
  retryAfter?: string,
): NextResponse {
  const query = new URLSearchParams({ e: error });
  if (next) query.set('next', afterSignIn(next));
  if (retryAfter && /^\d{1,6}$/.test(retryAfter)) query.set('retry', retryAfter);
  return relativeRedirect(`${path}?${query.toString()}`);
}

function withSession(
  request: NextRequest,
  response: NextResponse,
  secret: string,
  maxAge: number,
): NextResponse {
  response.cookies.set(CONSOLE_COOKIE, secret, {
    httpOnly: true,
    sameSite: 'strict',
    secure: isSecureContext(request.headers, request.nextUrl.protocol),
    path: CONSOLE_PATH,
    maxAge,
  });
  return response;
}

function withoutSession(response: NextResponse): NextResponse {
  response.cookies.set(CONSOLE_COOKIE, '', {
    httpOnly: true,
    sameSite: 'strict',
    path: CONSOLE_PATH,
    maxAge: 0,
  });
  return response;
}

const codeOf = (reply: ApiReply) => (reply.body as { code?: unknown } | undefined)?.code;

/** Where a pending sign-in goes next: the code page, or setting up 2FA. */
function nextStep(stage: unknown, next: string | undefined): string {
  const query = next ? `?${new URLSearchParams({ next: afterSignIn(next) }).toString()}` : '';
  return `${stage === 'enrol' ? '/console/sign-in/set-up' : '/console/sign-in/code'}${query}`;
}

/**
 * The first step (docs/decisions/035): e-mail and password, checked by the API (which counts
 * failures per address, with its lockout); the pending sign-in's secret becomes the cookie.
 */
export async function signIn(request: NextRequest): Promise<NextResponse> {
  if (!isConsoleSameOrigin(request)) return crossSite();
  const fields = signInSchema.safeParse(await readFields(request));
  if (!fields.success) return backTo('/console/sign-in', 'invalid', undefined);
  const { email, password, next } = fields.data;
  const reply = await apiRequest('POST', '/console/sign-in', {
    body: { email, password },
    forwardedFor: await forwardedFor(),
  });
  const body = reply.body as { sessionSecret?: unknown; stage?: unknown } | undefined;
  if (reply.status !== 200 || typeof body?.sessionSecret !== 'string') {
    if (reply.status === 429) return backTo('/console/sign-in', 'locked', next, reply.retryAfter);
    if (reply.status === 401 || reply.status === 400) return backTo('/console/sign-in', 'invalid', next);
    return backTo('/console/sign-in', 'unavailable', next);
  }
  return withSession(
    request,
    relativeRedirect(nextStep(body.stage, next)),
    body.sessionSecret,
    PENDING_COOKIE_SECS,
  );
}

/**
 * The second step: a TOTP code or a recovery code. A form post is redirected on; the set-up page
 * posts JSON and gets the recovery codes to show once.
 */
export async function secondFactor(request: NextRequest): Promise<NextResponse> {
  if (!isConsoleSameOrigin(request)) return crossSite();
  const json = wantsJson(request);
  const fields = secondFactorFieldsSchema.safeParse(await readFields(request));
  const next = fields.success ? fields.data.next : undefined;
  const secret = await sessionSecret();
  const refuse = (error: SignInError, status: number, page = '/console/sign-in/code', retryAfter?: string) =>
    json
      ? NextResponse.json({ error, ...(retryAfter && { retryAfter }) }, { status })
      : backTo(page, error, next, retryAfter);
  if (!secret) return refuse('expired', 401, '/console/sign-in');
  if (!fields.success) return refuse('code', 400);
  const { code, recoveryCode } = fields.data;
  const reply = await apiRequest('POST', '/console/sign-in/!second-factor', {
    token: secret,
    body: recoveryCode ? { recoveryCode } : { code: code ?? '' },
    forwardedFor: await forwardedFor(),
  });
  const body = reply.body as { sessionSecret?: unknown; recoveryCodes?: unknown } | undefined;
  if (reply.status !== 200 || typeof body?.sessionSecret !== 'string') {
    if (reply.status === 429) return refuse('locked', 429, undefined, reply.retryAfter);
    if (codeOf(reply) === 'CONSOLE_SESSION_INVALID') return refuse('expired', 401, '/console/sign-in');
    if (reply.status === 401 || reply.status === 400) return refuse('code', 401);
    return refuse('unavailable', 503);
  }
  const destination = afterSignIn(next);
  const response = json
    ? NextResponse.json(
        { next: destination, recoveryCodes: Array.isArray(body.recoveryCodes) ? body.recoveryCodes : [] },
        { headers: { 'cache-control': 'no-store' } },
      )
    : relativeRedirect(destination);
  return withSession(request, response, body.sessionSecret, sessionLifetimeSecs());
}

function backToJoin(invitation: string, error: JoinError): NextResponse {
  return relativeRedirect(`/console/join?${new URLSearchParams({ invitation, e: error }).toString()}`);
}

/** Accepting an invitation: name and password; then 2FA is set up. */
export async function join(request: NextRequest): Promise<NextResponse> {
  if (!isConsoleSameOrigin(request)) return crossSite();
  const fields = joinSchema.safeParse(await readFields(request));
  if (!fields.success) return relativeRedirect('/console/sign-in?e=invalid');
  const { invitation, name, password, confirm } = fields.data;
  if (name.trim() === '') return backToJoin(invitation, 'name');
  if (password.length < PASSWORD_MIN_LENGTH) return backToJoin(invitation, 'password');
  if (password !== confirm) return backToJoin(invitation, 'confirm');
  const reply = await apiRequest('POST', '/console/invitations/!accept', {
    body: { token: invitation, name, password },
    forwardedFor: await forwardedFor(),
  });
  const body = reply.body as { sessionSecret?: unknown; stage?: unknown } | undefined;
  if (reply.status !== 200 || typeof body?.sessionSecret !== 'string') {
    if (reply.status === 429) return backToJoin(invitation, 'locked');
    if (codeOf(reply) === 'USER_ALREADY_EXISTS') return backToJoin(invitation, 'taken');
    if (reply.status === 404) return backToJoin(invitation, 'invalid');
    if (reply.status === 400) return backToJoin(invitation, 'password');
    return backToJoin(invitation, 'unavailable');
  }
  return withSession(
    request,
    relativeRedirect(nextStep(body.stage, undefined)),
    body.sessionSecret,
    PENDING_COOKIE_SECS,
  );
}

/** Signs out: this session, or with `everywhere` every session of the person; the cookie is cleared. */
export async function signOut(request: NextRequest): Promise<NextResponse> {
  if (!isConsoleSameOrigin(request)) return crossSite();
  const everywhere = (await readFields(request)).everywhere === 'true';
  const secret = await sessionSecret();
  if (secret) {
    const signedIn = await currentSession();
    if (signedIn) new ConsoleApi(signedIn.session, signedIn.secret).forget();
    await apiRequest('POST', '/console/session/!sign-out', {
      token: secret,
      body: { everywhere },
      forwardedFor: await forwardedFor(),
    });
  }
  return withoutSession(
    relativeRedirect(`/console/sign-in?e=${everywhere ? 'signedOutEverywhere' : 'signedOut'}`),
  );
}
