import { NextResponse, type NextRequest } from 'next/server';
import { simulateFromPage } from '@/bff/simulate';
import { isSameOrigin, paymentOf, readFields, type PaymentRoute } from '@/bff/requests';

/** Sandbox controls of test payments: the API refuses them for live payments. */
export async function POST(request: NextRequest, route: PaymentRoute) {
  if (!isSameOrigin(request))
    return NextResponse.json({ message: 'cross-site request refused' }, { status: 403 });
  const [payment, fields] = await Promise.all([paymentOf(route), readFields(request)]);
  return simulateFromPage(request, payment, fields);
}
