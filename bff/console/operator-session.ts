import 'server-only';
import { cookies, headers } from 'next/headers';
import { redirect } from 'next/navigation';
import type { NextResponse } from 'next/server';
import { sealValue, unsealValue } from './sealed-cookie';

/**
 * The operator's sign-in to the console's operator section: the operator API key, sealed in an
 * HttpOnly cookie of its own (never the merchant's `console_session`), for 8 hours at most. The
 * browser holds only ciphertext; the key is used server side, as the operator API wants.
 */
export const OPERATOR_COOKIE = 'console_operator';
export const OPERATOR_COOKIE_PATH = '/console';
export const OPERATOR_SESSION_SECS = 8 * 3600;
const PURPOSE = 'console operator session v1';

export const OPERATOR_HOME = '/console/operator';
export const OPERATOR_SIGN_IN = '/console/operator/sign-in';

/** Why an operator sign-in did not go through, as the sign-in page's `e` parameter. */
export const OPERATOR_SIGN_IN_NOTICES = ['invalid', 'locked', 'unavailable', 'expired', 'signedOut'] as const;
export type OperatorSignInNotice = (typeof OPERATOR_SIGN_IN_NOTICES)[number];

export function isOperatorSignInNotice(value: string | undefined): value is OperatorSignInNotice {
  return (OPERATOR_SIGN_IN_NOTICES as readonly (string | undefined)[]).includes(value);
}

/** The cookie's value for this key, valid until `exp` (epoch seconds). */
export function sealOperatorKey(key: string, nowSecs = Math.floor(Date.now() / 1000)): string {
  return sealValue(PURPOSE, { key, exp: nowSecs + OPERATOR_SESSION_SECS });
}

/** The response, with the operator's cookie cleared (signed out). */
export function withoutOperatorKey(response: NextResponse): NextResponse {
  response.cookies.set(OPERATOR_COOKIE, '', {
    httpOnly: true,
    sameSite: 'strict',
    path: OPERATOR_COOKIE_PATH,
    maxAge: 0,
  });
  return response;
}

/** The key in a cookie value, if the value is ours, intact and not expired. */
export function unsealOperatorKey(text: string, nowSecs = Math.floor(Date.now() / 1000)): string | undefined {
  const claims = unsealValue(PURPOSE, text) as { key?: unknown; exp?: unknown } | undefined;
  if (typeof claims?.key !== 'string' || typeof claims.exp !== 'number' || claims.exp <= nowSecs)
    return undefined;
  return claims.key;
}

/** The signed-in operator's key of this request, if any. */
export async function currentOperatorKey(): Promise<string | undefined> {
  const value = (await cookies()).get(OPERATOR_COOKIE)?.value;
  return value ? unsealOperatorKey(value) : undefined;
}

/**
 * Where to go after signing in: an operator page the sign-in was asked from, never anywhere else
 * (no open redirect: "//host", dot segments and backslashes are refused).
 */
export function afterOperatorSignIn(next: string | undefined): string {
  if (
    next === undefined ||
    !/^\/console\/operator(\/[A-Za-z0-9._~:+=%!-]*)*(\?[^\\#]*)?$/.test(next) ||
    /(^|\/)\.\.?(\/|$|\?)/.test(next.split('?')[0] ?? '') ||
    next.startsWith(OPERATOR_SIGN_IN)
  )
    return OPERATOR_HOME;
  return next;
}

/** The operator key of an operator page; a signed-out visitor goes to sign in, and back here after. */
export async function requireOperator(): Promise<string> {
  const key = await currentOperatorKey();
  if (key) return key;
  const requestHeaders = await headers();
  const path = requestHeaders.get('x-page-path') ?? OPERATOR_HOME;
  const query = requestHeaders.get('x-page-query') ?? '';
  redirect(`${OPERATOR_SIGN_IN}?${new URLSearchParams({ next: `${path}${query}` }).toString()}`);
}
