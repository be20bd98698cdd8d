import 'server-only';
import { NextResponse } from 'next/server';
import { paymentPath } from '@/lib/checkout/session-cookie';
import { customerSession } from './customer-api';
import { relativeRedirect } from './requests';

/**
 * The merchant's return address with `idPayin` and the payment's `status` as known at this moment
 * (PENDING, SUCCESS, REFUSED, or NOT_CREATED when the customer leaves before paying; absent when it
 * cannot be read). The merchant must still confirm with GET /payins/{idPayin}. The address is the
 * one stored with the payin, else the one the merchant's link gave when the session was opened
 * (checked by the API then); never one from the query. Without either, back to the payment page.
 */
export async function returnToMerchant(payment: { merchantCode: string; idPayin: string }) {
  const session = await customerSession();
  const page = paymentPath(payment.merchantCode, payment.idPayin);
  if (!session) return relativeRedirect(page);
  const read = await session.api.getPayin(payment.idPayin);
  const address = read.ok ? read.data.paymentMethodResponse.returnUrl : session.claims.returnUrl;
  const status = read.ok ? read.data.process.status : read.status === 404 ? 'NOT_CREATED' : undefined;
  if (address === undefined || !URL.canParse(address)) return relativeRedirect(page);
  const target = new URL(address);
  target.searchParams.set('idPayin', payment.idPayin);
  if (status !== undefined) target.searchParams.set('status', status);
  else target.searchParams.delete('status');
  return NextResponse.redirect(target, 303);
}
