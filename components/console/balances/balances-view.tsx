'use client';

import Link from 'next/link';
import { useQuery } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import type { BalancesResource, BalanceTransactionsResource } from '@/lib/api/payout-responses';
import { formatMoney } from '@/lib/format/money-format';
import { consoleFetch, FRESH_MS } from '../console-fetch';
import { ConsolePager } from '../console-pager';
import { LedgerList } from '../ledger/ledger-list';

const REFRESH_MS = 5000;
const KINDS = ['available', 'pending', 'reserved'] as const;

/**
 * The merchant's balances, a card per currency, and the ledger's transfers below, paged by cursor
 * in the page's URL. Balances and the newest page ask again every few seconds; older pages stay still.
 */
export function BalancesView({
  initialBalances,
  initialTransfers,
  transfersQuery,
  cursor,
}: {
  initialBalances: BalancesResource | undefined;
  initialTransfers: BalanceTransactionsResource | undefined;
  /** GET /balance-transactions query of this page. */
  transfersQuery: string;
  /** This page's cursor; none on the newest page. */
  cursor: string | undefined;
}) {
  const t = useTranslations('console.balances');
  const ledger = useTranslations('console.ledger');
  const locale = useLocale();
  const live = cursor === undefined;
  const balances = useQuery({
    queryKey: ['balances'],
    queryFn: () => consoleFetch<BalancesResource>('/console/bff/api/balances'),
    initialData: initialBalances,
    staleTime: FRESH_MS,
    refetchInterval: REFRESH_MS,
  });
  const transfers = useQuery({
    queryKey: ['ledger', 'merchant', transfersQuery],
    queryFn: () =>
      consoleFetch<BalanceTransactionsResource>(`/console/bff/api/balance-transactions?${transfersQuery}`),
    initialData: initialTransfers,
    staleTime: FRESH_MS,
    refetchInterval: live ? REFRESH_MS : false,
  });

  return (
    <>
      {balances.error && (
        <p className="console-alert" role="alert">
          {t('refreshFailed', { detail: balances.error.message })}
        </p>
      )}
      {balances.data &&
        (balances.data.data.length === 0 ? (
          <p className="console-card" data-testid="balances-empty">
            {t('empty')}
          </p>
        ) : (
          <ul className="balance-cards">
            {balances.data.data.map((balance) => (
              <li
                key={balance.currencyCode}
                className="console-card"
                data-testid="balance-card"
                data-currency={balance.currencyCode}
              >
                <h2>{balance.currencyCode}</h2>
                <dl className="console-kv">
                  {KINDS.map((kind) => (
                    <div key={kind} className="console-kv-row">
                      <dt>{t(kind)}</dt>
                      <dd
                        className="balance-amount"
                        data-testid={`balance-${kind}`}
                        data-amount={balance[kind].amount}
                      >
                        {formatMoney(locale, balance[kind].amount, balance.currencyCode)}
                      </dd>
                    </div>
                  ))}
                  {/* Only where there is some: most merchants have no collection accounts of their own. */}
                  {balance.unapplied && balance.unapplied.amount !== 0 && (
                    <div className="console-kv-row">
                      <dt>{t('unapplied')}</dt>
                      <dd
                        className="balance-amount"
                        data-testid="balance-unapplied"
                        data-amount={balance.unapplied.amount}
                      >
                        {formatMoney(locale, balance.unapplied.amount, balance.currencyCode)}
                      </dd>
                    </div>
                  )}
                </dl>
                {/* Only the money waiting in the review queue asks for the merchant: the rest of the
                    unapplied balance is short payments of payins still open, which count on them. */}
                {balance.forReview && balance.forReview.amount !== 0 && (
                  <p className="console-hint balance-unapplied-hint" data-testid="balance-for-review">
                    {t('unappliedHint', {
                      amount: formatMoney(locale, balance.forReview.amount, balance.currencyCode),
                    })}{' '}
                    <Link href="/console/collection">{t('reviewQueue')}</Link>
                  </p>
                )}
              </li>
            ))}
          </ul>
        ))}

      <h2 id="transfers-heading">{t('transfersTitle')}</h2>
      {transfers.error && (
        <p className="console-alert" role="alert">
          {ledger('loadFailed', { detail: transfers.error.message })}
        </p>
      )}
      {transfers.data &&
        (transfers.data.data.length === 0 ? (
          <p className="console-card" data-testid="ledger-empty">
            {ledger('empty')}
          </p>
        ) : (
          <LedgerList transfers={transfers.data.data} />
        ))}
      <ConsolePager
        path="/console/balances"
        nextCursor={transfers.data?.nextCursor}
        live={live}
        text={{
          pages: ledger('pages'),
          newest: ledger('newest'),
          older: ledger('older'),
          liveHint: t('liveHint'),
        }}
      />
    </>
  );
}
