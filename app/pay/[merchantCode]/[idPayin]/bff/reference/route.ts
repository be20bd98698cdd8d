import { NextResponse, type NextRequest } from 'next/server';
import {
  backToPage,
  customerApi,
  isSameOrigin,
  paymentOf,
  readFields,
  type PaymentRoute,
} from '@/lib/checkout/bff';

/** The customer's external payment reference (P2A_V2: the 12-digit UTR), passed to the API. */
export async function POST(request: NextRequest, route: PaymentRoute) {
  if (!isSameOrigin(request))
    return NextResponse.json({ message: 'cross-site request refused' }, { status: 403 });
  const [payment, api, fields] = await Promise.all([paymentOf(route), customerApi(), readFields(request)]);
  const reference = (fields.reference ?? '').replace(/\s/g, '');
  if (!api) return backToPage(request, payment, fields.back, { referr: 'SESSION_MISSING' });
  if (!/^\d{12}$/.test(reference))
    return backToPage(request, payment, fields.back, { referr: 'EXTERNAL_REFERENCE_INVALID' });
  const result = await api.setExternalReference(payment.idPayin, reference);
  if (!result.ok)
    return backToPage(request, payment, fields.back, { referr: result.problem?.code ?? 'UNAVAILABLE' });
  return backToPage(request, payment, fields.back, { ref: 'saved' });
}
