'use client';

import Link from 'next/link';
import { useLocale, useTimeZone, useTranslations } from 'next-intl';
import type { PayoutPage } from '@/lib/api/payout-responses';
import { formatMoney } from '@/lib/format/money-format';
import { formatInstant } from '../console-fetch';
import { useLivePage } from '../live-page';
import { ConsolePager } from '../console-pager';
import { PayoutMethodName } from '../method-name';
import { StatusBadge } from '../status-badge';

/**
 * The payouts list, live like the payments list: the first page asks again every few seconds, so a
 * payout turns green or red here without a reload. Older pages stay still.
 */
export function PayoutsTable({
  initial,
  apiQuery,
  pageQuery,
  live,
}: {
  initial: PayoutPage | undefined;
  /** GET /payouts query for this page. */
  apiQuery: string;
  /** This console page's query without the cursor (filters), for the pager links. */
  pageQuery: string;
  live: boolean;
}) {
  const t = useTranslations('console.payouts');
  const status = useTranslations('console.status');
  const locale = useLocale();
  const timeZone = useTimeZone();
  const { data, error } = useLivePage({
    queryKey: ['payouts', apiQuery],
    url: `/console/bff/api/payouts?${apiQuery}`,
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
          <p className="console-card" data-testid="payouts-empty">
            {t('empty')}
          </p>
        ) : (
          <div className="console-table-wrap">
            <table className="console-table stacked" data-testid="payouts-table">
              <caption className="visually-hidden">{t('caption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('columns.idPayout')}</th>
                  <th scope="col">{t('columns.created')}</th>
                  <th scope="col">{t('columns.destination')}</th>
                  <th scope="col" className="money-cell">
                    {t('columns.amount')}
                  </th>
                  <th scope="col">{t('columns.status')}</th>
                </tr>
              </thead>
              <tbody>
                {data.data.map((payout) => {
                  const method = payout.paymentMethodResponse;
                  const money = payout.paymentRequested.money;
                  return (
                    <tr key={method.idPayout} data-testid="payout-row" data-id-payout={method.idPayout}>
                      <td data-label={t('columns.idPayout')}>
                        {/* One child per cell: on a phone the cell is a two-column grid (name, value). */}
                        <span className="payout-cell">
                          <Link href={`/console/payouts/${encodeURIComponent(method.idPayout)}`}>
                            {method.idPayout}
                          </Link>
                          {payout.process.isTest && <span className="console-muted"> · {t('test')}</span>}
                        </span>
                      </td>
                      <td data-label={t('columns.created')}>
                        {formatInstant(locale, payout.process.createdAt, timeZone)}
                      </td>
                      <td data-label={t('columns.destination')}>
                        <span className="payout-cell">
                          <PayoutMethodName code={method.paymentMethodCode} />
                          {method.paymentOperator && (
                            <span className="console-muted"> · {method.paymentOperator.code}</span>
                          )}{' '}
                          {method.account.accountNumber}
                        </span>
                      </td>
                      <td className="money-cell" data-label={t('columns.amount')}>
                        {formatMoney(locale, money.amount, money.currencyCode)}
                      </td>
                      <td data-label={t('columns.status')}>
                        <StatusBadge
                          status={payout.process.status}
                          label={status(payout.process.status)}
                          processorStatus={payout.process.processorStatus}
                          testId="payout-status"
                        />
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        ))}
      <ConsolePager
        path="/console/payouts"
        query={pageQuery}
        nextCursor={data?.nextCursor}
        live={live}
        text={{ pages: t('pages'), newest: t('newest'), older: t('older'), liveHint: t('liveHint') }}
      />
    </>
  );
}
