import 'server-only';
import type { CollectionAccount } from './collection-account';

/** A collection account without its feed's secrets: what payers see of it and how its feed signs in. */
export function presentCollectionAccount(account: CollectionAccount) {
  const { id, type, currency, accountName, feed, ...coordinates } = account;
  return {
    id,
    type,
    currencyCode: currency,
    accountName,
    coordinates,
    feed: { apiKey: feed?.apiKeyHash !== undefined, webhookSignature: feed?.webhookSecret !== undefined },
  };
}
