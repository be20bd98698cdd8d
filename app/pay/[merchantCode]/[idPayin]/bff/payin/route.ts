import { NextResponse, type NextRequest } from 'next/server';
import { createPayin } from '@/bff/create-payin';
import { readStatus } from '@/bff/payin-status';
import { isSameOrigin, paymentOf, readFields, type PaymentRoute } from '@/bff/requests';

/** GET: the payment's status for the live screen. */
export async function GET(_request: NextRequest, route: PaymentRoute) {
  return readStatus(await paymentOf(route));
}

/** POST: create the payin (the pay form). A payin that already exists is not an error: its screen shows. */
export async function POST(request: NextRequest, route: PaymentRoute) {
  if (!isSameOrigin(request))
    return NextResponse.json({ message: 'cross-site request refused' }, { status: 403 });
  const [payment, fields] = await Promise.all([paymentOf(route), readFields(request)]);
  return createPayin(request, payment, fields);
}
