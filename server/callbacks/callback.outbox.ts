import 'server-only';
import { randomBytes } from 'node:crypto';
import type { StatusChangeOutbox } from '../payins/status-outbox';
import { PAYIN_STATUS_CHANGED, type CallbackPayload } from './callback';
import { insertDelivery } from './callback.repository';
import { jittered } from './callback.retry-policy';

/** A webhook-id: unique per event, constant across its attempts (Standard Webhooks). */
export function newEventId(): string {
  return `evt_${randomBytes(16).toString('base64url')}`;
}

/**
 * The callback outbox: each status change writes a delivery row, in the change's own transaction,
 * due after the schedule's first delay. The body is fixed now so every attempt sends the same bytes.
 */
export function createCallbackOutbox(options: {
  schedule: readonly number[];
  random?: () => number;
}): StatusChangeOutbox {
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
        dueAt: new Date(at.getTime() + jittered(options.schedule[0] ?? 0, options.random)),
      });
    },
  };
}
