import { NextResponse, type NextRequest } from 'next/server';
import { backToPage, isSameOrigin, paymentOf, readFields, type PaymentRoute } from '@/bff/requests';
import { customerSession } from '@/bff/customer-api';

const OUTCOMES = {
  success: { status: 'SUCCESS' },
  failure: { status: 'REFUSED' },
  expiry: { status: 'REFUSED', processorStatus: 'EXPIRED' },
} as const;

/** Sandbox controls of test payments: the API refuses them for live payments. */
export async function POST(request: NextRequest, route: PaymentRoute) {
  if (!isSameOrigin(request))
    return NextResponse.json({ message: 'cross-site request refused' }, { status: 403 });
  const [payment, api, fields] = await Promise.all([
    paymentOf(route),
    customerSession().then((session) => session?.api),
    readFields(request),
  ]);
  const outcome = OUTCOMES[fields.outcome as keyof typeof OUTCOMES] as
    (typeof OUTCOMES)[keyof typeof OUTCOMES] | undefined;
  if (!api || !outcome) return backToPage(request, payment, fields.back, { e: 'SIMULATION_FAILED' });
  const result = await api.simulate(payment.idPayin, outcome);
  return backToPage(
    request,
    payment,
    fields.back,
    result.ok ? {} : { e: result.problem?.code ?? 'SIMULATION_FAILED' },
  );
}
