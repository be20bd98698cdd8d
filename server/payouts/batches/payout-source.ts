import 'server-only';
import type { Kysely } from 'kysely';
import type { Database } from '../../db';
import { AppError } from '../../errors';
import type { Payout } from '../payout';
import { findPayoutById } from '../payout.repository';
import type { PayoutService } from '../payout.service';
import {
  attachPayouts,
  detachPayouts,
  lockQueuedPayouts,
  payoutsByEndToEnd,
  payoutsOfBatch,
  pendingPayoutCounts,
} from './batch.repository';
import type { BatchItem, BatchSource } from './batch-source';

/** A live payout by file as a batch carries it: to its bank account, its reference as remittance. */
export function payoutItem(payout: Payout): BatchItem {
  const { account, operator } = payout.destination;
  return {
    kind: 'PAYOUT',
    id: payout.id,
    ownId: payout.idPayout,
    endToEndId: payout.byFile?.endToEndId ?? payout.idPayout,
    money: payout.money,
    status: payout.status,
    processorStatus: payout.processorStatus,
    creditor: {
      name: account.accountName,
      accountNumber: account.accountNumber,
      bankCode: account.bankCode,
      bankName: operator?.name,
    },
    remittance: payout.reference,
    createdAt: payout.createdAt,
    batchId: payout.byFile?.batchId,
  };
}

/** Live bank payouts as a batch source (docs/decisions/038, 042). */
export class PayoutBatchSource implements BatchSource {
  readonly kind = 'PAYOUT' as const;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly payouts: PayoutService,
  ) {}

  async lockQueued(...args: Parameters<BatchSource['lockQueued']>): Promise<BatchItem[]> {
    return (await lockQueuedPayouts(...args)).map(payoutItem);
  }

  attach(...args: Parameters<BatchSource['attach']>): Promise<void> {
    return attachPayouts(...args);
  }

  detach(...args: Parameters<BatchSource['detach']>): Promise<void> {
    return detachPayouts(...args);
  }

  async itemsOf(...args: Parameters<BatchSource['itemsOf']>): Promise<BatchItem[]> {
    return (await payoutsOfBatch(...args)).map(payoutItem);
  }

  pendingCounts(...args: Parameters<BatchSource['pendingCounts']>): Promise<Map<bigint, number>> {
    return pendingPayoutCounts(...args);
  }

  async findByEndToEnd(...args: Parameters<BatchSource['findByEndToEnd']>): Promise<Map<string, BatchItem>> {
    const items = (await payoutsByEndToEnd(...args)).map(payoutItem);
    return new Map(items.map((item) => [item.endToEndId, item]));
  }

  async settle(...[item, outcome]: Parameters<BatchSource['settle']>): Promise<BatchItem | undefined> {
    const payout = await findPayoutById(this.db, item.id);
    if (!payout) throw new AppError('PAYOUT_NOT_FOUND', `No payout ${item.ownId} any more.`);
    try {
      return payoutItem(
        await this.payouts.finish(payout, outcome.status, { processorStatus: outcome.processorStatus }),
      );
    } catch (error) {
      // The same report imported twice at once: the other import ended it first.
      if (error instanceof AppError && error.code === 'PAYOUT_FINAL') return undefined;
      throw error;
    }
  }

  async returnPaid(
    ...[item, processorStatus]: Parameters<BatchSource['returnPaid']>
  ): Promise<BatchItem | undefined> {
    const payout = await this.payouts.returnPaid({ id: item.id, idPayout: item.ownId }, processorStatus);
    return payout && payoutItem(payout);
  }
}
