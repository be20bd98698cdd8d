import 'server-only';
import type { z } from 'zod';
import {
  collectionAccountsResponseSchema,
  collectionTransactionPageSchema,
  collectionTransactionSchema,
  type CollectionAccountsResource,
  type CollectionTransactionPage,
  type CollectionTransactionResource,
} from '@/lib/api/collection-responses';
import {
  balancesResponseSchema,
  balanceTransactionsResponseSchema,
  payoutPageSchema,
  payoutResponseSchema,
  type BalancesResource,
  type BalanceTransactionsResource,
  type PayoutPage,
  type PayoutResource,
} from '@/lib/api/payout-responses';
import type { ApiReply, ConsoleApi } from './console-api';

export type Loaded<T> = { data: T } | { failure: ApiReply };

/**
 * One read of the public API for a console page, parsed at the edge: the API's refusal as it came,
 * or an answer of another shape as the API's fault (502), never handed to the page unchecked.
 */
async function load<S extends z.ZodType>(
  api: ConsoleApi,
  path: string,
  schema: S,
): Promise<Loaded<z.infer<S>>> {
  const reply = await api.call('GET', path);
  if (reply.status !== 200) return { failure: reply };
  const parsed = schema.safeParse(reply.body);
  return parsed.success
    ? { data: parsed.data }
    : { failure: { status: 502, body: { detail: 'The payin API answered in an unexpected shape.' } } };
}

/** GET /balances: the merchant's balance in every currency it has one in. */
export function loadBalances(api: ConsoleApi): Promise<Loaded<BalancesResource>> {
  return load(api, '/balances', balancesResponseSchema);
}

/** GET /balance-transactions with a query of lib/console/ledger.ts `ledgerQuery`. */
export function loadTransfers(api: ConsoleApi, query: string): Promise<Loaded<BalanceTransactionsResource>> {
  return load(api, `/balance-transactions?${query}`, balanceTransactionsResponseSchema);
}

/** GET /payouts with a query of lib/console/payouts.ts `payoutListQuery`. */
export function loadPayouts(api: ConsoleApi, query: string): Promise<Loaded<PayoutPage>> {
  return load(api, `/payouts?${query}`, payoutPageSchema);
}

export function loadPayout(api: ConsoleApi, idPayout: string): Promise<Loaded<PayoutResource>> {
  return load(api, `/payouts/${encodeURIComponent(idPayout)}`, payoutResponseSchema);
}

/** GET /collection/accounts: where the merchant's customers pay, without feed secrets. */
export function loadCollectionAccounts(api: ConsoleApi): Promise<Loaded<CollectionAccountsResource>> {
  return load(api, '/collection/accounts', collectionAccountsResponseSchema);
}

/** GET /collection/transactions with a query of lib/console/collection.ts `collectionListQuery`. */
export function loadCollectionTransactions(
  api: ConsoleApi,
  query: string,
): Promise<Loaded<CollectionTransactionPage>> {
  return load(api, `/collection/transactions?${query}`, collectionTransactionPageSchema);
}

export function loadCollectionTransaction(
  api: ConsoleApi,
  id: string,
): Promise<Loaded<CollectionTransactionResource>> {
  return load(api, `/collection/transactions/${encodeURIComponent(id)}`, collectionTransactionSchema);
}
