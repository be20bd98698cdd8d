import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { loadBalances, loadTransfers } from '@/bff/console/money';
import { requireSignedIn } from '@/bff/console/pages';
import { failureDetail } from '@/bff/console/receiver';
import { BalancesView } from '@/components/console/balances/balances-view';
import { ledgerQuery, pageCursorOf } from '@/lib/console/ledger';

export const metadata: Metadata = { title: 'Balances · Merchant console' };

interface BalancesPageProps {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

/** The merchant's balances per currency and the ledger's transfers, newest first (docs/decisions/027). */
export default async function BalancesPage({ searchParams }: BalancesPageProps) {
  const [{ api }, query, t] = await Promise.all([
    requireSignedIn(),
    searchParams,
    getTranslations('console'),
  ]);
  const cursor = pageCursorOf(query);
  const transfersQuery = ledgerQuery({ cursor });
  const [balances, transfers] = await Promise.all([loadBalances(api), loadTransfers(api, transfersQuery)]);
  return (
    <>
      <h1>{t('balances.title')}</h1>
      <p className="console-hint balances-lead">{t('balances.lead')}</p>
      {'failure' in balances && (
        <p className="console-alert" role="alert">
          {t('balances.loadFailed', { detail: failureDetail(balances.failure) })}
        </p>
      )}
      {'failure' in transfers && (
        <p className="console-alert" role="alert">
          {t('ledger.loadFailed', { detail: failureDetail(transfers.failure) })}
        </p>
      )}
      <BalancesView
        key={transfersQuery}
        initialBalances={'data' in balances ? balances.data : undefined}
        initialTransfers={'data' in transfers ? transfers.data : undefined}
        transfersQuery={transfersQuery}
        cursor={cursor}
      />
    </>
  );
}
