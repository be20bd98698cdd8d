import { NextResponse, type NextRequest } from 'next/server';
import { isLocale, LOCALE_COOKIE } from '@/i18n/locales';
import { isSecureContext, requestOrigin } from '@/lib/checkout/origin';
import { paymentPath, SESSION_COOKIE, tokenExpiry } from '@/lib/checkout/session-cookie';
import { MERCHANT_CODE_PATTERN } from '@/lib/checkout/params';
import { ID_PAYIN_PATTERN } from '@/lib/schemas/primitives';

const MAX_SESSION_SECONDS = 86_400;

function contentSecurityPolicy(nonce: string, https: boolean): string {
  const dev = process.env.NODE_ENV === 'development';
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ''}`,
    `style-src 'self'${dev ? " 'unsafe-inline'" : ` 'nonce-${nonce}'`}`,
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(https ? ['upgrade-insecure-requests'] : []),
  ].join('; ');
}

/** A 303 to the same site at the origin the browser used (Next's own URL carries the bind address). */
function redirectTo(request: NextRequest, url: URL): NextResponse {
  return NextResponse.redirect(
    new URL(`${url.pathname}${url.search}`, requestOrigin(request.headers, request.nextUrl.protocol)),
    303,
  );
}

function withSecurityHeaders(response: NextResponse, csp: string): NextResponse {
  response.headers.set('content-security-policy', csp);
  response.headers.set('x-frame-options', 'DENY');
  response.headers.set('x-content-type-options', 'nosniff');
  response.headers.set('referrer-policy', 'no-referrer');
  response.headers.set('cache-control', 'no-store');
  response.headers.set('permissions-policy', 'camera=(), microphone=(), geolocation=(), payment=()');
  return response;
}

/**
 * Arrival from a merchant's RedirectURL: the token leaves the URL at once (history, logs, Referer;
 * RFC 6750 §5.3) for an HttpOnly cookie scoped to this payment's pages, and the browser moves on to
 * the clean payment URL. Everything else gets a per-request CSP nonce and the security headers.
 */
export function proxy(request: NextRequest): NextResponse {
  const url = request.nextUrl;
  const secure = isSecureContext(request.headers, url.protocol);
  const nonce = Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString('base64');
  const csp = contentSecurityPolicy(nonce, requestOrigin(request.headers, url.protocol).startsWith('https:'));

  const lang = url.searchParams.get('lang');
  if (lang !== null) {
    const target = url.clone();
    target.searchParams.delete('lang');
    const response = redirectTo(request, target);
    if (isLocale(lang))
      response.cookies.set(LOCALE_COOKIE, lang, { path: '/', maxAge: 365 * 86_400, sameSite: 'lax', secure });
    return withSecurityHeaders(response, csp);
  }

  const token = url.searchParams.get('token');
  if (url.pathname === '/' && token !== null) {
    const merchantCode = url.searchParams.get('merchantCode') ?? '';
    const idPayin = url.searchParams.get('idPayin') ?? '';
    const target = url.clone();
    target.searchParams.delete('token');
    const valid =
      MERCHANT_CODE_PATTERN.test(merchantCode) &&
      ID_PAYIN_PATTERN.test(idPayin) &&
      token.length > 0 &&
      token.length < 8192;
    if (!valid) {
      target.searchParams.set('invalid', '1');
      return withSecurityHeaders(redirectTo(request, target), csp);
    }
    const path = paymentPath(merchantCode, idPayin);
    target.pathname = path;
    target.searchParams.delete('merchantCode');
    target.searchParams.delete('idPayin');
    const response = redirectTo(request, target);
    const expiry = tokenExpiry(token);
    const maxAge =
      expiry === undefined
        ? 1800
        : Math.min(MAX_SESSION_SECONDS, Math.max(0, expiry - Math.floor(Date.now() / 1000)));
    response.cookies.set(SESSION_COOKIE, token, { path, httpOnly: true, secure, sameSite: 'lax', maxAge });
    return withSecurityHeaders(response, csp);
  }

  const requestHeaders = new Headers(request.headers);
  requestHeaders.set('x-nonce', nonce);
  requestHeaders.set('content-security-policy', csp);
  // The language switcher is a GET form: it re-submits the page's own query (see LocaleSwitcher).
  requestHeaders.set('x-page-query', url.search);
  return withSecurityHeaders(NextResponse.next({ request: { headers: requestHeaders } }), csp);
}

export const config = {
  // Pages and the hosted app's BFF; not Next's static files (immutable, cached) nor the API (Hono).
  matcher: ['/((?!_next/static|_next/image|api/|favicon.ico|robots.txt).*)'],
};
