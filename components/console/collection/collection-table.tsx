'use client';

import Link from 'next/link';
import { useLocale, useTimeZone, useTranslations } from 'next-intl';
import type { CollectionTransactionPage } from '@/lib/api/collection-responses';
import { collectionTransactionHref } from '@/lib/console/collection';
import { formatMoney } from '@/lib/format/money-format';
import { formatInstant } from '../console-fetch';
import { useLivePage } from '../live-page';
import { ConsolePager } from '../console-pager';
import { OutcomeBadge } from './outcome-badge';

/** The query key of the collection lists: an import or a review action refreshes them all. */
export const COLLECTION_KEY = ['collection'] as const;

/**
 * Incoming transactions (the review queue by default), live like the payouts list: the first page
 * asks again every few seconds, so a bank feed's credit shows up without a reload. Older pages stay still.
 */
export function CollectionTable({
  initial,
  apiQuery,
  pageQuery,
  live,
  review,
}: {
  initial: CollectionTransactionPage | undefined;
  /** GET /collection/transactions query for this page. */
  apiQuery: string;
  /** This console page's query without the cursor (filters), for the pager links. */
  pageQuery: string;
  live: boolean;
  /** The review queue (not every transaction): what an empty list means. */
  review: boolean;
}) {
  const t = useTranslations('console.collection.list');
  const outcomes = useTranslations('console.collection.outcomes');
  const locale = useLocale();
  const timeZone = useTimeZone();
  const { data, error } = useLivePage({
    queryKey: [...COLLECTION_KEY, apiQuery],
    url: `/console/bff/api/collection/transactions?${apiQuery}`,
    initial,
    live,
    intervalMs: 5000,
  });

  return (
    <>
      {error && (
        <p className="console-alert" role="alert">
          {t('refreshFailed', { detail: error.message })}
        </p>
      )}
      {data &&
        (data.data.length === 0 ? (
          <p className="console-card" data-testid="collection-empty">
            {review ? t('reviewEmpty') : t('empty')}
          </p>
        ) : (
          <div className="console-table-wrap">
            <table className="console-table stacked" data-testid="collection-table">
              <caption className="visually-hidden">{review ? t('reviewCaption') : t('caption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('columns.booked')}</th>
                  <th scope="col" className="money-cell">
                    {t('columns.amount')}
                  </th>
                  <th scope="col">{t('columns.note')}</th>
                  <th scope="col">{t('columns.outcome')}</th>
                  <th scope="col">{t('columns.payin')}</th>
                  <th scope="col" className="money-cell">
                    {t('columns.unapplied')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.data.map((transaction) => (
                  <tr
                    key={transaction.id}
                    data-testid="collection-row"
                    data-id={transaction.id}
                    data-bank-id={transaction.bankTransactionId}
                  >
                    <td data-label={t('columns.booked')}>
                      {/* One child per cell: on a phone the cell is a two-column grid (name, value). */}
                      <span className="payout-cell">
                        <Link href={collectionTransactionHref(transaction.id)}>
                          {formatInstant(locale, transaction.bookedAt, timeZone)}
                        </Link>{' '}
                        <code className="console-muted console-value">{transaction.bankTransactionId}</code>
                      </span>
                    </td>
                    <td className="money-cell" data-label={t('columns.amount')}>
                      {formatMoney(locale, transaction.money.amount, transaction.money.currencyCode)}
                    </td>
                    <td data-label={t('columns.note')}>
                      <span className="console-value">{transaction.note || '—'}</span>
                    </td>
                    <td data-label={t('columns.outcome')}>
                      <OutcomeBadge outcome={transaction.outcome} label={outcomes(transaction.outcome)} />
                    </td>
                    <td data-label={t('columns.payin')}>
                      {transaction.idPayin ? (
                        <Link
                          className="console-value"
                          href={`/console/payments/${encodeURIComponent(transaction.idPayin)}`}
                        >
                          {transaction.idPayin}
                        </Link>
                      ) : (
                        '—'
                      )}
                    </td>
                    <td
                      className="money-cell"
                      data-label={t('columns.unapplied')}
                      data-amount={transaction.unapplied.amount}
                    >
                      {formatMoney(locale, transaction.unapplied.amount, transaction.unapplied.currencyCode)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ))}
      <ConsolePager
        path="/console/collection"
        query={pageQuery}
        nextCursor={data?.nextCursor}
        live={live}
        text={{ pages: t('pages'), newest: t('newest'), older: t('older'), liveHint: t('liveHint') }}
      />
    </>
  );
}
