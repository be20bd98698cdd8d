import type { Metadata } from 'next';
import Link from 'next/link';
import { FilterSelect } from '@/components/console/filter-select';
import { getTranslations } from 'next-intl/server';
import { loadBalances, loadPayouts } from '@/bff/console/money';
import { requireSignedIn } from '@/bff/console/pages';
import { allows } from '@/bff/console/session';
import { failureDetail, loadReceiver } from '@/bff/console/receiver';
import { NewPayoutForm } from '@/components/console/payouts/new-payout-form';
import { PayoutsTable } from '@/components/console/payouts/payouts-table';
import { PAYOUT_STATUSES } from '@/lib/api/payout-responses';
import { newIdPayout } from '@/lib/console/payout-form';
import { parsePayoutFilters, payoutListQuery, payoutsPageQuery } from '@/lib/console/payouts';

export const metadata: Metadata = { title: 'Payouts · Merchant console' };

interface PayoutsPageProps {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

/** The merchant's payouts, newest first and live; test merchants send new ones from here. */
export default async function PayoutsPage({ searchParams }: PayoutsPageProps) {
  const [{ api, session }, query, t] = await Promise.all([
    requireSignedIn(),
    searchParams,
    getTranslations('console'),
  ]);
  // The form is the sandbox's: live payouts leave by bank file (decision 038), sent by the merchant's
  // server through the API and batched on the Payout batches page.
  const mayPay = session.isTest && allows(session, 'payouts.create');
  const filters = parsePayoutFilters(query);
  const apiQuery = payoutListQuery(filters);
  const [payouts, receiver, balances] = await Promise.all([
    loadPayouts(api, apiQuery),
    mayPay && allows(session, 'callbacks.manage') ? loadReceiver(api, 1) : undefined,
    mayPay ? loadBalances(api) : undefined,
  ]);
  // The form starts in the first currency with money to pay out, as the API lists them.
  const funded =
    balances && 'data' in balances
      ? balances.data.data.find((balance) => balance.available.amount > 0)
      : undefined;
  return (
    <>
      <h1>{t('payouts.title')}</h1>
      {mayPay && (
        <details className="console-card payout-new" data-testid="new-payout">
          <summary>{t('payouts.form.title')}</summary>
          <NewPayoutForm
            initialIdPayout={newIdPayout()}
            defaultCallbackUrl={receiver && 'receiver' in receiver ? receiver.receiver.url : ''}
            defaultCurrency={funded?.currencyCode}
            balances={balances && 'data' in balances ? balances.data : undefined}
          />
        </details>
      )}
      <form method="get" className="console-filters" aria-label={t('payouts.filters')}>
        <FilterSelect
          label={t('payouts.columns.status')}
          name="status"
          value={filters.status}
          anyLabel={t('payouts.any')}
          options={PAYOUT_STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) }))}
        />
        <button type="submit" className="console-button primary">
          {t('payouts.apply')}
        </button>
        <Link className="console-button" href="/console/payouts">
          {t('payouts.clear')}
        </Link>
      </form>
      {'failure' in payouts && (
        <p className="console-alert" role="alert">
          {t('payouts.loadFailed', { detail: failureDetail(payouts.failure) })}
        </p>
      )}
      <PayoutsTable
        key={apiQuery}
        initial={'data' in payouts ? payouts.data : undefined}
        apiQuery={apiQuery}
        pageQuery={payoutsPageQuery(filters)}
        live={filters.cursor === undefined}
      />
    </>
  );
}
