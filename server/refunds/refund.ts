import 'server-only';
import type { Transaction } from 'kysely';
import type { RefundDestinationSource, RefundStatus } from '@/lib/api/refund-responses';
import type { Money } from '@/lib/money';
import type { Database } from '../db';
import type { PayoutDestination } from '../payouts';

export type { RefundDestinationSource, RefundStatus } from '@/lib/api/refund-responses';

/** Money back to the payer of a successful payin (docs/decisions/036-refunds.md). */
export interface Refund {
  id: bigint;
  merchantCode: string;
  payinId: bigint;
  idPayin: string;
  idRefund: string;
  status: RefundStatus;
  processorStatus: string | undefined;
  money: Money;
  fee: Money;
  vat: Money | undefined;
  isTest: boolean;
  reason: string | undefined;
  callbackUrl: string;
  /** Where the money goes, validated by the payout rules; undefined while the claim waits. */
  destination: PayoutDestination | undefined;
  destinationSource: RefundDestinationSource | undefined;
  /** Set when the payer is asked where to receive it (a claim link). */
  claimExpiresAt: Date | undefined;
  claimedAt: Date | undefined;
  actor: string | undefined;
  reference: string;
  createdAt: Date;
  processedAt: Date | undefined;
  updatedAt: Date;
}

/** Whether the payer can still say where the money goes. */
export function claimIsOpen(refund: Refund, now: Date): boolean {
  return (
    refund.status === 'PENDING' &&
    refund.destination === undefined &&
    refund.claimExpiresAt !== undefined &&
    now < refund.claimExpiresAt
  );
}

/**
 * Receives every refund status change inside the transaction that makes it, so the callback outbox
 * row (server/callbacks) commits or rolls back with the change.
 */
export interface RefundStatusOutbox {
  recordRefund(
    tx: Transaction<Database>,
    change: {
      refund: Pick<Refund, 'id' | 'idRefund' | 'payinId' | 'idPayin' | 'merchantCode' | 'callbackUrl'>;
      at: Date;
    },
  ): Promise<void>;
}

/**
 * Runs in the transaction that gives a refund its destination (at creation, or when the payer
 * claims it): the sandbox schedules a test refund's outcome here.
 */
export interface RefundPlanner {
  plan(tx: Transaction<Database>, refund: Refund, at: Date): Promise<void>;
}
