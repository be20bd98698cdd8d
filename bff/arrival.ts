import 'server-only';
import type { NextRequest, NextResponse } from 'next/server';
import { PayinApiClient } from '@/lib/api/payin-client';
import { MERCHANT_CODE_PATTERN } from '@/lib/checkout/params';
import { pageErrorOf } from '@/lib/checkout/page-errors';
import { paymentPath, SESSION_COOKIE, sessionClaims } from '@/lib/checkout/session-cookie';
import { absoluteUrlSchema, ID_PAYIN_PATTERN } from '@/lib/schemas/primitives';
import { isSecureContext } from './origin';
import { defaultTransport } from './transport';

/** A merchant token's cookie lifetime where the API opens no customer sessions (another implementation). */
const FALLBACK_SESSION_SECONDS = 1800;
const MAX_FALLBACK_SECONDS = 86_400;

export type Arrival =
  | { ok: false; target: URL }
  | {
      ok: true;
      target: URL;
      cookie?: SessionCookie;
    };

/**
 * A customer arriving by the merchant's RedirectURL: the token leaves the URL at once (history,
 * logs, Referer; RFC 6750 §5.3), and is traded for a customer session of this payment that lives
 * as long as the payment (POST /payins/{idPayin}/!customerSession), kept in an HttpOnly cookie
 * scoped to the payment's pages. When the trade fails, the page is told why (`arrival`); a
 * session the browser already holds for the payment (a reload of the old link) still works there.
 */
export async function arrive(request: NextRequest, token: string): Promise<Arrival> {
  const url = request.nextUrl;
  const merchantCode = url.searchParams.get('merchantCode') ?? '';
  const idPayin = url.searchParams.get('idPayin') ?? '';
  const target = url.clone();
  target.searchParams.delete('token');
  const wellFormed =
    MERCHANT_CODE_PATTERN.test(merchantCode) &&
    ID_PAYIN_PATTERN.test(idPayin) &&
    token.length > 0 &&
    token.length < 8192;
  if (!wellFormed) {
    target.searchParams.set('invalid', '1');
    return { ok: false, target };
  }
  const path = paymentPath(merchantCode, idPayin);
  target.pathname = path;
  target.searchParams.delete('merchantCode');
  target.searchParams.delete('idPayin');
  const secure = isSecureContext(request.headers, url.protocol);

  const returnUrl = absoluteUrlSchema.safeParse(url.searchParams.get('returnUrl') ?? '');
  const api = new PayinApiClient(token, {
    forwardedFor: request.headers.get('x-forwarded-for') ?? undefined,
    transport: defaultTransport(),
  });
  const opened = await api.openCustomerSession(
    idPayin,
    returnUrl.success ? { returnUrl: returnUrl.data } : {},
  );
  if (opened.ok) {
    return { ok: true, target, cookie: sessionCookie(path, opened.data, secure) };
  }
  // An API without customer sessions: the merchant's token itself, for as long as it lasts.
  if (opened.status === 404 && opened.problem?.code === 'NOT_FOUND') {
    const exp = sessionClaims(token).exp;
    const now = Math.floor(Date.now() / 1000);
    const maxAge =
      exp === undefined ? FALLBACK_SESSION_SECONDS : Math.min(MAX_FALLBACK_SECONDS, Math.max(0, exp - now));
    return { ok: true, target, cookie: { name: SESSION_COOKIE, value: token, path, maxAge, secure } };
  }
  // At arrival a terms refusal is the merchant's link, not the customer's doing (the link is not compared yet).
  const error =
    opened.problem?.code === 'TERMS_NOT_PERMITTED'
      ? 'linkNotBound'
      : pageErrorOf(opened.status, opened.problem?.code);
  target.searchParams.set('arrival', error);
  return { ok: true, target };
}

/** A customer session's cookie: the payment's pages only, as long as the session lives. */
export interface SessionCookie {
  name: string;
  value: string;
  path: string;
  maxAge: number;
  secure: boolean;
}

/** The cookie of a customer session (an arrival's, or one a payment link opened) for a payment's pages. */
export function sessionCookie(
  path: string,
  session: { token: string; expiresAt: string },
  secure: boolean,
): SessionCookie {
  const maxAge = Math.max(
    0,
    Math.floor(Date.parse(session.expiresAt) / 1000) - Math.floor(Date.now() / 1000),
  );
  return { name: SESSION_COOKIE, value: session.token, path, maxAge, secure };
}

/** Sets a customer session's cookie (HttpOnly, SameSite=Lax) on the response that carries the customer on. */
export function setSessionCookie(response: NextResponse, cookie: SessionCookie): NextResponse {
  const { name, value, ...options } = cookie;
  response.cookies.set(name, value, { ...options, httpOnly: true, sameSite: 'lax' });
  return response;
}

/** Sets the arrival's cookie on the redirect that carries the customer on. */
export function withArrivalCookie(response: NextResponse, arrival: Arrival): NextResponse {
  return arrival.ok && arrival.cookie ? setSessionCookie(response, arrival.cookie) : response;
}
