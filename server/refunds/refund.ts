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
  /** A paid refund whose money came back later (docs/decisions/044): REFUSED since, processedAt when paid. */
  returnedAt: Date | undefined;
  updatedAt: Date;
  /**
   * A live refund by file (docs/decisions/042): the collection account paying it, the file's
   * EndToEndId, and its batch while one holds it.
   */
  byFile: { accountId: string; endToEndId: string; batchId: bigint | undefined } | undefined;
}

/** What a refund's EndToEndId starts with: a "/" no payout's EndToEndId can hold (decision 042). */
export const REFUND_END_TO_END_PREFIX = 'R/';

// The SWIFT character set (a-z A-Z 0-9 / - ? : ( ) . , ' + space) every bank's portal takes; an
// idRefund may also hold _ ~ = (lib/schemas/primitives.ts).
const SWIFT_TEXT = /^[A-Za-z0-9/\-?:().,'+ ]+$/;

/**
 * The EndToEndId a live refund carries in its file (ISO 20022 Max35Text): "R/" and its idRefund
 * when that fits in 35 characters of the SWIFT set, else "RF/" and its reference. Payouts' EndToEndIds
 * (an idPayout or a reference) never hold a "/", so an account's EndToEndIds are unique across
 * payouts and refunds by construction, and "R/…" and "RF/…" never meet (decision 042).
 */
export function refundEndToEndIdOf(idRefund: string, reference: string): string {
  const byId = `${REFUND_END_TO_END_PREFIX}${idRefund}`;
  return byId.length <= 35 && SWIFT_TEXT.test(idRefund) ? byId : `RF/${reference}`;
}

/** What the payee's bank shows them (RmtInf/Ustrd, clipped to 140 by the file): the payin and why. */
export function refundRemittanceOf(refund: Pick<Refund, 'idPayin' | 'reason'>): string {
  return `Refund ${refund.idPayin}${refund.reason !== undefined ? `: ${refund.reason}` : ''}`;
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
      refund: Pick<
        Refund,
        'id' | 'idRefund' | 'payinId' | 'idPayin' | 'merchantCode' | 'callbackUrl' | 'status' | 'returnedAt'
      >;
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
