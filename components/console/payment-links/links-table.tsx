'use client';

import Link from 'next/link';
import { useLocale, useTimeZone, useTranslations } from 'next-intl';
import type { PaymentLinkPage } from '@/lib/api/payment-link-responses';
import { linkHref } from '@/lib/console/payment-links';
import { formatInstant } from '../console-fetch';
import { ConsolePager } from '../console-pager';
import { useLivePage } from '../live-page';
import { linkAmountText } from './link-amount';
import { LinkStatusBadge } from './link-status-badge';

/** The query key of the links lists: creating or turning off a link refreshes them all. */
export const LINKS_KEY = ['payment-links'] as const;

/**
 * The merchant's payment links, newest first and live like the other lists: a link paid, used up
 * or turned off elsewhere changes here without a reload. Older pages stay still.
 */
export function LinksTable({
  initial,
  apiQuery,
  live,
}: {
  initial: PaymentLinkPage | undefined;
  /** GET /payment-links query for this page. */
  apiQuery: string;
  live: boolean;
}) {
  const t = useTranslations('console.paymentLinks.list');
  const statuses = useTranslations('console.paymentLinks.statuses');
  const locale = useLocale();
  const timeZone = useTimeZone();
  const { data, error } = useLivePage({
    queryKey: [...LINKS_KEY, apiQuery],
    url: `/console/bff/api/payment-links?${apiQuery}`,
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
          <p className="console-card" data-testid="links-empty">
            {t('empty')}
          </p>
        ) : (
          <div className="console-table-wrap">
            <table className="console-table stacked" data-testid="links-table">
              <caption className="visually-hidden">{t('caption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('columns.idLink')}</th>
                  <th scope="col">{t('columns.status')}</th>
                  <th scope="col">{t('columns.description')}</th>
                  <th scope="col" className="money-cell">
                    {t('columns.amount')}
                  </th>
                  <th scope="col">{t('columns.paid')}</th>
                  <th scope="col">{t('columns.pending')}</th>
                  <th scope="col">{t('columns.created')}</th>
                </tr>
              </thead>
              <tbody>
                {data.data.map((link) => (
                  <tr key={link.idLink} data-testid="link-row" data-id-link={link.idLink}>
                    <td data-label={t('columns.idLink')}>
                      {/* One child per cell: on a phone the cell is a two-column grid (name, value). */}
                      <span className="break-anywhere">
                        <Link href={linkHref(link.idLink)}>{link.idLink}</Link>
                      </span>
                    </td>
                    <td data-label={t('columns.status')}>
                      <span>
                        <LinkStatusBadge status={link.status} label={statuses(link.status)} />
                      </span>
                    </td>
                    <td data-label={t('columns.description')}>
                      <span className="break-anywhere" data-testid="link-description">
                        {link.description}
                      </span>
                    </td>
                    <td className="money-cell" data-label={t('columns.amount')} data-testid="link-row-amount">
                      {linkAmountText(locale, link)}
                    </td>
                    <td data-label={t('columns.paid')} data-testid="link-paid-count">
                      {link.uses.paid}
                    </td>
                    <td data-label={t('columns.pending')} data-testid="link-pending-count">
                      {link.uses.pending}
                    </td>
                    <td data-label={t('columns.created')}>
                      {formatInstant(locale, link.createdAt, timeZone)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ))}
      <ConsolePager
        path="/console/payment-links"
        nextCursor={data?.nextCursor}
        live={live}
        text={{ pages: t('pages'), newest: t('newest'), older: t('older'), liveHint: t('liveHint') }}
      />
    </>
  );
}
