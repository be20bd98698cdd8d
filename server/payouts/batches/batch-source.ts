import 'server-only';
import type { Transaction } from 'kysely';
import type { Money } from '@/lib/money';
import type { FinalStatus } from '@/lib/payins/statuses';
import type { Database, Db } from '../../db';
import type { PayoutStatus } from '../payout';

/** What a batch carries: payouts, and refunds (docs/decisions/042), one credit transfer each. */
export const BATCH_ITEM_KINDS = ['PAYOUT', 'REFUND'] as const;
export type BatchItemKind = (typeof BATCH_ITEM_KINDS)[number];

/** One credit transfer of a batch, as its owner (payouts, refunds) describes it to the batch module. */
export type BatchItem = BatchItemFields &
  ({ kind: 'PAYOUT' } | { kind: 'REFUND'; /** The payin it gives back. */ idPayin: string });

interface BatchItemFields {
  kind: BatchItemKind;
  /** The internal id in its owner's table. */
  id: bigint;
  /** The merchant's id of it: the idPayout, or the idRefund. */
  ownId: string;
  /** What the file and the bank name it by (Max35Text), unique per account across every source. */
  endToEndId: string;
  money: Money;
  status: PayoutStatus;
  processorStatus: string | undefined;
  /** Who receives it: a bank account, as the destination rules validated it. */
  creditor: {
    name: string | undefined;
    accountNumber: string;
    bankCode: string | undefined;
    bankName: string | undefined;
  };
  /** RmtInf/Ustrd: what the payee reads on their statement. */
  remittance: string;
  createdAt: Date;
  /** The batch holding it (undefined: waiting in the queue, or never queued). */
  batchId: bigint | undefined;
}

/**
 * A kind of money out that leaves by bank file (the port between the batch module and the modules
 * above it, decision 042): payouts implement it here, refunds in server/refunds, and the runtime
 * hands both to PayoutBatchService. Queue functions run in the batch's transaction.
 */
export interface BatchSource {
  readonly kind: BatchItemKind;
  /**
   * The account's items waiting for a batch, oldest first, locked for the transaction; rows another
   * cut holds are skipped, so two cuts at once never share an item.
   */
  lockQueued(
    tx: Transaction<Database>,
    input: { merchantCode: string; accountId: string; limit: number },
  ): Promise<BatchItem[]>;
  /** Puts these items (locked by lockQueued) in the batch. */
  attach(tx: Transaction<Database>, batchId: bigint, ids: readonly bigint[]): Promise<void>;
  /** A cancelled batch's items go back to the queue. */
  detach(tx: Transaction<Database>, batchId: bigint): Promise<void>;
  /** The batch's items, in file order (its own ids ascending). */
  itemsOf(db: Db, batchId: bigint): Promise<BatchItem[]>;
  /** How many items of each batch are still pending. */
  pendingCounts(db: Db, batchIds: readonly bigint[]): Promise<Map<bigint, number>>;
  /** The account's items with these EndToEndIds. */
  findByEndToEnd(
    db: Db,
    input: { merchantCode: string; accountId: string; endToEndIds: readonly string[] },
  ): Promise<Map<string, BatchItem>>;
  /**
   * Ends a pending item as the bank reported it, in its owner's transaction (the owner locks it,
   * posts its ledger transfer and records its callback): SUCCESS debits, REFUSED releases.
   * Undefined when it had ended already (another import of the same report won).
   */
  settle(
    item: BatchItem,
    outcome: { status: FinalStatus; processorStatus: string },
  ): Promise<BatchItem | undefined>;
  /**
   * A paid item whose money the bank reports back later (docs/decisions/044): REFUSED after all,
   * its debit undone, in its owner's transaction. Undefined when it was not paid (any more).
   */
  returnPaid(item: BatchItem, processorStatus: string): Promise<BatchItem | undefined>;
}
