import { useTranslations } from 'next-intl';
import type { OperatorMerchantResource } from '@/lib/api/operator-responses';
import { AccountCards } from '../account-cards';
import { replaceTemplateOf } from './operator-forms';
import { ReplaceAccountForm } from './replace-account-form';

type Account = OperatorMerchantResource['collectionAccounts'][number];

/** Replacing an account, folded away below its card. */
function Replace({ merchantCode, account }: { merchantCode: string; account: Account }) {
  const t = useTranslations('console.operator.account');
  return (
    <details>
      <summary>{t('replaceTitle', { id: account.id })}</summary>
      <ReplaceAccountForm
        merchantCode={merchantCode}
        accountId={account.id}
        initial={replaceTemplateOf(account)}
      />
    </details>
  );
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
  return (
    <AccountCards
      namespace="console.operator.account"
      testId="operator-account"
      emptyTestId="operator-accounts-empty"
      accounts={accounts.map((account) => {
        // What is not shown apart is a coordinate, as the merchants file has it.
        const { id, type, currency, accountName, feed, ...coordinates } = account;
        return {
          id,
          accountName,
          type,
          currency,
          coordinates,
          feeds: [feed.apiKey && 'feedApiKey', feed.webhookSecret && 'feedSecret'],
          more: <Replace merchantCode={merchantCode} account={account} />,
        };
      })}
    />
  );
}
