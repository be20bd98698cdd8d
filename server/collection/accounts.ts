import 'server-only';
import type { Merchant } from '../merchants/merchant';
import type { CollectionAccount } from './collection-account';

/** The merchant's collection account with this id (ids are unique per merchant). */
export function findCollectionAccount(merchant: Merchant, accountId: string): CollectionAccount | undefined {
  return merchant.collectionAccounts.find((account) => account.id === accountId);
}
