import { NextResponse, type NextRequest } from 'next/server';
import { sessionCookie, setSessionCookie } from '@/bff/arrival';
import { apiForCustomer } from '@/bff/customer-api';
import { isSecureContext } from '@/bff/origin';
import { isSameOrigin, readFields, relativeRedirect } from '@/bff/requests';
import { parseTypedAmount } from '@/lib/checkout/link-amount';
import { paymentPath } from '@/lib/checkout/session-cookie';

/**
 * The customer's "Pay" on a payment link (docs/decisions/051): the API numbers the payin and opens
 * its customer session, which goes into the payment's cookie as an arrival's does; the customer is
 * carried on to the payment page with the terms in its query. An amount the link does not take
 * comes back to the link's page with what was typed; a closed or unknown link's page says why.
 */
export async function POST(request: NextRequest, { params }: { params: Promise<{ secret: string }> }) {
  if (!isSameOrigin(request))
    return NextResponse.json({ message: 'cross-site request refused' }, { status: 403 });
  const [{ secret }, fields] = await Promise.all([params, readFields(request)]);
  const page = `/links/${encodeURIComponent(secret)}`;
  const typed = fields.amount?.trim();
  const amount = typed === undefined || typed === '' ? undefined : parseTypedAmount(typed);
  const back = (error: string) =>
    relativeRedirect(
      `${page}?${new URLSearchParams({ error, ...(typed && { amount: typed.slice(0, 32) }) })}`,
    );
  if (typed && amount === undefined) return back('amount');
  const result = await (await apiForCustomer(undefined)).startPaymentLink(secret, amount);
  if (!result.ok) return result.status === 400 ? back('amount') : relativeRedirect(page);
  const start = result.data;
  const path = paymentPath(start.merchantCode, start.idPayin);
  const secure = isSecureContext(request.headers, request.nextUrl.protocol);
  return setSessionCookie(
    relativeRedirect(`${path}?${new URLSearchParams(start.query)}`),
    sessionCookie(path, start, secure),
  );
}
