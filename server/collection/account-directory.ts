import 'server-only';
import { hashSecret } from '../merchants/secret-hash';
import { timingSafeEqual } from 'node:crypto';
import type { MerchantDirectory } from '../merchants';
import type { CollectionAccountDirectory } from './feed-auth';

/**
 * Collection accounts through the merchant directory: a feed API key is found by its keyed hash,
 * compared in constant time with every account's (there are few accounts, and a key names one).
 */
export function collectionAccountDirectory(
  merchants: MerchantDirectory,
  pepper: Buffer,
): CollectionAccountDirectory {
  return {
    async byFeedApiKey(apiKey) {
      const presented = hashSecret(pepper, apiKey);
      let found: Awaited<ReturnType<CollectionAccountDirectory['byFeedApiKey']>>;
      for (const merchant of merchants.list())
        for (const account of merchant.collectionAccounts ?? []) {
          const stored = account.feed?.apiKeyHash;
          if (stored === undefined) continue;
          const hash = Buffer.from(stored, 'hex');
          if (hash.length === presented.length && timingSafeEqual(hash, presented))
            found = { merchant, account };
        }
      return found;
    },
    async byId(merchantCode, accountId) {
      const merchant = await merchants.find(merchantCode);
      const account = merchant?.collectionAccounts?.find((candidate) => candidate.id === accountId);
      return merchant && account && { merchant, account };
    },
  };
}
