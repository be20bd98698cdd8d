'use client';

import Link from 'next/link';
import { useLocale, useTimeZone, useTranslations } from 'next-intl';
import type { PaymentLinkPayin } from '@/lib/api/payment-link-responses';
import { formatMoney } from '@/lib/format/money-format';
import { formatInstant } from '../console-fetch';
import { MethodName } from '../method-name';
import { StatusBadge } from '../status-badge';

/** The payments made from a link, newest first (the API's latest 100), each opening its own page. */
export function LinkPayins({ payins }: { payins: readonly PaymentLinkPayin[] }) {
  const t = useTranslations('console.paymentLinks.detail.payins');
  const status = useTranslations('console.status');
  const locale = useLocale();
  const timeZone = useTimeZone();
  return (
    <section className="console-card" aria-labelledby="link-payins-heading">
      <h2 id="link-payins-heading">{t('title')}</h2>
      {payins.length === 0 ? (
        <p className="console-hint" data-testid="link-payins-empty">
          {t('empty')}
        </p>
      ) : (
        <div className="console-table-wrap">
          <table className="console-table stacked" data-testid="link-payins">
            <caption className="visually-hidden">{t('caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('columns.idPayin')}</th>
                <th scope="col">{t('columns.status')}</th>
                <th scope="col" className="money-cell">
                  {t('columns.amount')}
                </th>
                <th scope="col">{t('columns.method')}</th>
                <th scope="col">{t('columns.created')}</th>
              </tr>
            </thead>
            <tbody>
              {payins.map((payin) => (
                <tr key={payin.idPayin} data-testid="link-payin" data-id-payin={payin.idPayin}>
                  <td data-label={t('columns.idPayin')}>
                    <span className="break-anywhere">
                      <Link href={`/console/payments/${encodeURIComponent(payin.idPayin)}`}>
                        {payin.idPayin}
                      </Link>
                    </span>
                  </td>
                  <td data-label={t('columns.status')}>
                    <StatusBadge status={payin.status} label={status(payin.status)} />
                  </td>
                  <td className="money-cell" data-label={t('columns.amount')}>
                    {formatMoney(locale, payin.money.amount, payin.money.currencyCode)}
                  </td>
                  <td data-label={t('columns.method')}>
                    <span>
                      <MethodName code={payin.paymentMethodCode} />
                    </span>
                  </td>
                  <td data-label={t('columns.created')}>
                    {formatInstant(locale, payin.createdAt, timeZone)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
