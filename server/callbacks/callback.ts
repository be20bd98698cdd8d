import 'server-only';
import type {
  CALLBACK_ATTEMPT_OUTCOMES,
  CALLBACK_DELIVERY_STATUSES,
  CALLBACK_EVENT_TYPES,
  CALLBACK_FAILURE_REASONS,
} from '@/lib/api/responses';

export type CallbackEventType = (typeof CALLBACK_EVENT_TYPES)[number];
export type CallbackDeliveryStatus = (typeof CALLBACK_DELIVERY_STATUSES)[number];
export type CallbackFailureReason = (typeof CALLBACK_FAILURE_REASONS)[number];
export type CallbackAttemptOutcome = (typeof CALLBACK_ATTEMPT_OUTCOMES)[number];

export const PAYIN_STATUS_CHANGED: CallbackEventType = 'payin.status_changed';
export const PAYOUT_STATUS_CHANGED: CallbackEventType = 'payout.status_changed';
export const REFUND_STATUS_CHANGED: CallbackEventType = 'refund.status_changed';

/** The operator's delivery settings (CALLBACK_* variables). */
export interface CallbackSettings {
  /** Delay before each attempt, relative to the previous attempt (the first: to the event). */
  schedule: readonly number[];
  /** Deadline of one attempt, everything included (at most 15 s). */
  timeoutMs: number;
  /** How long a claim reserves a delivery to one dispatcher; longer than an attempt. */
  leaseMs: number;
  /** How long finished deliveries and their attempts are kept. */
  retentionMs: number;
}

/** What goes over the wire: the anemic body the merchant re-reads the payin (or payout) after. */
export type CallbackPayload = {
  type: CallbackEventType;
  eventId: string;
  /** When the status changed (ISO 8601 UTC). */
  timestamp: string;
} & ({ idPayin: string; idRefund?: string } | { idPayout: string });

/** One HTTP request to a merchant, as the sender sees it. */
export interface CallbackRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
}

/** What an attempt came to: an HTTP answer (any status) or no answer at all. */
export type SendResult =
  | {
      kind: 'response';
      status: number;
      excerpt: string;
      retryAfter: string | undefined;
      location: string | undefined;
      durationMs: number;
    }
  | { kind: 'error'; error: string; durationMs: number };

/** Sends one callback request; never throws. Injectable so the dispatcher is testable without HTTP. */
export type CallbackSender = (request: CallbackRequest) => Promise<SendResult>;
