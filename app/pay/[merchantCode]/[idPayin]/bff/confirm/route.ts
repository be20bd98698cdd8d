import { NextResponse, type NextRequest } from 'next/server';
import {
  backToPage,
  isSameOrigin,
  paymentOf,
  readFields,
  wantsJson,
  type PaymentRoute,
} from '@/bff/requests';
import { isSecureContext } from '@/bff/origin';
import { CONFIRMED_COOKIE, paymentPath } from '@/lib/checkout/session-cookie';

/**
 * "I have paid": the specification's optional confirmation. It changes nothing at the API (the
 * transfer itself does); the page remembers it and waits instead of inviting a second transfer.
 */
export async function POST(request: NextRequest, route: PaymentRoute) {
  if (!isSameOrigin(request))
    return NextResponse.json({ message: 'cross-site request refused' }, { status: 403 });
  const [payment, fields] = await Promise.all([paymentOf(route), readFields(request)]);
  const response = wantsJson(request)
    ? new NextResponse(null, { status: 204 })
    : backToPage(request, payment, fields.back);
  response.cookies.set(CONFIRMED_COOKIE, '1', {
    path: paymentPath(payment.merchantCode, payment.idPayin),
    httpOnly: true,
    sameSite: 'lax',
    secure: isSecureContext(request.headers, request.nextUrl.protocol),
    maxAge: 86_400,
  });
  return response;
}
