import { useTranslations } from 'next-intl';
import type { CollectionAccountResource } from '@/lib/api/collection-responses';

/** A coordinate's value as the merchants file has it: text, a list (crypto addresses), or an object. */
function coordinateText(value: unknown): string {
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  if (Array.isArray(value)) return value.map(coordinateText).join(', ');
  if (typeof value === 'object' && value !== null)
    return Object.entries(value)
      .map(([key, inner]) => `${key}: ${coordinateText(inner)}`)
      .join(', ');
  return '';
}

/**
 * Where the merchant's customers pay (its collection accounts, as the operator configured them):
 * the coordinates payers use and whether a bank feed reports the account's credits.
 */
export function CollectionAccounts({ accounts }: { accounts: readonly CollectionAccountResource[] }) {
  const t = useTranslations('console.collection.accounts');
  if (accounts.length === 0)
    return (
      <p className="console-card" data-testid="collection-accounts-empty">
        {t('empty')}
      </p>
    );
  return (
    <ul className="collection-accounts">
      {accounts.map((account) => {
        const feeds = [
          account.feed.apiKey && t('feedApiKey'),
          account.feed.webhookSignature && t('feedSignature'),
        ]
          .filter(Boolean)
          .join(' · ');
        return (
          <li
            key={account.id}
            className="console-card"
            data-testid="collection-account"
            data-account={account.id}
          >
            <h3>
              {account.accountName} <code className="console-muted">{account.id}</code>
            </h3>
            <dl className="console-kv">
              <div className="console-kv-row">
                <dt>{t('type')}</dt>
                <dd>
                  <code>{account.type}</code> · {account.currencyCode}
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
                <dd data-testid="collection-account-feed" data-feed={feeds !== ''}>
                  {feeds || t('noFeed')}
                </dd>
              </div>
            </dl>
          </li>
        );
      })}
    </ul>
  );
}
