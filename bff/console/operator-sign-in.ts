import 'server-only';
import { NextResponse, type NextRequest } from 'next/server';
import { isSecureContext } from '../origin';
import { isConsoleSameOrigin, readFields, relativeRedirect } from '../requests';
import { operatorRequest } from './operator-api';
import {
  afterOperatorSignIn,
  OPERATOR_COOKIE,
  OPERATOR_COOKIE_PATH,
  OPERATOR_SESSION_SECS,
  OPERATOR_SIGN_IN,
  sealOperatorKey,
  withoutOperatorKey,
  type OperatorSignInNotice,
} from './operator-session';

/** Operator keys are generated as `op_` and 32 characters; a configured one may be longer. */
const MAX_KEY_CHARS = 512;

function backToSignIn(notice: OperatorSignInNotice, next: string | undefined, retryAfter?: string) {
  const query = new URLSearchParams({ e: notice });
  if (next !== undefined) query.set('next', afterOperatorSignIn(next));
  if (retryAfter && /^\d{1,6}$/.test(retryAfter)) query.set('retry', retryAfter);
  return relativeRedirect(`${OPERATOR_SIGN_IN}?${query.toString()}`);
}

function refusedCrossSite(): NextResponse {
  return NextResponse.json({ message: 'cross-site request refused' }, { status: 403 });
}

/**
 * Signs an operator in: the API checks the key (a wrong one counts as a failed authentication of
 * the browser's address, with its lockout) by listing the merchants, then the key goes into the
 * sealed HttpOnly cookie.
 */
export async function operatorSignIn(request: NextRequest): Promise<NextResponse> {
  if (!isConsoleSameOrigin(request)) return refusedCrossSite();
  const fields = await readFields(request);
  const key = (fields.key ?? '').trim();
  const next = fields.next || undefined;
  if (key === '' || key.length > MAX_KEY_CHARS) return backToSignIn('invalid', next);
  const checked = await operatorRequest({
    key,
    method: 'GET',
    path: '/operator/merchants',
    forwardedFor: request.headers.get('x-forwarded-for') ?? undefined,
  });
  if (checked.status !== 200) {
    if (checked.unreachable || checked.status >= 500) return backToSignIn('unavailable', next);
    if (checked.status === 429) return backToSignIn('locked', next, checked.retryAfter);
    return backToSignIn('invalid', next);
  }
  const response = relativeRedirect(afterOperatorSignIn(next));
  response.cookies.set(OPERATOR_COOKIE, sealOperatorKey(key), {
    httpOnly: true,
    sameSite: 'strict',
    secure: isSecureContext(request.headers, request.nextUrl.protocol),
    path: OPERATOR_COOKIE_PATH,
    maxAge: OPERATOR_SESSION_SECS,
  });
  return response;
}

/** Signs the operator out: the cookie is cleared. */
export function operatorSignOut(request: NextRequest): NextResponse {
  if (!isConsoleSameOrigin(request)) return refusedCrossSite();
  return withoutOperatorKey(relativeRedirect(`${OPERATOR_SIGN_IN}?e=signedOut`));
}
