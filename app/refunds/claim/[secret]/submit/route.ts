import { NextResponse, type NextRequest } from 'next/server';
import { apiForCustomer } from '@/bff/customer-api';
import { isSameOrigin, readFields, relativeRedirect } from '@/bff/requests';
import { claimDestinationOf, refusedFields } from '@/lib/checkout/refund-claim-form';

/**
 * The payer's claim form (docs/decisions/036): back to the claim page, which then shows the refund
 * on its way; a refusal returns the method, bank and the names of the fields to fix (never the
 * account typed, which stays out of URLs and logs).
 */
export async function POST(request: NextRequest, { params }: { params: Promise<{ secret: string }> }) {
  if (!isSameOrigin(request))
    return NextResponse.json({ message: 'cross-site request refused' }, { status: 403 });
  const [{ secret }, fields] = await Promise.all([params, readFields(request)]);
  const page = `/refunds/claim/${encodeURIComponent(secret)}`;
  const destination = claimDestinationOf(fields);
  const result = await (await apiForCustomer(undefined)).claimRefund(secret, destination);
  if (result.ok || result.status === 404) return relativeRedirect(page);
  if (result.status === 409) return relativeRedirect(`${page}?error=closed`);
  const query = new URLSearchParams({ method: destination.paymentMethodCode });
  if (destination.paymentOperatorCode) query.set('operator', destination.paymentOperatorCode);
  query.set('invalid', result.status === 400 ? refusedFields(result.problem?.errors).join(',') : 'other');
  return relativeRedirect(`${page}?${query.toString()}`);
}
