import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { PaymentShell } from '@/components/layout/payment-shell';
import { PaymentLinkPage } from '@/components/links/payment-link-view';
import { apiForCustomer } from '@/bff/customer-api';
import { single } from '@/lib/checkout/query';

type Query = Record<string, string | string[] | undefined>;

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('paymentLink');
  // The link travels in chats: its preview must not be indexed or carry the shop's terms further.
  return { title: t('pageTitle'), robots: { index: false, follow: false } };
}

/**
 * A merchant's payment link (docs/decisions/051), read on the server through the public API; the
 * secret in the URL is its only credential.
 */
export default async function PaymentLinkRoute({
  params,
  searchParams,
}: {
  params: Promise<{ secret: string }>;
  searchParams: Promise<Query>;
}) {
  const [{ secret }, query, t] = await Promise.all([params, searchParams, getTranslations('paymentLink')]);
  const decoded = decodeURIComponent(secret);
  const result = await (await apiForCustomer(undefined)).paymentLinkView(decoded);
  if (!result.ok) {
    return (
      <PaymentShell>
        <section className="card" role="alert" data-testid="link-problem">
          <h1>{t('pageTitle')}</h1>
          <p>{result.status === 404 ? t('notFound') : t('unavailable')}</p>
        </section>
      </PaymentShell>
    );
  }
  const typed = single(query, 'amount');
  const status = single(query, 'status');
  return (
    <PaymentShell isTest={result.data.isTest}>
      <PaymentLinkPage
        link={result.data}
        secret={decoded}
        amountError={single(query, 'error') === 'amount'}
        typed={typed !== undefined && typed.length <= 32 ? typed : undefined}
        returned={status === 'SUCCESS' || status === 'PENDING' ? status : undefined}
      />
    </PaymentShell>
  );
}
