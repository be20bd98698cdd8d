import type { Metadata } from 'next';
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { loadPayout, loadTransfers } from '@/bff/console/money';
import { requireSignedIn } from '@/bff/console/pages';
import { allows } from '@/bff/console/session';
import { failureDetail } from '@/bff/console/receiver';
import { PayoutDetail } from '@/components/console/payouts/payout-detail';
import { ledgerQuery } from '@/lib/console/ledger';

export const metadata: Metadata = { title: 'Payout · Merchant console' };

interface PayoutPageProps {
  params: Promise<{ idPayout: string }>;
}

/** One payout of the merchant (its idPayout as the merchant chose it), with its ledger transfers. */
export default async function PayoutPage({ params }: PayoutPageProps) {
  const [{ api, session }, { idPayout: raw }, t] = await Promise.all([
    requireSignedIn(),
    params,
    getTranslations('console'),
  ]);
  // Pages get their segments still encoded.
  const idPayout = decodeURIComponent(raw);
  const [payout, transfers] = await Promise.all([
    loadPayout(api, idPayout),
    loadTransfers(api, ledgerQuery({ idPayout })),
  ]);
  return (
    <>
      <p>
        <Link href="/console/payouts">← {t('payouts.title')}</Link>
      </p>
      {'data' in payout ? (
        <PayoutDetail
          idPayout={idPayout}
          initial={{
            payout: payout.data,
            transfers: 'data' in transfers ? transfers.data : undefined,
            transfersFailed: 'failure' in transfers ? failureDetail(transfers.failure) : undefined,
          }}
          tools={session.isTest && allows(session, 'sandbox.simulate')}
        />
      ) : (
        <p className="console-alert" role="alert" data-testid="payout-not-found">
          {payout.failure.status === 404
            ? t('payout.notFound', { idPayout })
            : t('common.error', { detail: failureDetail(payout.failure) })}
        </p>
      )}
    </>
  );
}
