import type { Metadata } from 'next';
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { loadCollectionAccounts } from '@/bff/console/money';
import { requireSignedIn } from '@/bff/console/pages';
import { failureDetail } from '@/bff/console/receiver';
import { allows } from '@/bff/console/session';
import { BatchDetail } from '@/components/console/payouts/batches/batch-detail';
import { payoutBatchResponseSchema } from '@/lib/api/payout-batch-responses';
import { ID_BATCH_PATTERN } from '@/lib/console/operations';
import { readReply } from '@/lib/console/payout-batches';
import '../batches.css';

export const metadata: Metadata = { title: 'Payout batch · Merchant console' };

interface PayoutBatchPageProps {
  params: Promise<{ idBatch: string }>;
}

/** One payout batch of the merchant, with its payouts, its file and (while READY) its cancellation. */
export default async function PayoutBatchPage({ params }: PayoutBatchPageProps) {
  const [{ api, session }, { idBatch: raw }, t] = await Promise.all([
    requireSignedIn(),
    params,
    getTranslations('console.batches'),
  ]);
  // Pages get their segments still encoded.
  const idBatch = decodeURIComponent(raw);
  const back = (
    <p>
      <Link href="/console/payouts/batches">← {t('title')}</Link>
    </p>
  );
  if (session.isTest)
    return (
      <>
        {back}
        <h1>{t('title')}</h1>
        <p className="console-card" data-testid="batches-test-only">
          {t('testOnly')}
        </p>
      </>
    );
  const [batch, accounts] = await Promise.all([
    ID_BATCH_PATTERN.test(idBatch)
      ? api
          .call('GET', `/payout-batches/${encodeURIComponent(idBatch)}`)
          .then((reply) => readReply(reply, payoutBatchResponseSchema))
      : { failure: { status: 404, body: undefined } },
    loadCollectionAccounts(api),
  ]);
  return (
    <>
      {back}
      {'data' in batch ? (
        <BatchDetail
          key={idBatch}
          initial={batch.data}
          accountName={
            'data' in accounts
              ? accounts.data.data.find((account) => account.id === batch.data.accountId)?.accountName
              : undefined
          }
          mayAct={allows(session, 'payouts.create')}
        />
      ) : (
        <p className="console-alert" role="alert" data-testid="batch-not-found">
          {batch.failure.status === 404
            ? t('detail.notFound', { idBatch })
            : t('detail.loadFailed', { detail: failureDetail(batch.failure) })}
        </p>
      )}
    </>
  );
}
