import type { BalanceTransactionsResource } from '../api/payout-responses';
import { collectionTransactionHref } from './collection';

/** A transfer of GET /balance-transactions: balanced entries posted together (docs/decisions/027). */
export type LedgerTransfer = BalanceTransactionsResource['data'][number];
type ApiMoney = LedgerTransfer['entries'][number]['money'];

/** The accounts the API names, the merchant's first: the order of the console's entry tables. */
export const LEDGER_ACCOUNTS = [
  'merchant.available',
  'merchant.pending',
  'merchant.reserved',
  'merchant.unapplied',
  'operator.cash',
  'operator.fees',
  'operator.vat',
] as const;

/** One row of a transfer's entry table: the account and its amount in the debit or credit column. */
export interface LedgerLine {
  account: string;
  debit: ApiMoney | undefined;
  credit: ApiMoney | undefined;
}

const rank = (account: string) => {
  const index = (LEDGER_ACCOUNTS as readonly string[]).indexOf(account);
  return index < 0 ? LEDGER_ACCOUNTS.length : index;
};

/**
 * A transfer's entries as the console's table shows them: the merchant's accounts first, then the
 * operator's (an account the console does not know last), entries of one account in the API's order.
 */
export function ledgerLines(transfer: Pick<LedgerTransfer, 'entries'>): LedgerLine[] {
  return transfer.entries
    .map((entry, index) => ({ entry, index }))
    .sort((a, b) => rank(a.entry.account) - rank(b.entry.account) || a.index - b.index)
    .map(({ entry }) => ({
      account: entry.account,
      debit: entry.direction === 'DEBIT' ? entry.money : undefined,
      credit: entry.direction === 'CREDIT' ? entry.money : undefined,
    }));
}

/** What a transfer was for: the console page of its payin, payout or incoming collection transaction. */
export type TransferSubject = {
  kind: 'payin' | 'payout' | 'refund' | 'collection';
  id: string;
  href: string;
};

export function transferSubject(
  transfer: Pick<LedgerTransfer, 'idPayin' | 'idPayout' | 'idRefund' | 'idCollectionTransaction'>,
): TransferSubject | undefined {
  // A refund's transfers name its payin too: the refund is what they are for, shown on the payin's page.
  if (transfer.idRefund !== undefined && transfer.idPayin !== undefined)
    return {
      kind: 'refund',
      id: transfer.idRefund,
      href: `/console/payments/${encodeURIComponent(transfer.idPayin)}#refunds-heading`,
    };
  if (transfer.idPayout !== undefined)
    return {
      kind: 'payout',
      id: transfer.idPayout,
      href: `/console/payouts/${encodeURIComponent(transfer.idPayout)}`,
    };
  if (transfer.idPayin !== undefined)
    return {
      kind: 'payin',
      id: transfer.idPayin,
      href: `/console/payments/${encodeURIComponent(transfer.idPayin)}`,
    };
  // COLLECTION_RECEIPT and COLLECTION_REFUND: money at a collection account that no payin holds.
  if (transfer.idCollectionTransaction !== undefined)
    return {
      kind: 'collection',
      id: transfer.idCollectionTransaction,
      href: collectionTransactionHref(transfer.idCollectionTransaction),
    };
  return undefined;
}

export const LEDGER_PAGE_SIZE = 20;

/** The query of GET /balance-transactions: a page of the merchant's transfers, or one payin's or payout's. */
export function ledgerQuery(
  filter: { idPayin?: string; idPayout?: string; cursor?: string | undefined },
  limit = LEDGER_PAGE_SIZE,
): string {
  const query = new URLSearchParams({ limit: String(limit) });
  if (filter.idPayin !== undefined) query.set('idPayin', filter.idPayin);
  if (filter.idPayout !== undefined) query.set('idPayout', filter.idPayout);
  if (filter.cursor !== undefined) query.set('cursor', filter.cursor);
  return query.toString();
}

/** A page's cursor from its query, if it looks like one the API gave (never passed on otherwise). */
export function pageCursorOf(query: Record<string, string | string[] | undefined>): string | undefined {
  const value = query.cursor;
  return typeof value === 'string' && /^[A-Za-z0-9_-]{1,512}$/.test(value) ? value : undefined;
}
