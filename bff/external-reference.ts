import 'server-only';
import type { NextRequest } from 'next/server';
import { pageErrorOf } from '@/lib/checkout/page-errors';
import { customerSession } from './customer-api';
import { backToPage } from './requests';

/**
 * Passes the customer's external reference (the 12-digit UTR of P2A_V2) to the API and comes back
 * to the page: `ref=saved`, or `referr=invalid` (the customer can fix it) or a page error.
 */
export async function setExternalReference(
  request: NextRequest,
  payment: { merchantCode: string; idPayin: string },
  fields: Record<string, string>,
) {
  const session = await customerSession();
  const reference = (fields.reference ?? '').replace(/\s/g, '');
  const back = (outcome: Record<string, string>) => backToPage(request, payment, fields.back, outcome);
  if (!session) return back({ referr: 'sessionMissing' });
  if (!/^\d{12}$/.test(reference)) return back({ referr: 'invalid' });
  const result = await session.api.setExternalReference(payment.idPayin, reference);
  if (result.ok) return back({ ref: 'saved' });
  const code = result.problem?.code;
  return back({
    referr: code === 'EXTERNAL_REFERENCE_INVALID' ? 'invalid' : pageErrorOf(result.status, code),
  });
}
