import 'server-only';
import { randomBytes } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { Database } from '../db';
import type { StatusChangeOutbox } from '../payins/status-outbox';
import { PAYIN_STATUS_CHANGED, PAYOUT_STATUS_CHANGED, type CallbackPayload } from './callback';
import { insertDelivery } from './callback.repository';
import { jittered } from './callback.retry-policy';

/** A webhook-id: unique per event, constant across its attempts (Standard Webhooks). */
export function newEventId(): string {
  return `evt_${randomBytes(16).toString('base64url')}`;
}

/** What a payout's callback needs to know of it (server/payouts). */
export interface PayoutSubject {
  id: bigint;
  idPayout: string;
  merchantCode: string;
  callbackUrl: string;
}

/** Receives every payout status change inside the transaction that makes it. */
export interface PayoutStatusOutbox {
  recordPayout(tx: Transaction<Database>, change: { payout: PayoutSubject; at: Date }): Promise<void>;
}

/**
 * The callback outbox: each status change writes a delivery row, in the change's own transaction,
 * due after the schedule's first delay. The body is fixed now so every attempt sends the same bytes.
 * Payins and payouts share it: the same retries, signatures and delivery log.
 */
export function createCallbackOutbox(options: {
  schedule: readonly number[];
  random?: () => number;
}): StatusChangeOutbox & PayoutStatusOutbox {
  const dueAfter = (at: Date) => new Date(at.getTime() + jittered(options.schedule[0] ?? 0, options.random));
  return {
    async record(tx, { payin, at }) {
      const eventId = newEventId();
      const payload: CallbackPayload = {
        type: PAYIN_STATUS_CHANGED,
        eventId,
        idPayin: payin.idPayin,
        timestamp: at.toISOString(),
      };
      await insertDelivery(tx, {
        event_id: eventId,
        event_type: PAYIN_STATUS_CHANGED,
        merchant_code: payin.merchantCode,
        payin_id: payin.id,
        id_payin: payin.idPayin,
        url: payin.callbackUrl,
        payload: JSON.stringify(payload),
        at,
        dueAt: dueAfter(at),
      });
    },
    async recordPayout(tx, { payout, at }) {
      const eventId = newEventId();
      const payload: CallbackPayload = {
        type: PAYOUT_STATUS_CHANGED,
        eventId,
        idPayout: payout.idPayout,
        timestamp: at.toISOString(),
      };
      await insertDelivery(tx, {
        event_id: eventId,
        event_type: PAYOUT_STATUS_CHANGED,
        merchant_code: payout.merchantCode,
        payin_id: null,
        id_payin: null,
        payout_id: payout.id,
        id_payout: payout.idPayout,
        url: payout.callbackUrl,
        payload: JSON.stringify(payload),
        at,
        dueAt: dueAfter(at),
      });
    },
  };
}
