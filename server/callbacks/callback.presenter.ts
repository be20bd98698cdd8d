import 'server-only';
import type { CallbackAttemptResource, CallbackDeliveryResource } from '@/lib/api/responses';
import type { CallbackAttemptRow } from '../db';
import type {
  CallbackAttemptOutcome,
  CallbackDeliveryStatus,
  CallbackEventType,
  CallbackFailureReason,
} from './callback';
import type { DeliveryWithAttempts } from './callback.repository';

function presentAttempt(row: CallbackAttemptRow): CallbackAttemptResource {
  return {
    attemptNumber: row.attempt_number,
    startedAt: row.started_at.toISOString(),
    durationMs: row.duration_ms,
    url: row.url,
    ...(row.response_status !== null && { responseStatus: row.response_status }),
    ...(row.response_excerpt !== null && { responseExcerpt: row.response_excerpt }),
    ...(row.error !== null && { error: row.error }),
    // The database's check constraint holds these to the closed set.
    outcome: row.outcome as CallbackAttemptOutcome,
    ...(row.request_headers !== null && {
      requestHeaders: JSON.parse(row.request_headers) as Record<string, string>,
    }),
  };
}

/** A delivery and its attempts as the merchant API shows them. */
export function presentDelivery({ delivery, attempts }: DeliveryWithAttempts): CallbackDeliveryResource {
  return {
    eventId: delivery.event_id,
    type: delivery.event_type as CallbackEventType,
    ...(delivery.id_payin !== null && { idPayin: delivery.id_payin }),
    ...(delivery.id_payout !== null && { idPayout: delivery.id_payout }),
    ...(delivery.id_refund !== null && { idRefund: delivery.id_refund }),
    url: delivery.url,
    status: delivery.status as CallbackDeliveryStatus,
    ...(delivery.failure_reason !== null && {
      failureReason: delivery.failure_reason as CallbackFailureReason,
    }),
    attemptCount: delivery.attempt_count,
    createdAt: delivery.created_at.toISOString(),
    ...(delivery.next_attempt_at && { nextAttemptAt: delivery.next_attempt_at.toISOString() }),
    ...(delivery.delivered_at && { deliveredAt: delivery.delivered_at.toISOString() }),
    payload: delivery.payload,
    attempts: attempts.map(presentAttempt),
  };
}
