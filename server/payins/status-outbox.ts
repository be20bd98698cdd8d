import 'server-only';
import type { Transaction } from 'kysely';
import type { Database } from '../db';
import type { Payin, PayinStatus } from './payin';

/**
 * Receives every status change inside the transaction that makes it, so whatever it writes (the
 * callback outbox row) commits or rolls back together with the change (transactional outbox).
 */
export interface StatusChangeOutbox {
  record(tx: Transaction<Database>, change: StatusChange): Promise<void>;
}

export interface StatusChange {
  payin: Payin;
  previous: PayinStatus;
  at: Date;
  /** Who caused the change when a person did (an operator linking a payment to the payin). */
  actor?: string;
}
