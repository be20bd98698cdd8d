import type { Metadata } from 'next';
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { loadCollectionAccounts, loadCollectionTransactions } from '@/bff/console/money';
import { requireSignedIn } from '@/bff/console/pages';
import { allows } from '@/bff/console/session';
import { failureDetail } from '@/bff/console/receiver';
import { CollectionAccounts } from '@/components/console/collection/collection-accounts';
import { CollectionTable } from '@/components/console/collection/collection-table';
import { StatementImportForm } from '@/components/console/collection/statement-import-form';
import { FilterSelect } from '@/components/console/filter-select';
import { COLLECTION_OUTCOMES } from '@/lib/api/collection-responses';
import { collectionListQuery, collectionPageQuery, parseCollectionFilters } from '@/lib/console/collection';

export const metadata: Metadata = { title: 'Collection · Merchant console' };

interface CollectionPageProps {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

/**
 * Money paid straight to the merchant's own collection accounts (docs/decisions/028): the accounts,
 * the review queue (or every incoming transaction), and statement import. Live merchants get all of
 * it: reconciliation is work on real money, not a sandbox tool.
 */
export default async function CollectionPage({ searchParams }: CollectionPageProps) {
  const [{ api, session }, query, t] = await Promise.all([
    requireSignedIn(),
    searchParams,
    getTranslations('console.collection'),
  ]);
  const filters = parseCollectionFilters(query);
  const apiQuery = collectionListQuery(filters);
  const [accounts, transactions] = await Promise.all([
    loadCollectionAccounts(api),
    loadCollectionTransactions(api, apiQuery),
  ]);
  const review = filters.show === 'review';
  return (
    <>
      <h1>{t('title')}</h1>
      <p className="console-hint">{t('lead')}</p>

      <section aria-labelledby="collection-accounts-heading">
        <h2 id="collection-accounts-heading">{t('accounts.title')}</h2>
        {'failure' in accounts ? (
          <p className="console-alert" role="alert">
            {t('accounts.loadFailed', { detail: failureDetail(accounts.failure) })}
          </p>
        ) : (
          <CollectionAccounts accounts={accounts.data.data} />
        )}
      </section>

      <section aria-labelledby="collection-list-heading">
        <h2 id="collection-list-heading">{review ? t('list.reviewTitle') : t('list.title')}</h2>
        {review && <p className="console-hint collection-list-lead">{t('list.reviewLead')}</p>}
        <form method="get" className="console-filters" aria-label={t('list.filters')}>
          <FilterSelect
            label={t('list.show')}
            name="show"
            value={review ? undefined : 'all'}
            anyLabel={t('list.showReview')}
            options={[{ value: 'all', label: t('list.showAll') }]}
          />
          <FilterSelect
            label={t('list.outcome')}
            name="outcome"
            value={filters.outcome}
            anyLabel={t('list.any')}
            options={COLLECTION_OUTCOMES.map((outcome) => ({
              value: outcome,
              label: t(`outcomes.${outcome}`),
            }))}
          />
          <button type="submit" className="console-button primary">
            {t('list.apply')}
          </button>
          <Link className="console-button" href="/console/collection">
            {t('list.clear')}
          </Link>
        </form>
        {'failure' in transactions && (
          <p className="console-alert" role="alert">
            {t('list.loadFailed', { detail: failureDetail(transactions.failure) })}
          </p>
        )}
        <CollectionTable
          key={apiQuery}
          initial={'data' in transactions ? transactions.data : undefined}
          apiQuery={apiQuery}
          pageQuery={collectionPageQuery(filters)}
          live={filters.cursor === undefined}
          review={review}
        />
      </section>

      {allows(session, 'collection.resolve') && 'data' in accounts && accounts.data.data.length > 0 && (
        <details className="console-card collection-import" data-testid="statement-import">
          <summary>{t('import.title')}</summary>
          <StatementImportForm accounts={accounts.data.data} />
        </details>
      )}
    </>
  );
}
