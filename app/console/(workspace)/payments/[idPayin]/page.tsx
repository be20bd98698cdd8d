import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { requireSignedIn } from '@/bff/console/pages';
import type { PayinResource } from '@/lib/api/responses';
import { PaymentDetail } from '@/components/console/payments/payment-detail';

interface PaymentPageProps {
  params: Promise<{ idPayin: string }>;
}

/** One payment of the merchant (its idPayin as the merchant chose it). */
export default async function PaymentPage({ params }: PaymentPageProps) {
  const [{ api, session }, { idPayin: raw }, t] = await Promise.all([
    requireSignedIn(),
    params,
    getTranslations('console'),
  ]);
  // Pages get their segments still encoded.
  const idPayin = decodeURIComponent(raw);
  const path = `/payins/${encodeURIComponent(idPayin)}`;
  const [payin, accounts] = await Promise.all([api.call('GET', path), api.call('GET', `${path}/accounts`)]);
  return (
    <>
      <p>
        <Link href="/console/payments">← {t('payments.title')}</Link>
      </p>
      {payin.status === 200 ? (
        <PaymentDetail
          idPayin={idPayin}
          initial={{ payin: payin.body as PayinResource, accounts: accounts.body }}
          tools={session.isTest}
        />
      ) : (
        <p className="console-alert" role="alert" data-testid="payment-not-found">
          {payin.status === 404
            ? t('payment.notFound', { idPayin })
            : t('common.error', {
                detail: (payin.body as { detail?: string } | undefined)?.detail ?? `HTTP ${payin.status}`,
              })}
        </p>
      )}
    </>
  );
}
