import { NextResponse, type NextRequest } from 'next/server';
import { setExternalReference } from '@/bff/external-reference';
import { isSameOrigin, paymentOf, readFields, type PaymentRoute } from '@/bff/requests';

/** The customer's external payment reference (P2A_V2: the 12-digit UTR), passed to the API. */
export async function POST(request: NextRequest, route: PaymentRoute) {
  if (!isSameOrigin(request))
    return NextResponse.json({ message: 'cross-site request refused' }, { status: 403 });
  const [payment, fields] = await Promise.all([paymentOf(route), readFields(request)]);
  return setExternalReference(request, payment, fields);
}
