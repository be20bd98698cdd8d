import { NextResponse, type NextRequest } from 'next/server';
import { arrive, withArrivalCookie } from '@/bff/arrival';
import { isSecureContext, requestOrigin } from '@/bff/origin';
import { isLocale, LOCALE_COOKIE } from '@/i18n/locales';

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

function withSecurityHeaders(response: NextResponse, csp: string, path: string): NextResponse {
  response.headers.set('content-security-policy', csp);
  response.headers.set('x-frame-options', 'DENY');
  response.headers.set('x-content-type-options', 'nosniff');
  // The payment pages carry a customer's session in their paths and queries: no referrer at all.
  // The console's own posts must show their origin (bff/requests.ts isConsoleSameOrigin), which
  // no-referrer would turn into `Origin: null`; other sites still get no referrer from it.
  response.headers.set('referrer-policy', isConsolePath(path) ? 'same-origin' : 'no-referrer');
  response.headers.set('cache-control', 'no-store');
  response.headers.set('permissions-policy', 'camera=(), microphone=(), geolocation=(), payment=()');
  return response;
}

function isConsolePath(path: string): boolean {
  return path === '/console' || path.startsWith('/console/');
}

/**
 * Arrival from a merchant's RedirectURL: the token leaves the URL at once for a customer session
 * in an HttpOnly cookie scoped to this payment's pages (bff/arrival.ts), and the browser moves on
 * to the clean payment URL. Everything else gets a per-request CSP nonce and the security headers.
 */
export async function proxy(request: NextRequest): Promise<NextResponse> {
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
    return withSecurityHeaders(response, csp, url.pathname);
  }

  const token = url.searchParams.get('token');
  if (url.pathname === '/' && token !== null) {
    const arrival = await arrive(request, token);
    return withSecurityHeaders(
      withArrivalCookie(redirectTo(request, arrival.target), arrival),
      csp,
      url.pathname,
    );
  }

  const requestHeaders = new Headers(request.headers);
  requestHeaders.set('x-nonce', nonce);
  requestHeaders.set('content-security-policy', csp);
  // The language switcher is a GET form: it re-submits the page's own query (see LocaleSwitcher).
  requestHeaders.set('x-page-query', url.search);
  // The console sends a signed-out visitor to sign in and back to this page.
  requestHeaders.set('x-page-path', url.pathname);
  return withSecurityHeaders(NextResponse.next({ request: { headers: requestHeaders } }), csp, url.pathname);
}

export const config = {
  // Pages and the hosted app's BFF; not Next's static files (immutable, cached) nor the API (Hono).
  matcher: ['/((?!_next/static|_next/image|api/|favicon.ico|robots.txt).*)'],
};
