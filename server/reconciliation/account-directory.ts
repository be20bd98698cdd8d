import 'server-only';
import type { MerchantDirectory } from '../merchants';
import { findCollectionAccount } from '../accounts';
import type { CollectionAccountDirectory } from './feed-auth';

/** Collection accounts through the merchant directory (a feed API key is found by its keyed hash). */
export function collectionAccountDirectory(merchants: MerchantDirectory): CollectionAccountDirectory {
  return {
    byFeedApiKey: (apiKey) => merchants.findByFeedApiKey(apiKey),
    async byId(merchantCode, accountId) {
      const merchant = await merchants.find(merchantCode);
      const account = merchant && findCollectionAccount(merchant, accountId);
      return merchant && account && { merchant, account };
    },
  };
}
