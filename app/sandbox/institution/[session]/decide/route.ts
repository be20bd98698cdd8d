import { NextResponse, type NextRequest } from 'next/server';
import { apiForCustomer } from '@/bff/customer-api';
import { isSameOrigin, readFields, relativeRedirect } from '@/bff/requests';
import { safeReturnPath } from '@/lib/checkout/return-path';

/**
 * The customer's decision at the simulated institution. Back to the hosted payment page it came
 * from (a path of this site only), else to the institution page, which links to the merchant.
 */
export async function POST(request: NextRequest, { params }: { params: Promise<{ session: string }> }) {
  if (!isSameOrigin(request))
    return NextResponse.json({ message: 'cross-site request refused' }, { status: 403 });
  const [{ session }, fields] = await Promise.all([params, readFields(request)]);
  const decision =
    fields.decision === 'approve' ? 'approve' : fields.decision === 'decline' ? 'decline' : undefined;
  if (decision) await (await apiForCustomer(undefined)).decideAtInstitution(session, decision);
  const back = safeReturnPath(fields.return) ?? `/sandbox/institution/${encodeURIComponent(session)}`;
  return relativeRedirect(back);
}
