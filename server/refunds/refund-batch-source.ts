import 'server-only';
import { AppError } from '../errors';
import type { BatchItem, BatchSource } from '../payouts';
import { refundRemittanceOf, type Refund } from './refund';
import {
  attachRefunds,
  detachRefunds,
  lockQueuedRefunds,
  pendingRefundCounts,
  refundsByEndToEnd,
  refundsOfBatch,
} from './refund.repository';
import type { RefundService } from './refund.service';

/**
 * A live refund by file as a batch carries it (docs/decisions/042). Only refunds that know their
 * bank account are queued, so a queued refund always has its destination.
 */
export function refundItem(refund: Refund): BatchItem {
  const destination = refund.destination;
  return {
    kind: 'REFUND',
    id: refund.id,
    ownId: refund.idRefund,
    idPayin: refund.idPayin,
    endToEndId: refund.byFile?.endToEndId ?? refund.idRefund,
    money: refund.money,
    status: refund.status,
    processorStatus: refund.processorStatus,
    creditor: {
      name: destination?.account.accountName,
      accountNumber: destination?.account.accountNumber ?? '',
      bankCode: destination?.account.bankCode,
      bankName: destination?.operator?.name,
    },
    remittance: refundRemittanceOf(refund),
    createdAt: refund.createdAt,
    batchId: refund.byFile?.batchId,
  };
}

/**
 * Live refunds to bank accounts as a batch source: they wait at the account paying their currency
 * and leave in the same batches as payouts; the bank's report ends them through RefundService.finish
 * (the ledger's REFUND_DEBIT or REFUND_RELEASE and the refund.status_changed callback, as a sandbox
 * outcome does).
 */
export class RefundBatchSource implements BatchSource {
  readonly kind = 'REFUND' as const;

  constructor(private readonly refunds: RefundService) {}

  async lockQueued(...args: Parameters<BatchSource['lockQueued']>): Promise<BatchItem[]> {
    return (await lockQueuedRefunds(...args)).map(refundItem);
  }

  attach(...args: Parameters<BatchSource['attach']>): Promise<void> {
    return attachRefunds(...args);
  }

  detach(...args: Parameters<BatchSource['detach']>): Promise<void> {
    return detachRefunds(...args);
  }

  async itemsOf(...args: Parameters<BatchSource['itemsOf']>): Promise<BatchItem[]> {
    return (await refundsOfBatch(...args)).map(refundItem);
  }

  pendingCounts(...args: Parameters<BatchSource['pendingCounts']>): Promise<Map<bigint, number>> {
    return pendingRefundCounts(...args);
  }

  async findByEndToEnd(...args: Parameters<BatchSource['findByEndToEnd']>): Promise<Map<string, BatchItem>> {
    const items = (await refundsByEndToEnd(...args)).map(refundItem);
    return new Map(items.map((item) => [item.endToEndId, item]));
  }

  async settle(...[item, outcome]: Parameters<BatchSource['settle']>): Promise<BatchItem | undefined> {
    try {
      const refund = await this.refunds.finish({ id: item.id, idRefund: item.ownId }, outcome.status, {
        processorStatus: outcome.processorStatus,
      });
      return refundItem(refund);
    } catch (error) {
      // The same report imported twice at once: the other import ended it first.
      if (error instanceof AppError && error.code === 'REFUND_FINAL') return undefined;
      throw error;
    }
  }

  async returnPaid(
    ...[item, processorStatus]: Parameters<BatchSource['returnPaid']>
  ): Promise<BatchItem | undefined> {
    const refund = await this.refunds.returnPaid({ id: item.id, idRefund: item.ownId }, processorStatus);
    return refund && refundItem(refund);
  }
}
