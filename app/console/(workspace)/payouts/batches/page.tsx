import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { loadCollectionAccounts } from '@/bff/console/money';
import { requireSignedIn } from '@/bff/console/pages';
import { failureDetail } from '@/bff/console/receiver';
import { allows } from '@/bff/console/session';
import { BatchesTable } from '@/components/console/payouts/batches/batches-table';
import { CutBatchForm } from '@/components/console/payouts/batches/cut-batch-form';
import { payoutBatchPageSchema } from '@/lib/api/payout-batch-responses';
import { batchListQuery, parseBatchFilters, payingAccounts, readReply } from '@/lib/console/payout-batches';
import './batches.css';

export const metadata: Metadata = { title: 'Payout batches · Merchant console' };

interface PayoutBatchesPageProps {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

/**
 * A live merchant's payout batches (docs/decisions/038): the bank payouts waiting at an account
 * that pays out by file are cut into a batch, whose pain.001 file the merchant uploads to the bank.
 * Every role reads them; the roles that send payouts cut them. Test merchants have nothing to batch.
 */
export default async function PayoutBatchesPage({ searchParams }: PayoutBatchesPageProps) {
  const [{ api, session }, query, t] = await Promise.all([
    requireSignedIn(),
    searchParams,
    getTranslations('console.batches'),
  ]);
  if (session.isTest)
    return (
      <>
        <h1>{t('title')}</h1>
        <p className="console-card" data-testid="batches-test-only">
          {t('testOnly')}
        </p>
      </>
    );
  const filters = parseBatchFilters(query);
  const apiQuery = batchListQuery(filters);
  const [accounts, batches] = await Promise.all([
    loadCollectionAccounts(api),
    api.call('GET', `/payout-batches?${apiQuery}`).then((reply) => readReply(reply, payoutBatchPageSchema)),
  ]);
  const paying = 'data' in accounts ? payingAccounts(accounts.data.data) : [];
  const accountNames =
    'data' in accounts
      ? Object.fromEntries(accounts.data.data.map((account) => [account.id, account.accountName]))
      : {};
  return (
    <>
      <h1>{t('title')}</h1>
      <p className="console-hint">{t('lead')}</p>
      {'failure' in accounts ? (
        <p className="console-alert" role="alert">
          {t('accountsFailed', { detail: failureDetail(accounts.failure) })}
        </p>
      ) : (
        paying.length === 0 && (
          <p className="console-card" data-testid="batches-no-account">
            {t('noAccount')}
          </p>
        )
      )}
      {allows(session, 'payouts.create') && paying.length > 0 && <CutBatchForm accounts={paying} />}
      <section aria-labelledby="batches-list-heading">
        <h2 id="batches-list-heading">{t('list.title')}</h2>
        {'failure' in batches && (
          <p className="console-alert" role="alert">
            {t('list.loadFailed', { detail: failureDetail(batches.failure) })}
          </p>
        )}
        <BatchesTable
          key={apiQuery}
          initial={'data' in batches ? batches.data : undefined}
          apiQuery={apiQuery}
          live={filters.cursor === undefined}
          accountNames={accountNames}
        />
      </section>
    </>
  );
}
