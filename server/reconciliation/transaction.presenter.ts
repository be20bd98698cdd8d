import 'server-only';
import type { CollectionTransactionResource } from '@/lib/api/collection-responses';
import { moneyOf, toApiMoney } from '@/lib/money';
import { needsReview, type CollectionTransaction } from './transaction.repository';

/** An incoming transaction as the API shows it. */
export function presentCollectionTransaction(
  transaction: CollectionTransaction,
): CollectionTransactionResource {
  const money = (minor: bigint) => toApiMoney(moneyOf(transaction.currency, minor));
  const unapplied =
    transaction.resolution === 'REFUNDED' ? 0n : transaction.amountMinor - transaction.appliedMinor;
  return {
    id: transaction.id.toString(),
    accountId: transaction.accountId,
    bankTransactionId: transaction.bankTransactionId,
    money: money(transaction.amountMinor),
    bookedAt: transaction.bookedAt.toISOString(),
    receivedAt: transaction.receivedAt.toISOString(),
    note: transaction.note,
    ...(transaction.payer && { payer: transaction.payer }),
    ...(transaction.toAddress !== undefined && { to: transaction.toAddress }),
    source: transaction.source,
    outcome: transaction.outcome,
    ...(transaction.matchedBy && { matchedBy: transaction.matchedBy }),
    ...(transaction.idPayin !== undefined && { idPayin: transaction.idPayin }),
    applied: money(transaction.appliedMinor),
    unapplied: money(unapplied),
    needsReview: needsReview(transaction),
    ...(transaction.resolution &&
      transaction.resolvedBy !== undefined &&
      transaction.resolvedAt && {
        resolution: {
          kind: transaction.resolution,
          by: transaction.resolvedBy,
          at: transaction.resolvedAt.toISOString(),
          ...(transaction.resolutionNote !== undefined && { note: transaction.resolutionNote }),
        },
      }),
    raw: transaction.raw,
  };
}
