import 'server-only';
import type { Kysely, Transaction } from 'kysely';
import { MAX_MINOR, type Money } from '@/lib/money';
import type { Database } from '../db';
import { AppError } from '../errors';
import { requireAdapter } from '../methods';
import { amountToPay, type Payin } from './payin';
import { addReceivedLate, lockPayin, updatePayinStatus, updateReceived } from './payin.repository';
import { assertTransition, expiryEvent, isFinal, paymentEvent, type PayinEvent } from './payin.state-machine';
import type { StatusChangeOutbox } from './status-outbox';

// Every change of a payin after its creation: one transaction on its locked row, decided by the
// state machine, with the callback outbox row of a status change (docs/decisions/014, 021).

export interface ChangeOptions {
  /**
   * Runs first in the change's transaction, with the payin's row locked; the change happens only
   * when it returns true, else the payin is returned as it is. A worker claims the scheduled work
   * that carries the change with it, so the change is applied exactly once.
   */
  claim?: (tx: Transaction<Database>) => Promise<boolean>;
  /**
   * Runs last in the change's transaction with the payin before and after the change: what the
   * caller records about the change commits with it (reconciliation's outcome of a transaction).
   */
  after?: (tx: Transaction<Database>, change: { before: Payin; after: Payin }) => Promise<void>;
  /** Who causes the change when a person does; the status change's listeners record it. */
  actor?: string;
}

export interface TransitionOptions extends ChangeOptions {
  /** Overrides the processorStatus the state machine gives the event (sandbox simulation). */
  processorStatus?: string | undefined;
}

/** Where a change is written, who hears of a status change, and when it happens. */
export interface Change {
  tx: Transaction<Database>;
  outbox: StatusChangeOutbox;
  at: Date;
  actor?: string | undefined;
}

/** 409 when the payin's method needs the customer's external reference (P2A_V2) and it has none yet. */
export function assertCanSucceed(payin: Payin): void {
  if (requireAdapter(payin.method).externalReference?.required && payin.externalReference === undefined) {
    throw new AppError(
      'EXTERNAL_REFERENCE_REQUIRED',
      `${payin.method} needs the customer's external reference before it can succeed.`,
    );
  }
}

/**
 * Runs `apply` in one transaction on the payin's locked row (after the claim, if any): it decides on
 * the current row, not on what the caller read. 409 PAYIN_FINAL when it changes nothing it should.
 */
export async function changePayin(input: {
  db: Kysely<Database>;
  outbox: StatusChangeOutbox;
  at: Date;
  payin: Payin;
  options: ChangeOptions;
  apply: (change: Change, current: Payin) => Promise<Payin | undefined>;
}): Promise<Payin> {
  const { db, outbox, at, payin, options, apply } = input;
  const updated = await db.transaction().execute(async (tx) => {
    const current = await lockPayin(tx, payin.id);
    if (!current) throw new AppError('PAYIN_NOT_FOUND', `No payin ${payin.idPayin} any more.`);
    if (options.claim && !(await options.claim(tx))) return current;
    const changed = await apply({ tx, outbox, at, actor: options.actor }, current);
    if (changed && options.after) await options.after(tx, { before: current, after: changed });
    return changed;
  });
  if (!updated) throw new AppError('PAYIN_FINAL', 'The payin changed status in the meantime.');
  return updated;
}

/**
 * The state machine's transition for an event, as a compare-and-set on the current status, with
 * its outbox row. A method that requires an external reference cannot succeed without one.
 */
export async function commitTransition(
  change: Change,
  current: Payin,
  event: PayinEvent,
  extra: { processorStatus?: string | undefined; receivedMinor?: bigint } = {},
): Promise<Payin | undefined> {
  const { to, processorStatus } = assertTransition(current.status, event);
  if (to === 'SUCCESS') assertCanSucceed(current);
  const changed = await updatePayinStatus(change.tx, {
    id: current.id,
    from: current.status,
    to,
    processorStatus: extra.processorStatus ?? processorStatus,
    processedAt: change.at,
    // The sandbox plays a payer's account; a live payin's is known only from the money's own source
    // (a bank statement's payer), never invented: a live refund must not go to a made-up account.
    customerAccountProcess:
      to === 'SUCCESS' && current.isTest ? requireAdapter(current.method).processAccount(current) : undefined,
    ...(extra.receivedMinor !== undefined && { receivedMinor: extra.receivedMinor }),
  });
  if (changed)
    await change.outbox.record(change.tx, {
      payin: changed,
      previous: current.status,
      at: change.at,
      ...(change.actor !== undefined && { actor: change.actor }),
    });
  return changed;
}

/** Expiry: EXPIRED, or UNDERPAID when part of the amount was received. */
export function commitExpiry(change: Change, current: Payin): Promise<Payin | undefined> {
  return commitTransition(change, current, expiryEvent(current.receivedMoney?.minor));
}

/** What a payment does to the locked payin (PayinService.recordPayment says what and why). */
export async function commitPayment(
  change: Change,
  locked: Payin,
  amount: Money,
): Promise<Payin | undefined> {
  const { tx, at } = change;
  const current =
    !isFinal(locked.status) && at >= locked.expireAt ? await commitExpiry(change, locked) : locked;
  if (!current) return undefined;
  if (isFinal(current.status)) {
    assertRepresentable((current.receivedLateMoney?.minor ?? 0n) + amount.minor);
    return addReceivedLate(tx, { id: current.id, amountMinor: amount.minor, at });
  }
  const total = (current.receivedMoney?.minor ?? 0n) + amount.minor;
  assertRepresentable(total);
  const event = paymentEvent(total, amountToPay(current).minor);
  if (!event) return updateReceived(tx, { id: current.id, receivedMinor: total, at });
  return commitTransition(change, current, event, { receivedMinor: total });
}

/** Received money adds up; past the largest amount a JSON number carries exactly it is refused. */
function assertRepresentable(minor: bigint): void {
  if (minor > MAX_MINOR)
    throw new AppError('VALIDATION_FAILED', 'The money received would exceed the largest amount there is.');
}
