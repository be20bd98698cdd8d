import 'server-only';
import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { ConsoleApi } from './console-api';
import { currentSession, type ConsoleSession } from './session';

export interface SignedIn {
  session: ConsoleSession;
  api: ConsoleApi;
}

/** The signed-in merchant of a console page; a signed-out visitor goes to sign in, and back here after. */
export async function requireSignedIn(): Promise<SignedIn> {
  const signedIn = await currentSession();
  if (signedIn) return { session: signedIn.session, api: new ConsoleApi(signedIn.session, signedIn.secret) };
  const requestHeaders = await headers();
  const path = requestHeaders.get('x-page-path') ?? '/console/payments';
  const query = requestHeaders.get('x-page-query') ?? '';
  redirect(`/console/sign-in?${new URLSearchParams({ next: `${path}${query}` }).toString()}`);
}
