import 'server-only';
import { randomBytes } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { Database } from '../db';
import type { StatusChangeOutbox } from '../payins';
import type { PayoutStatusOutbox } from '../payouts';
import type { RefundStatusOutbox } from '../refunds';
import {
  PAYIN_STATUS_CHANGED,
  PAYOUT_STATUS_CHANGED,
  REFUND_STATUS_CHANGED,
  type CallbackPayload,
} from './callback';
import { insertDelivery } from './callback.repository';
import { jittered } from './callback.retry-policy';

/** A webhook-id: unique per event, constant across its attempts (Standard Webhooks). */
export function newEventId(): string {
  return `evt_${randomBytes(16).toString('base64url')}`;
}

/**
 * The callback outbox: each status change writes a delivery row, in the change's own transaction,
 * due after the schedule's first delay. The body is fixed now so every attempt sends the same bytes.
 * Payins, payouts and refunds share it: the same retries, signatures and delivery log. A refund's
 * delivery names its payin too, so it is listed with the payin's callbacks.
 */
export function createCallbackOutbox(options: {
  schedule: readonly number[];
  random?: () => number;
}): StatusChangeOutbox & PayoutStatusOutbox & RefundStatusOutbox {
  /** One delivery row: the body fixed now, due after the schedule's first delay. */
  const announce = async (
    tx: Transaction<Database>,
    change: { merchantCode: string; url: string; at: Date },
    subject:
      | { type: typeof PAYIN_STATUS_CHANGED; idPayin: string; payin_id: bigint }
      | { type: typeof PAYOUT_STATUS_CHANGED; idPayout: string; payout_id: bigint }
      | {
          type: typeof REFUND_STATUS_CHANGED;
          idPayin: string;
          payin_id: bigint;
          idRefund: string;
          refund_id: bigint;
        },
  ) => {
    const eventId = newEventId();
    const timestamp = change.at.toISOString();
    const payload: CallbackPayload =
      'idRefund' in subject
        ? { type: subject.type, eventId, idPayin: subject.idPayin, idRefund: subject.idRefund, timestamp }
        : 'idPayin' in subject
          ? { type: subject.type, eventId, idPayin: subject.idPayin, timestamp }
          : { type: subject.type, eventId, idPayout: subject.idPayout, timestamp };
    await insertDelivery(tx, {
      event_id: eventId,
      event_type: subject.type,
      merchant_code: change.merchantCode,
      ...('idRefund' in subject
        ? {
            payin_id: subject.payin_id,
            id_payin: subject.idPayin,
            refund_id: subject.refund_id,
            id_refund: subject.idRefund,
          }
        : 'idPayin' in subject
          ? { payin_id: subject.payin_id, id_payin: subject.idPayin }
          : { payin_id: null, id_payin: null, payout_id: subject.payout_id, id_payout: subject.idPayout }),
      url: change.url,
      payload: JSON.stringify(payload),
      at: change.at,
      dueAt: new Date(change.at.getTime() + jittered(options.schedule[0] ?? 0, options.random)),
    });
  };
  return {
    record: (tx, { payin, at }) =>
      announce(
        tx,
        { merchantCode: payin.merchantCode, url: payin.callbackUrl, at },
        { type: PAYIN_STATUS_CHANGED, idPayin: payin.idPayin, payin_id: payin.id },
      ),
    recordPayout: (tx, { payout, at }) =>
      announce(
        tx,
        { merchantCode: payout.merchantCode, url: payout.callbackUrl, at },
        { type: PAYOUT_STATUS_CHANGED, idPayout: payout.idPayout, payout_id: payout.id },
      ),
    recordRefund: (tx, { refund, at }) =>
      announce(
        tx,
        { merchantCode: refund.merchantCode, url: refund.callbackUrl, at },
        {
          type: REFUND_STATUS_CHANGED,
          idPayin: refund.idPayin,
          payin_id: refund.payinId,
          idRefund: refund.idRefund,
          refund_id: refund.id,
        },
      ),
  };
}
