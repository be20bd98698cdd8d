import 'server-only';
import type { Transaction } from 'kysely';
import type { Database } from '../db';
import type { CompletionKind, MethodCode } from '@/lib/methods';
import type { Merchant } from '../merchants';
import type { CustomerData, Payin, PayinStatus } from './payin';

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

/** What a payin about to be stored will be, for a listener deciding whether to hear of it. */
export interface PayinDraft {
  merchant: Merchant;
  method: MethodCode;
  completion: CompletionKind;
  customer: CustomerData;
}

/**
 * Hears of a payin's creation inside the transaction that stores it (the customer e-mail outbox).
 * `wants` decides before the insert, from the draft, so a create nobody listens to stays one
 * statement rather than a transaction.
 */
export interface CreationOutbox {
  wants(draft: PayinDraft): boolean;
  record(tx: Transaction<Database>, payin: Payin): Promise<void>;
}
