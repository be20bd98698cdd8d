'use client';

import Link from 'next/link';
import { useLocale, useTimeZone, useTranslations } from 'next-intl';
import { formatMoney } from '@/lib/format/money-format';
import { formatInstant } from '../console-fetch';
import { useLivePage } from '../live-page';
import { ConsolePager } from '../console-pager';
import { MethodName, OperatorName } from '../method-name';
import { StatusBadge } from '../status-badge';
import type { PayinPage } from './types';

/**
 * The payments list, live: the first page asks again every few seconds, so a payment made on a
 * phone shows up and turns green here without a reload. Older pages stay still.
 */
export function PaymentsTable({
  initial,
  apiQuery,
  pageQuery,
  live,
  searching = false,
}: {
  initial: PayinPage;
  /** GET /payins query for this page. */
  apiQuery: string;
  /** This console page's query without the cursor (filters), for the pager links. */
  pageQuery: string;
  live: boolean;
  /** A search is applied: an empty list says nothing matched it, not that there are no payments. */
  searching?: boolean;
}) {
  const t = useTranslations('console.payments');
  const status = useTranslations('console.status');
  const locale = useLocale();
  const timeZone = useTimeZone();
  const { data, error } = useLivePage({
    queryKey: ['payins', apiQuery],
    url: `/console/bff/api/payins?${apiQuery}`,
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
      {data.data.length === 0 ? (
        <p className="console-card" data-testid="payments-empty">
          {searching ? t('emptySearch') : t('empty')}
        </p>
      ) : (
        <div className="console-table-wrap">
          <table className="console-table stacked" data-testid="payments-table">
            <caption className="visually-hidden">{t('caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('columns.idPayin')}</th>
                <th scope="col">{t('columns.created')}</th>
                <th scope="col">{t('columns.method')}</th>
                <th scope="col" className="money-cell">
                  {t('columns.amount')}
                </th>
                <th scope="col">{t('columns.status')}</th>
              </tr>
            </thead>
            <tbody>
              {data.data.map((payin) => {
                const money = payin.paymentRequested.money;
                const operator = payin.paymentMethodResponse.paymentOperator as
                  { code?: string; name?: string } | undefined;
                return (
                  <tr key={payin.idPayin} data-testid="payment-row" data-id-payin={payin.idPayin}>
                    <td data-label={t('columns.idPayin')}>
                      <Link href={`/console/payments/${encodeURIComponent(payin.idPayin)}`}>
                        {payin.idPayin}
                      </Link>
                      {payin.process.isTest && <span className="console-muted"> · {t('test')}</span>}
                    </td>
                    <td data-label={t('columns.created')}>
                      {formatInstant(locale, payin.process.createdAt, timeZone)}
                    </td>
                    <td data-label={t('columns.method')}>
                      <MethodName code={String(payin.paymentMethodResponse.paymentMethodCode)} />
                      {operator?.code && (
                        <span className="console-muted">
                          {' · '}
                          <OperatorName
                            operator={{ code: operator.code, name: operator.name }}
                            currency={money.currencyCode}
                          />
                        </span>
                      )}
                    </td>
                    <td className="money-cell" data-label={t('columns.amount')}>
                      {formatMoney(locale, money.amount, money.currencyCode)}
                    </td>
                    <td data-label={t('columns.status')}>
                      <StatusBadge
                        status={payin.process.status}
                        label={status(payin.process.status)}
                        processorStatus={payin.process.processorStatus}
                      />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      <ConsolePager
        path="/console/payments"
        query={pageQuery}
        nextCursor={data.nextCursor}
        live={live}
        text={{ pages: t('pages'), newest: t('newest'), older: t('older'), liveHint: t('liveHint') }}
      />
    </>
  );
}
