import 'server-only';
import { Webhook } from 'standardwebhooks';
import { AppError } from '../errors';
import type { Merchant } from '../merchants';
import type { CollectionAccount } from '../accounts';

/** Finds collection accounts for the bank-feed endpoint (the merchant directory implements it). */
export interface CollectionAccountDirectory {
  /** The account whose feed API key this is (keys are unique across merchants). */
  byFeedApiKey(apiKey: string): Promise<{ merchant: Merchant; account: CollectionAccount } | undefined>;
  byId(
    merchantCode: string,
    accountId: string,
  ): Promise<{ merchant: Merchant; account: CollectionAccount } | undefined>;
}

const REFUSED = 'The bank feed could not be authenticated for a collection account.';

/**
 * Who a bank-feed delivery is from: an API key (`Authorization: Apikey <key>`, as SePay sends it,
 * or `Bearer <key>`) names its account; a Standard Webhooks signature (webhook-id,
 * webhook-timestamp, webhook-signature; five minutes' tolerance) is checked with the secret of
 * the account the query names (?merchant=&account=). Every failure is the same 401, so a prober
 * learns nothing about which accounts exist.
 */
export async function authenticateFeed(
  directory: CollectionAccountDirectory,
  request: {
    headers: Headers;
    body: string;
    merchantCode: string | undefined;
    accountId: string | undefined;
  },
): Promise<{ merchant: Merchant; account: CollectionAccount }> {
  const authorization = request.headers.get('authorization')?.trim();
  const key = /^(?:apikey|bearer)\s+(\S{1,256})$/i.exec(authorization ?? '')?.[1];
  if (key !== undefined) {
    const found = await directory.byFeedApiKey(key);
    if (!found) throw new AppError('INVALID_CREDENTIALS', REFUSED);
    const named = request.accountId !== undefined || request.merchantCode !== undefined;
    if (named && (found.account.id !== request.accountId || found.merchant.code !== request.merchantCode))
      throw new AppError('INVALID_CREDENTIALS', REFUSED);
    return found;
  }
  if (request.headers.has('webhook-signature')) {
    if (request.merchantCode === undefined || request.accountId === undefined)
      throw new AppError(
        'AUTHENTICATION_REQUIRED',
        'A signed delivery names its account: ?merchant=<code>&account=<id>.',
      );
    const found = await directory.byId(request.merchantCode, request.accountId);
    const secret = found?.account.feed?.webhookSecret;
    if (!found || secret === undefined) throw new AppError('INVALID_CREDENTIALS', REFUSED);
    try {
      new Webhook(secret).verify(request.body, {
        'webhook-id': request.headers.get('webhook-id') ?? '',
        'webhook-timestamp': request.headers.get('webhook-timestamp') ?? '',
        'webhook-signature': request.headers.get('webhook-signature') ?? '',
      });
    } catch {
      throw new AppError('INVALID_CREDENTIALS', REFUSED);
    }
    return found;
  }
  throw new AppError(
    'AUTHENTICATION_REQUIRED',
    "Authenticate with the collection account's feed API key (Authorization: Apikey <key>) or a Standard Webhooks signature.",
  );
}
