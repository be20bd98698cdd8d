import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';

/** A collection account as its card shows it, from the merchant's API or the operator's. */
export interface AccountCard {
  id: string;
  accountName: string;
  type: string;
  currency: string;
  /** The coordinates payers use, as the merchants file has them (account number, VPA, addresses…). */
  coordinates: Record<string, unknown>;
  /** How its bank feed signs in: keys of the namespace's texts (`feedApiKey`, …), none for no feed. */
  feeds: readonly (string | false)[];
  /** What the card shows below its coordinates (the operator's way to replace the account). */
  more?: ReactNode;
}

/** A coordinate's value as the merchants file has it: text, a list (crypto addresses), or an object. */
function coordinateText(value: unknown): string {
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
    return String(value);
  if (Array.isArray(value)) return value.map(coordinateText).join(', ');
  if (typeof value === 'object' && value !== null)
    return Object.entries(value)
      .map(([key, inner]) => `${key}: ${coordinateText(inner)}`)
      .join(', ');
  return '';
}

/**
 * Collection accounts as cards (the merchant's Collection page, the operator's merchant page): name
 * and id, type and currency, every coordinate, the bank feed; or, without one, the namespace's
 * `empty` text. The namespace also has `type`, `feed` and `noFeed`.
 */
export function AccountCards({
  accounts,
  namespace,
  testId,
  emptyTestId,
  feedTestId,
}: {
  accounts: readonly AccountCard[];
  namespace: 'console.collection.accounts' | 'console.operator.account';
  /** Each card's test id (its `data-account` is the account's id). */
  testId: string;
  emptyTestId: string;
  /** The feed's test id, with `data-feed` saying whether there is one; none: neither. */
  feedTestId?: string;
}) {
  const t = useTranslations(namespace);
  if (accounts.length === 0)
    return (
      <p className="console-card" data-testid={emptyTestId}>
        {t('empty')}
      </p>
    );
  return (
    <ul className="collection-accounts">
      {accounts.map((account) => {
        const feeds = account.feeds
          .filter((key) => key !== false)
          .map((key) => t(key))
          .join(' · ');
        return (
          <li key={account.id} className="console-card" data-testid={testId} data-account={account.id}>
            <h3>
              {account.accountName} <code className="console-muted">{account.id}</code>
            </h3>
            <dl className="console-kv">
              <div className="console-kv-row">
                <dt>{t('type')}</dt>
                <dd>
                  <code>{account.type}</code> · {account.currency}
                </dd>
              </div>
              {Object.entries(account.coordinates).map(([key, value]) => (
                <div key={key} className="console-kv-row">
                  <dt>{key}</dt>
                  <dd>
                    <code className="console-value">{coordinateText(value)}</code>
                  </dd>
                </div>
              ))}
              <div className="console-kv-row">
                <dt>{t('feed')}</dt>
                <dd data-testid={feedTestId} data-feed={feedTestId === undefined ? undefined : feeds !== ''}>
                  {feeds || t('noFeed')}
                </dd>
              </div>
            </dl>
            {account.more}
          </li>
        );
      })}
    </ul>
  );
}
