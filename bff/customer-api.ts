import 'server-only';
import { cookies, headers } from 'next/headers';
import { PayinApiClient } from '@/lib/api/payin-client';
import { sessionClaims, SESSION_COOKIE, type SessionClaims } from '@/lib/checkout/session-cookie';
import { defaultTransport } from './transport';

/**
 * An API client acting for the customer of this request: the API sees the customer's address (as
 * the front door set it), so a customer's failures never count against this server.
 */
export async function apiForCustomer(token: string | undefined): Promise<PayinApiClient> {
  const forwardedFor = (await headers()).get('x-forwarded-for') ?? undefined;
  return new PayinApiClient(token, { forwardedFor, transport: defaultTransport() });
}

export interface CustomerSession {
  api: PayinApiClient;
  claims: SessionClaims;
}

/** The customer's session of this payment (the cookie scoped to its pages); undefined when there is none. */
export async function customerSession(): Promise<CustomerSession | undefined> {
  const token = (await cookies()).get(SESSION_COOKIE)?.value;
  if (!token) return undefined;
  return { api: await apiForCustomer(token), claims: sessionClaims(token) };
}
