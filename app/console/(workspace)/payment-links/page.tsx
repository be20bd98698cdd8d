import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { requireSignedIn } from '@/bff/console/pages';
import { failureDetail } from '@/bff/console/receiver';
import { allows } from '@/bff/console/session';
import { LinksTable } from '@/components/console/payment-links/links-table';
import { NewLinkForm } from '@/components/console/payment-links/new-link-form';
import { paymentLinkPageSchema } from '@/lib/api/payment-link-responses';
import { linkListQuery, newIdLink, parseLinkFilters } from '@/lib/console/payment-links';
import { readReply } from '@/lib/console/payout-batches';
import './links.css';

export const metadata: Metadata = { title: 'Payment links · Merchant console' };

interface PaymentLinksPageProps {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

/**
 * The merchant's payment links (issue 25, docs/decisions/051): a page customers open to pay a
 * fixed amount or one they choose in a range, shared as a URL or a QR code. Every role reads them;
 * the roles that manage links create them here.
 */
export default async function PaymentLinksPage({ searchParams }: PaymentLinksPageProps) {
  const [{ api, session }, query, t] = await Promise.all([
    requireSignedIn(),
    searchParams,
    getTranslations('console.paymentLinks'),
  ]);
  const filters = parseLinkFilters(query);
  const apiQuery = linkListQuery(filters);
  const links = await api
    .call('GET', `/payment-links?${apiQuery}`)
    .then((reply) => readReply(reply, paymentLinkPageSchema));
  return (
    <>
      <h1>{t('title')}</h1>
      <p className="console-hint">{t('lead')}</p>
      {allows(session, 'links.manage') && (
        <details className="console-card link-new" data-testid="new-link">
          <summary>{t('form.title')}</summary>
          <NewLinkForm initialIdLink={newIdLink()} defaultCurrency="THB" />
        </details>
      )}
      <section aria-labelledby="links-list-heading">
        <h2 id="links-list-heading">{t('list.title')}</h2>
        {'failure' in links && (
          <p className="console-alert" role="alert">
            {t('list.loadFailed', { detail: failureDetail(links.failure) })}
          </p>
        )}
        <LinksTable
          key={apiQuery}
          initial={'data' in links ? links.data : undefined}
          apiQuery={apiQuery}
          live={filters.cursor === undefined}
        />
      </section>
    </>
  );
}
