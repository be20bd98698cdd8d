import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { loadTransfers } from '@/bff/console/money';
import { requireSignedIn } from '@/bff/console/pages';
import { allows } from '@/bff/console/session';
import { failureDetail } from '@/bff/console/receiver';
import type { PayinResource } from '@/lib/api/responses';
import { ledgerQuery } from '@/lib/console/ledger';
import { LedgerSection } from '@/components/console/ledger/ledger-section';
import { PaymentDetail } from '@/components/console/payments/payment-detail';
import { RefundsSection } from '@/components/console/payments/refunds-section';

interface PaymentPageProps {
  params: Promise<{ idPayin: string }>;
}

/** One payment of the merchant (its idPayin as the merchant chose it), with its ledger transfers. */
export default async function PaymentPage({ params }: PaymentPageProps) {
  const [{ api, session }, { idPayin: raw }, t] = await Promise.all([
    requireSignedIn(),
    params,
    getTranslations('console'),
  ]);
  // Pages get their segments still encoded.
  const idPayin = decodeURIComponent(raw);
  const path = `/payins/${encodeURIComponent(idPayin)}`;
  const [payin, accounts, transfers] = await Promise.all([
    api.call('GET', path),
    api.call('GET', `${path}/accounts`),
    loadTransfers(api, ledgerQuery({ idPayin })),
  ]);
  return (
    <>
      <p>
        <Link href="/console/payments">← {t('payments.title')}</Link>
      </p>
      {payin.status === 200 ? (
        <>
          <PaymentDetail
            idPayin={idPayin}
            initial={{ payin: payin.body as PayinResource, accounts: accounts.body }}
            can={{
              simulate: session.isTest && allows(session, 'sandbox.simulate'),
              cancel: allows(session, 'payments.manage'),
            }}
          />
          <RefundsSection
            idPayin={idPayin}
            canRefund={allows(session, 'refunds.create')}
            isTest={session.isTest}
          />
          <LedgerSection
            filter={{ idPayin }}
            initial={'data' in transfers ? transfers.data : undefined}
            loadFailed={'failure' in transfers ? failureDetail(transfers.failure) : undefined}
          />
        </>
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
