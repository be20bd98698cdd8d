import 'server-only';
import type { PayoutBatchResource, PayoutBatchStatus } from '@/lib/api/payout-batch-responses';
import { toApiMoney } from '@/lib/money';
import type { Payout } from '../payout';
import type { PayoutBatch } from './payout-batch';

function statusOf(batch: PayoutBatch, pending: number): PayoutBatchStatus {
  return batch.status === 'DOWNLOADED' && pending === 0 ? 'COMPLETED' : batch.status;
}

/** A batch without its payouts (lists), with the counts and where its file is. */
export function presentPayoutBatchSummary(batch: PayoutBatch, pending: number) {
  return {
    idBatch: batch.idBatch,
    accountId: batch.accountId,
    format: batch.format,
    status: statusOf(batch, pending),
    money: toApiMoney(batch.total),
    payoutCount: batch.payoutCount,
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

/** GET /payout-batches/{idBatch}: the batch and its payouts in file order. */
export function presentPayoutBatch(view: {
  batch: PayoutBatch;
  payouts: readonly Payout[];
  pending: number;
}): PayoutBatchResource {
  return {
    ...presentPayoutBatchSummary(view.batch, view.pending),
    payouts: view.payouts.map((payout) => ({
      idPayout: payout.idPayout,
      endToEndId: payout.byFile?.endToEndId ?? payout.idPayout,
      money: toApiMoney(payout.money),
      status: payout.status,
      ...(payout.processorStatus !== undefined && { processorStatus: payout.processorStatus }),
    })),
  };
}
