'use client';

import Link from 'next/link';
import { useLocale, useTimeZone, useTranslations } from 'next-intl';
import type { PayoutBatchPage } from '@/lib/api/payout-batch-responses';
import { batchHref, formatBankDate } from '@/lib/console/payout-batches';
import { formatMoney } from '@/lib/format/money-format';
import { formatInstant } from '../../console-fetch';
import { ConsolePager } from '../../console-pager';
import { useLivePage } from '../../live-page';
import { BatchStatusBadge } from './batch-status-badge';

/** The query key of the batches lists: cutting or cancelling a batch refreshes them all. */
export const BATCHES_KEY = ['payout-batches'] as const;

/**
 * The merchant's payout batches, newest first and live like the payouts list: a batch downloaded
 * elsewhere, or completed by a statement, changes here without a reload. Older pages stay still.
 */
export function BatchesTable({
  initial,
  apiQuery,
  live,
  accountNames,
}: {
  initial: PayoutBatchPage | undefined;
  /** GET /payout-batches query for this page. */
  apiQuery: string;
  live: boolean;
  /** The merchant's collection accounts' names by id. */
  accountNames: Readonly<Record<string, string>>;
}) {
  const t = useTranslations('console.batches.list');
  const statuses = useTranslations('console.batches.statuses');
  const locale = useLocale();
  const timeZone = useTimeZone();
  const { data, error } = useLivePage({
    queryKey: [...BATCHES_KEY, apiQuery],
    url: `/console/bff/api/payout-batches?${apiQuery}`,
    initial,
    live,
    intervalMs: 3000,
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
          <p className="console-card" data-testid="batches-empty">
            {t('empty')}
          </p>
        ) : (
          <div className="console-table-wrap">
            <table className="console-table stacked" data-testid="batches-table">
              <caption className="visually-hidden">{t('caption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('columns.idBatch')}</th>
                  <th scope="col">{t('columns.status')}</th>
                  <th scope="col">{t('columns.account')}</th>
                  <th scope="col" className="money-cell">
                    {t('columns.amount')}
                  </th>
                  <th scope="col">{t('columns.payouts')}</th>
                  <th scope="col">{t('columns.refunds')}</th>
                  <th scope="col">{t('columns.pending')}</th>
                  <th scope="col">{t('columns.executionDate')}</th>
                  <th scope="col">{t('columns.created')}</th>
                </tr>
              </thead>
              <tbody>
                {data.data.map((batch) => (
                  <tr key={batch.idBatch} data-testid="batch-row" data-id-batch={batch.idBatch}>
                    <td data-label={t('columns.idBatch')}>
                      {/* One child per cell: on a phone the cell is a two-column grid (name, value). */}
                      <span className="break-anywhere">
                        <Link href={batchHref(batch.idBatch)}>{batch.idBatch}</Link>
                      </span>
                    </td>
                    <td data-label={t('columns.status')}>
                      <span>
                        <BatchStatusBadge status={batch.status} label={statuses(batch.status)} />
                      </span>
                    </td>
                    <td data-label={t('columns.account')}>
                      <span className="break-anywhere">
                        {accountNames[batch.accountId] ?? batch.accountId}
                      </span>
                    </td>
                    <td className="money-cell" data-label={t('columns.amount')}>
                      {formatMoney(locale, batch.money.amount, batch.money.currencyCode)}
                    </td>
                    <td data-label={t('columns.payouts')} data-testid="batch-payout-count">
                      {batch.payoutCount}
                    </td>
                    <td data-label={t('columns.refunds')} data-testid="batch-refund-count">
                      {batch.refundCount}
                    </td>
                    <td data-label={t('columns.pending')} data-testid="batch-pending-count">
                      {batch.pendingCount}
                    </td>
                    <td data-label={t('columns.executionDate')}>
                      {formatBankDate(locale, batch.executionDate)}
                    </td>
                    <td data-label={t('columns.created')}>
                      {formatInstant(locale, batch.createdAt, timeZone)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ))}
      <ConsolePager
        path="/console/payouts/batches"
        nextCursor={data?.nextCursor}
        live={live}
        text={{ pages: t('pages'), newest: t('newest'), older: t('older'), liveHint: t('liveHint') }}
      />
    </>
  );
}
