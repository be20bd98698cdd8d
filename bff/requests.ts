import 'server-only';
import { NextResponse, type NextRequest } from 'next/server';
import { paymentPath } from '@/lib/checkout/session-cookie';
import { requestOrigin } from './origin';

/** The route parameters every BFF handler gets. */
export interface PaymentRoute {
  params: Promise<{ merchantCode: string; idPayin: string }>;
}

/**
 * The payment a BFF route serves. Next hands route handlers their segments already decoded (pages
 * get them raw), so they are not decoded again: `%2561` stays "%61", never "a" (no double decoding).
 */
export async function paymentOf(route: PaymentRoute) {
  const { merchantCode, idPayin } = await route.params;
  return { merchantCode, idPayin };
}

export function wantsJson(request: NextRequest): boolean {
  return (request.headers.get('content-type') ?? '').includes('application/json');
}

/**
 * Cross-site posts never carry our SameSite=Lax cookie; on top, a request the browser marks as
 * cross-site is refused. Sec-Fetch-Site is the reliable mark: with Referrer-Policy no-referrer a
 * same-origin form post sends `Origin: null`. Browsers without it are checked by Origin.
 */
export function isSameOrigin(request: NextRequest): boolean {
  const site = request.headers.get('sec-fetch-site');
  if (site !== null) return site === 'same-origin';
  const origin = request.headers.get('origin');
  return (
    origin === null ||
    origin === 'null' ||
    origin === requestOrigin(request.headers, request.nextUrl.protocol)
  );
}

/**
 * The console's stricter rule: its pages are served with Referrer-Policy same-origin (proxy.ts), so
 * their own posts carry their real Origin even where browsers send no Sec-Fetch-Site (plain HTTP on
 * a LAN address). A post with `Origin: null`, or none, is not from a console page: refused, as is
 * anything the browser marks as not same-origin.
 */
export function isConsoleSameOrigin(request: NextRequest): boolean {
  const site = request.headers.get('sec-fetch-site');
  if (site !== null && site !== 'same-origin') return false;
  return request.headers.get('origin') === requestOrigin(request.headers, request.nextUrl.protocol);
}

/** Reads a JSON or form-encoded body into flat string fields. */
export async function readFields(request: NextRequest): Promise<Record<string, string>> {
  if (wantsJson(request)) {
    const json: unknown = await request.json().catch(() => ({}));
    if (typeof json !== 'object' || json === null) return {};
    return Object.fromEntries(
      Object.entries(json).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    );
  }
  const form = await request.formData().catch(() => undefined);
  if (!form) return {};
  return Object.fromEntries(
    [...form.entries()].filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

/** Outcome parameters of a previous post, dropped before the next one's are added. */
const OUTCOME_PARAMS = ['e', 'f', 'ref', 'referr', 'sim'];

/**
 * Back to the payment page after a plain form post (303), keeping the page's query (`back`, a
 * relative "?..." the form carried) and adding outcome parameters. Never anywhere else.
 */
export function backToPage(
  _request: NextRequest,
  payment: { merchantCode: string; idPayin: string },
  back: string | undefined,
  extra: Record<string, string> = {},
) {
  const search = new URLSearchParams(back?.startsWith('?') ? back.slice(1) : '');
  for (const name of OUTCOME_PARAMS) search.delete(name);
  for (const [name, value] of Object.entries(extra)) search.set(name, value);
  const query = search.toString();
  return relativeRedirect(`${paymentPath(payment.merchantCode, payment.idPayin)}${query ? `?${query}` : ''}`);
}

/** A 303 to a path of this site; relative, so it holds whatever host the browser used. */
export function relativeRedirect(path: string): NextResponse {
  return new NextResponse(null, { status: 303, headers: { location: path } });
}
