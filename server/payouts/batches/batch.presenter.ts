import 'server-only';
import type { PayoutBatchResource, PayoutBatchStatus } from '@/lib/api/payout-batch-responses';
import { toApiMoney } from '@/lib/money';
import type { BatchItem } from './batch-source';
import type { PayoutBatch } from './payout-batch';

function statusOf(batch: PayoutBatch, pending: number): PayoutBatchStatus {
  return batch.status === 'DOWNLOADED' && pending === 0 ? 'COMPLETED' : batch.status;
}

/** A batch without its payouts and refunds (lists), with the counts and where its file is. */
export function presentPayoutBatchSummary(batch: PayoutBatch, pending: number) {
  return {
    idBatch: batch.idBatch,
    accountId: batch.accountId,
    format: batch.format,
    status: statusOf(batch, pending),
    money: toApiMoney(batch.total),
    payoutCount: batch.payoutCount,
    refundCount: batch.refundCount,
    pendingCount: batch.status === 'CANCELLED' ? 0 : pending,
    executionDate: batch.executionDate,
    createdAt: batch.createdAt.toISOString(),
    ...(batch.downloadedAt && { downloadedAt: batch.downloadedAt.toISOString() }),
    ...(batch.cancelledAt && { cancelledAt: batch.cancelledAt.toISOString() }),
    ...(batch.status !== 'CANCELLED' && {
      fileUrl: `/api/payout-batches/${batch.idBatch}/pain.001`,
    }),
  };
}

/** How an item of either kind stands, as both lists show it. */
function outcomeOf(item: BatchItem) {
  return {
    endToEndId: item.endToEndId,
    money: toApiMoney(item.money),
    status: item.status,
    ...(item.processorStatus !== undefined && { processorStatus: item.processorStatus }),
  };
}

/** GET /payout-batches/{idBatch}: the batch, its payouts and its refunds (decision 042) in file order. */
export function presentPayoutBatch(view: {
  batch: PayoutBatch;
  items: readonly BatchItem[];
  pending: number;
}): PayoutBatchResource {
  return {
    ...presentPayoutBatchSummary(view.batch, view.pending),
    payouts: view.items.flatMap((item) =>
      item.kind === 'PAYOUT' ? [{ idPayout: item.ownId, ...outcomeOf(item) }] : [],
    ),
    refunds: view.items.flatMap((item) =>
      item.kind === 'REFUND' ? [{ idRefund: item.ownId, idPayin: item.idPayin, ...outcomeOf(item) }] : [],
    ),
  };
}
