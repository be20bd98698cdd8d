import 'server-only';
import { NextResponse, type NextRequest } from 'next/server';
import { afterSignIn, signInSchema, type SignInError } from '@/lib/console/sign-in';
import { isSecureContext } from '../origin';
import { isConsoleSameOrigin, readFields, relativeRedirect } from '../requests';
import { apiRequest, ConsoleApi, requestToken } from './console-api';
import { CONSOLE_COOKIE, CONSOLE_PATH, currentSession, sealSession, sessionLifetimeSecs } from './session';

function backToSignIn(error: SignInError, next: string | undefined, retryAfter?: string): NextResponse {
  const query = new URLSearchParams({ e: error });
  if (next) query.set('next', afterSignIn(next));
  if (retryAfter && /^\d{1,6}$/.test(retryAfter)) query.set('retry', retryAfter);
  return relativeRedirect(`/console/sign-in?${query.toString()}`);
}

/**
 * Signs a merchant in: the API checks the code and secret (and counts failures per address and per
 * merchant code, with its lockouts), then the credentials go into the sealed HttpOnly cookie.
 */
export async function signIn(request: NextRequest): Promise<NextResponse> {
  if (!isConsoleSameOrigin(request))
    return NextResponse.json({ message: 'cross-site request refused' }, { status: 403 });
  const fields = signInSchema.safeParse(await readFields(request));
  if (!fields.success) return backToSignIn('invalid', undefined);
  const { merchantCode, secret, next } = fields.data;
  const granted = await requestToken(
    { merchantCode, secret },
    { operations: ['GET /merchant-info'], validitySecs: 60 },
  );
  const token = (granted.body as { token?: unknown } | undefined)?.token;
  if (granted.status !== 200 || typeof token !== 'string') {
    if (granted.unreachable || granted.status >= 500) return backToSignIn('unavailable', next);
    if (granted.status === 429) return backToSignIn('locked', next, granted.retryAfter);
    return backToSignIn('invalid', next);
  }
  const info = await apiRequest('GET', '/merchant-info', { token });
  const body = info.body as { channelInfo?: { name?: unknown }; isTest?: unknown } | undefined;
  if (info.status !== 200 || typeof body?.isTest !== 'boolean') return backToSignIn('unavailable', next);
  const now = Math.floor(Date.now() / 1000);
  const lifetime = sessionLifetimeSecs();
  const sealed = sealSession({
    merchantCode,
    secret,
    channelName: typeof body.channelInfo?.name === 'string' ? body.channelInfo.name : merchantCode,
    isTest: body.isTest,
    issuedAt: now,
    expiresAt: now + lifetime,
  });
  const response = relativeRedirect(afterSignIn(next));
  response.cookies.set(CONSOLE_COOKIE, sealed, {
    httpOnly: true,
    sameSite: 'strict',
    secure: isSecureContext(request.headers, request.nextUrl.protocol),
    path: CONSOLE_PATH,
    maxAge: lifetime,
  });
  return response;
}

/** Signs out: the cookie is cleared and the console's cached token forgotten. */
export async function signOut(request: NextRequest): Promise<NextResponse> {
  if (!isConsoleSameOrigin(request))
    return NextResponse.json({ message: 'cross-site request refused' }, { status: 403 });
  const signedIn = await currentSession();
  if (signedIn) new ConsoleApi(signedIn.session, signedIn.fingerprint).forget();
  const response = relativeRedirect('/console/sign-in?e=signedOut');
  response.cookies.set(CONSOLE_COOKIE, '', {
    httpOnly: true,
    sameSite: 'strict',
    path: CONSOLE_PATH,
    maxAge: 0,
  });
  return response;
}
