import type { CollectionAccountResource } from '@/lib/api/collection-responses';
import { AccountCards } from '../account-cards';

/**
 * Where the merchant's customers pay (its collection accounts, as the operator configured them):
 * the coordinates payers use and whether a bank feed reports the account's credits.
 */
export function CollectionAccounts({ accounts }: { accounts: readonly CollectionAccountResource[] }) {
  return (
    <AccountCards
      namespace="console.collection.accounts"
      testId="collection-account"
      emptyTestId="collection-accounts-empty"
      feedTestId="collection-account-feed"
      accounts={accounts.map((account) => ({
        id: account.id,
        accountName: account.accountName,
        type: account.type,
        currency: account.currencyCode,
        coordinates: account.coordinates,
        feeds: [account.feed.apiKey && 'feedApiKey', account.feed.webhookSignature && 'feedSignature'],
      }))}
    />
  );
}
