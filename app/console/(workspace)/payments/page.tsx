import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { requireSignedIn } from '@/bff/console/pages';
import { parsePaymentFilters, paymentListQuery, paymentsPageQuery } from '@/lib/console/payment-filters';
import { METHOD_CODES } from '@/lib/methods/catalogue';
import { CURRENCY_CODES } from '@/lib/money/currencies';
import { PAYIN_SEARCH_MAX_LENGTH } from '@/lib/payins/search';
import { PAYIN_STATUSES } from '@/lib/payins/statuses';
import { FilterSelect } from '@/components/console/filter-select';
import { PaymentsTable } from '@/components/console/payments/payments-table';
import type { PayinPage } from '@/components/console/payments/types';

interface PaymentsPageProps {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

/** The merchant's payments: search and filters in the URL (a plain GET form), the list live on its first page. */
export default async function PaymentsPage({ searchParams }: PaymentsPageProps) {
  const [{ api }, query, t] = await Promise.all([
    requireSignedIn(),
    searchParams,
    getTranslations('console'),
  ]);
  const filters = parsePaymentFilters(query);
  const apiQuery = paymentListQuery(filters);
  const reply = await api.call('GET', `/payins?${apiQuery}`);
  const { cursor, ...withoutCursor } = filters;
  const detail = (reply.body as { detail?: string } | undefined)?.detail;
  return (
    <>
      <h1>{t('payments.title')}</h1>
      <form method="get" className="console-filters" aria-label={t('payments.filters')}>
        <label className="console-search">
          {t('payments.search')}
          <input
            type="search"
            name="q"
            defaultValue={filters.q ?? ''}
            maxLength={PAYIN_SEARCH_MAX_LENGTH}
            placeholder={t('payments.searchHint')}
            title={t('payments.searchHint')}
            data-testid="payments-search"
          />
        </label>
        <FilterSelect
          label={t('payments.columns.status')}
          name="status"
          value={filters.status}
          anyLabel={t('payments.any')}
          options={PAYIN_STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) }))}
        />
        <FilterSelect
          label={t('payments.columns.method')}
          name="paymentMethodCode"
          value={filters.paymentMethodCode}
          anyLabel={t('payments.any')}
          options={METHOD_CODES.map((code) => ({ value: code, label: code }))}
        />
        <FilterSelect
          label={t('payments.currency')}
          name="currencyCode"
          value={filters.currencyCode}
          anyLabel={t('payments.any')}
          options={CURRENCY_CODES.map((code) => ({ value: code, label: code }))}
        />
        <label>
          {t('payments.createdFrom')}
          <input type="date" name="createdFrom" defaultValue={filters.createdFrom ?? ''} />
        </label>
        <label>
          {t('payments.createdTo')}
          <input type="date" name="createdTo" defaultValue={filters.createdTo ?? ''} />
        </label>
        <label>
          {t('payments.mode')}
          <select name="isTest" defaultValue={filters.isTest === undefined ? '' : String(filters.isTest)}>
            <option value="">{t('payments.any')}</option>
            <option value="true">{t('mode.test')}</option>
            <option value="false">{t('mode.live')}</option>
          </select>
        </label>
        <button type="submit" className="console-button primary">
          {t('payments.apply')}
        </button>
        <Link className="console-button" href="/console/payments">
          {t('payments.clear')}
        </Link>
      </form>
      {reply.status === 200 ? (
        <PaymentsTable
          initial={reply.body as PayinPage}
          apiQuery={apiQuery}
          pageQuery={paymentsPageQuery(withoutCursor)}
          live={cursor === undefined}
          searching={filters.q !== undefined}
        />
      ) : (
        <p className="console-alert" role="alert">
          {t('common.error', { detail: detail ?? `HTTP ${reply.status}` })}
        </p>
      )}
    </>
  );
}
