import { useTranslations } from 'next-intl';
import type { OperatorMerchantResource } from '@/lib/api/operator-responses';
import { replaceTemplateOf } from './operator-forms';
import { ReplaceAccountForm } from './replace-account-form';

type Account = OperatorMerchantResource['collectionAccounts'][number];

const SHOWN_APART = new Set(['id', 'type', 'currency', 'accountName', 'feed']);

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
 * A merchant's collection accounts as the operator API shows them (feed secrets only as whether
 * they are set), each with the way to replace it.
 */
export function OperatorAccounts({
  merchantCode,
  accounts,
}: {
  merchantCode: string;
  accounts: readonly Account[];
}) {
  const t = useTranslations('console.operator.account');
  if (accounts.length === 0)
    return (
      <p className="console-card" data-testid="operator-accounts-empty">
        {t('empty')}
      </p>
    );
  return (
    <ul className="collection-accounts">
      {accounts.map((account) => {
        const feeds = [account.feed.apiKey && t('feedApiKey'), account.feed.webhookSecret && t('feedSecret')]
          .filter(Boolean)
          .join(' · ');
        return (
          <li
            key={account.id}
            className="console-card"
            data-testid="operator-account"
            data-account={account.id}
          >
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
              {Object.entries(account)
                .filter(([key]) => !SHOWN_APART.has(key))
                .map(([key, value]) => (
                  <div key={key} className="console-kv-row">
                    <dt>{key}</dt>
                    <dd>
                      <code className="console-value">{coordinateText(value)}</code>
                    </dd>
                  </div>
                ))}
              <div className="console-kv-row">
                <dt>{t('feed')}</dt>
                <dd>{feeds || t('noFeed')}</dd>
              </div>
            </dl>
            <details>
              <summary>{t('replaceTitle', { id: account.id })}</summary>
              <ReplaceAccountForm
                merchantCode={merchantCode}
                accountId={account.id}
                initial={replaceTemplateOf(account)}
              />
            </details>
          </li>
        );
      })}
    </ul>
  );
}
