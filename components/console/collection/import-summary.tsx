'use client';

import Link from 'next/link';
import { useLocale, useTranslations } from 'next-intl';
import type { CollectionIngestResource } from '@/lib/api/collection-responses';
import { collectionTransactionHref } from '@/lib/console/collection';
import { formatMoney } from '@/lib/format/money-format';
import { OutcomeBadge } from './outcome-badge';

/** What an imported statement became: the counts, then each credit with its outcome. */
export function ImportSummary({ result }: { result: CollectionIngestResource }) {
  const t = useTranslations('console.collection.import');
  const outcomes = useTranslations('console.collection.outcomes');
  const locale = useLocale();
  const counts = [
    ['stored', result.stored],
    ['duplicates', result.duplicates],
    ['skipped', result.skipped],
  ] as const;
  return (
    <section
      className="console-card"
      role="status"
      aria-labelledby="statement-summary-heading"
      data-testid="statement-summary"
    >
      <h3 id="statement-summary-heading">{t('summaryTitle')}</h3>
      <dl className="console-kv">
        {counts.map(([key, count]) => (
          <div key={key} className="console-kv-row">
            <dt>{t(key)}</dt>
            <dd data-testid={`statement-${key}`} data-count={count}>
              {count}
            </dd>
          </div>
        ))}
      </dl>
      {result.transactions.length > 0 && (
        <ul className="statement-transactions">
          {result.transactions.map(({ transaction, duplicate }) => (
            <li
              key={transaction.id}
              data-testid="statement-transaction"
              data-bank-id={transaction.bankTransactionId}
            >
              <Link href={collectionTransactionHref(transaction.id)}>
                <code className="console-value">{transaction.bankTransactionId}</code>
              </Link>{' '}
              {formatMoney(locale, transaction.money.amount, transaction.money.currencyCode)}{' '}
              <OutcomeBadge outcome={transaction.outcome} label={outcomes(transaction.outcome)} />
              {duplicate && <span className="console-muted"> · {t('duplicate')}</span>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
