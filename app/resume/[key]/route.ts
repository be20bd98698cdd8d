import type { NextRequest, NextResponse } from 'next/server';
import { sessionCookie, setSessionCookie } from '@/bff/arrival';
import { apiForCustomer } from '@/bff/customer-api';
import { isSecureContext } from '@/bff/origin';
import { relativeRedirect } from '@/bff/requests';
import { pageErrorOf } from '@/lib/checkout/page-errors';
import { paymentPath } from '@/lib/checkout/session-cookie';

/** Where a link that opens nothing shows why, in the customer's language (the payment page's error screen). */
const NOWHERE = '/pay/link/resume';

/**
 * The way back to a payment's page from its e-mail (docs/decisions/052): the API opens a customer
 * session of the payin the key names, which goes into the payment's cookie as an arrival's does,
 * and the customer lands on the payment's page. A GET, since mail clients open links so; opening
 * twice (a mail scanner, then the customer) only opens two sessions of the same payment.
 */
export async function GET(request: NextRequest, { params }: { params: Promise<{ key: string }> }) {
  const { key } = await params;
  const opened = await (await apiForCustomer(undefined)).openPageLink(key);
  if (!opened.ok) {
    const error = opened.status === 404 ? 'linkInvalid' : pageErrorOf(opened.status, opened.problem?.code);
    return relativeRedirect(`${NOWHERE}?${new URLSearchParams({ arrival: error })}`);
  }
  const path = paymentPath(opened.data.merchantCode, opened.data.idPayin);
  const secure = isSecureContext(request.headers, request.nextUrl.protocol);
  const response = setSessionCookie(relativeRedirect(path), sessionCookie(path, opened.data, secure));
  // The key stays out of the next page's Referer and the history's next entry.
  response.headers.set('referrer-policy', 'no-referrer');
  return response satisfies NextResponse;
}
