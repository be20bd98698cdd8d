'use client';

import { useQuery } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import type { BalanceTransactionsResource } from '@/lib/api/payout-responses';
import { ledgerQuery } from '@/lib/console/ledger';
import { consoleFetch, FRESH_MS } from '../console-fetch';
import { LedgerList } from './ledger-list';

/** The query key of one payin's or payout's transfers: a simulate button refreshes it at once. */
export function ledgerKey(filter: { idPayin: string } | { idPayout: string }) {
  return ['ledger', 'idPayin' in filter ? `payin:${filter.idPayin}` : `payout:${filter.idPayout}`] as const;
}

/** Asks for one payin's or payout's transfers again every few seconds (a settlement may follow later). */
export function useLedger(
  filter: { idPayin: string } | { idPayout: string },
  initial: BalanceTransactionsResource | undefined,
) {
  return useQuery({
    queryKey: ledgerKey(filter),
    queryFn: () =>
      consoleFetch<BalanceTransactionsResource>(
        `/console/bff/api/balance-transactions?${ledgerQuery(filter)}`,
      ),
    initialData: initial,
    staleTime: FRESH_MS,
    refetchInterval: 5000,
  });
}

/** The "Ledger" section of a payin's or payout's page: its transfers, live, or why there are none. */
export function LedgerSection({
  filter,
  initial,
  loadFailed,
}: {
  filter: { idPayin: string } | { idPayout: string };
  initial: BalanceTransactionsResource | undefined;
  /** Why the server could not load them, if it could not. */
  loadFailed?: string | undefined;
}) {
  const t = useTranslations('console.ledger');
  const ledger = useLedger(filter, initial);
  const error = ledger.error?.message ?? (ledger.data ? undefined : loadFailed);
  return (
    <section aria-labelledby="ledger-heading" data-testid="ledger-section">
      <h2 id="ledger-heading">{t('title')}</h2>
      <p className="console-hint">{'idPayin' in filter ? t('payinLead') : t('payoutLead')}</p>
      {error && (
        <p className="console-alert" role="alert">
          {t('loadFailed', { detail: error })}
        </p>
      )}
      {ledger.data &&
        (ledger.data.data.length === 0 ? (
          <p className="console-card" data-testid="ledger-empty">
            {'idPayin' in filter ? t('payinEmpty') : t('empty')}
          </p>
        ) : (
          <LedgerList transfers={ledger.data.data} showSubject={false} />
        ))}
    </section>
  );
}
