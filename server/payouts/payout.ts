import 'server-only';
import type { Transaction } from 'kysely';
import type { PayoutStatus } from '@/lib/api/payout-responses';
import type { Money } from '@/lib/money';
import type { PayoutMethodCode } from '@/lib/payouts/methods';
import type { Database } from '../db';
import type { PayoutDestination } from './destinations';
import type { FinalStatus } from '@/lib/payins/statuses';

export type { PayoutStatus } from '@/lib/api/payout-responses';

export interface Payout {
  id: bigint;
  merchantCode: string;
  idPayout: string;
  status: PayoutStatus;
  processorStatus: string | undefined;
  method: PayoutMethodCode;
  money: Money;
  fee: Money;
  vat: Money | undefined;
  isTest: boolean;
  callbackUrl: string;
  /** Where the money goes, as validated and normalised at creation (its operator included). */
  destination: PayoutDestination;
  reference: string;
  createdAt: Date;
  processedAt: Date | undefined;
  /** A paid payout whose money came back later (docs/decisions/044): REFUSED since, processedAt when paid. */
  returnedAt: Date | undefined;
  updatedAt: Date;
  /** A live payout by file (decision 038): the collection account paying it and the file's EndToEndId. */
  byFile: { accountId: string; endToEndId: string; batchId: bigint | undefined } | undefined;
}

/** ISO 20022 Max35Text: an EndToEndId longer than this is cut by banks, so such a payout goes by its reference. */
export const END_TO_END_ID_MAX = 35;

/** The EndToEndId a payout carries in its file: its idPayout when it fits, else its reference. */
export function endToEndIdOf(idPayout: string, reference: string): string {
  return idPayout.length <= END_TO_END_ID_MAX ? idPayout : reference;
}

/** The processor statuses a payout's final status carries by default. */
export const DEFAULT_PROCESSOR_STATUS: Record<FinalStatus, string> = {
  SUCCESS: 'APPROVED',
  REFUSED: 'DECLINED',
};

/**
 * Receives every payout status change inside the transaction that makes it, so what it writes (the
 * callback outbox row, server/callbacks) commits or rolls back with the change.
 */
export interface PayoutStatusOutbox {
  recordPayout(
    tx: Transaction<Database>,
    change: { payout: Pick<Payout, 'id' | 'idPayout' | 'merchantCode' | 'callbackUrl'>; at: Date },
  ): Promise<void>;
}
