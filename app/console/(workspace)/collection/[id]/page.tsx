import type { Metadata } from 'next';
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { loadCollectionTransaction } from '@/bff/console/money';
import { requireSignedIn } from '@/bff/console/pages';
import { allows } from '@/bff/console/session';
import { failureDetail } from '@/bff/console/receiver';
import { CollectionDetail } from '@/components/console/collection/collection-detail';

export const metadata: Metadata = { title: 'Incoming transaction · Merchant console' };

interface CollectionTransactionPageProps {
  params: Promise<{ id: string }>;
}

/** One incoming transaction of the merchant's collection accounts, and its review while it needs one. */
export default async function CollectionTransactionPage({ params }: CollectionTransactionPageProps) {
  const [{ api, session }, { id: raw }, t] = await Promise.all([
    requireSignedIn(),
    params,
    getTranslations('console'),
  ]);
  // Pages get their segments still encoded.
  const id = decodeURIComponent(raw);
  const transaction = await loadCollectionTransaction(api, id);
  return (
    <>
      <p>
        <Link href="/console/collection">← {t('collection.title')}</Link>
      </p>
      {'data' in transaction ? (
        <CollectionDetail
          key={id}
          initial={transaction.data}
          canResolve={allows(session, 'collection.resolve')}
        />
      ) : (
        <p className="console-alert" role="alert" data-testid="collection-not-found">
          {transaction.failure.status === 404
            ? t('collectionTransaction.notFound', { id })
            : t('common.error', { detail: failureDetail(transaction.failure) })}
        </p>
      )}
    </>
  );
}
