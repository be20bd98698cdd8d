'use client';

import Link from 'next/link';
import { useLocale, useTranslations } from 'next-intl';
import type { PayoutBatchResource } from '@/lib/api/payout-batch-responses';
import { formatMoney } from '@/lib/format/money-format';
import { StatusBadge } from '../../status-badge';

/**
 * A batch's live refunds (docs/decisions/042), after its payouts as the file lists them: each with
 * the order it gives back (whose page shows the refund) and the EndToEndId the bank reports it by.
 */
export function BatchRefundsTable({ refunds }: { refunds: PayoutBatchResource['refunds'] }) {
  const t = useTranslations('console.batches.detail.refunds');
  const status = useTranslations('console.status');
  const locale = useLocale();
  return (
    <section className="console-card" aria-labelledby="batch-refunds-heading">
      <h2 id="batch-refunds-heading">{t('title')}</h2>
      <div className="console-table-wrap">
        <table className="console-table stacked" data-testid="batch-refunds">
          <caption className="visually-hidden">{t('caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('columns.idRefund')}</th>
              <th scope="col">{t('columns.idPayin')}</th>
              <th scope="col">{t('columns.endToEndId')}</th>
              <th scope="col" className="money-cell">
                {t('columns.amount')}
              </th>
              <th scope="col">{t('columns.status')}</th>
            </tr>
          </thead>
          <tbody>
            {refunds.map((refund) => (
              <tr key={refund.idRefund} data-testid="batch-refund" data-id-refund={refund.idRefund}>
                <td data-label={t('columns.idRefund')}>
                  <span className="break-anywhere">{refund.idRefund}</span>
                </td>
                <td data-label={t('columns.idPayin')}>
                  <span className="break-anywhere">
                    {/* The payment's page lists its refunds. */}
                    <Link href={`/console/payments/${encodeURIComponent(refund.idPayin)}`}>
                      {refund.idPayin}
                    </Link>
                  </span>
                </td>
                <td data-label={t('columns.endToEndId')}>
                  <code className="break-anywhere" data-testid="batch-end-to-end-id">
                    {refund.endToEndId}
                  </code>
                </td>
                <td className="money-cell" data-label={t('columns.amount')}>
                  {formatMoney(locale, refund.money.amount, refund.money.currencyCode)}
                </td>
                <td data-label={t('columns.status')}>
                  <StatusBadge
                    status={refund.status}
                    label={status(refund.status)}
                    processorStatus={refund.processorStatus}
                    testId="refund-status"
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
