import { redirect } from 'next/navigation';
import { ErrorScreen } from '@/components/checkout/error-screen';
import { MERCHANT_CODE_PATTERN, parseCheckoutParams } from '@/lib/checkout/params';
import { single } from '@/lib/checkout/query';
import { ID_PAYIN_PATTERN } from '@/lib/schemas/primitives';

type Query = Record<string, string | string[] | undefined>;

/**
 * `{payment_app_url}/`: a RedirectURL with a token and a valid merchant and order never renders
 * here (proxy.ts moves the customer on to the payment's page). What arrives here lacks the token or
 * carries a bad merchant code or order ID: say what is wrong. No return address is trusted here
 * (nothing vouches for the link), so the way back is the browser's. A bare `/`, with no query at
 * all, is no payment link but someone opening the service (the address `npm start` prints): they
 * go on to the console's scenario builder, which makes links (sign-in first).
 */
export default async function ArrivalPage({ searchParams }: { searchParams: Promise<Query> }) {
  const query = await searchParams;
  if (Object.keys(query).length === 0) redirect('/console/scenarios');
  const problems = new Set<string>();
  if (!MERCHANT_CODE_PATTERN.test(single(query, 'merchantCode') ?? '')) problems.add('merchantCode');
  if (!ID_PAYIN_PATTERN.test(single(query, 'idPayin') ?? '')) problems.add('idPayin');
  // proxy.ts marks links whose token it took away ("invalid"); otherwise there was none.
  if (single(query, 'invalid') === undefined) problems.add('token');
  const parsed = parseCheckoutParams(query);
  if (!parsed.ok) for (const name of parsed.invalid) problems.add(name);
  return <ErrorScreen error="linkBroken" items={[...problems]} merchant={undefined} returnHref={undefined} />;
}
