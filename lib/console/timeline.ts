import type { PayinResource } from '../api/responses';
import type { FinalStatus } from '../payins/statuses';

/** What happened to a payin, in the order it happened, for the console's detail page. */
export type TimelineEvent =
  | { kind: 'created'; at: string }
  | { kind: 'externalReference'; reference: string }
  | { kind: 'received'; amount: number; currencyCode: string }
  | { kind: 'final'; at: string; status: FinalStatus; processorStatus: string | undefined }
  | { kind: 'receivedLate'; amount: number; currencyCode: string }
  | {
      kind: 'callback';
      at: string;
      status: string;
      attempts: number;
      deliveredAt: string | undefined;
      /** Set when the callback announced one of the payin's refunds rather than the payin. */
      idRefund: string | undefined;
    };

export interface TimelineDelivery {
  createdAt: string;
  status: string;
  attemptCount: number;
  deliveredAt?: string | undefined;
  idRefund?: string | undefined;
}

/**
 * The payin's story from what the API says of it: created (the customer confirmed it on the hosted
 * page, or the merchant's server created it), money received while open, the final status, money
 * received late, and each callback. Events without a time of their own sit where they belong.
 */
export function payinTimeline(
  payin: PayinResource,
  deliveries: readonly TimelineDelivery[] = [],
): TimelineEvent[] {
  const events: TimelineEvent[] = [{ kind: 'created', at: payin.process.createdAt }];
  const reference = (payin.paymentMethodResponse as { externalReference?: { reference?: unknown } })
    .externalReference?.reference;
  if (typeof reference === 'string') events.push({ kind: 'externalReference', reference });
  const received = payin.process.moneyReceived;
  if (received)
    events.push({ kind: 'received', amount: received.amount, currencyCode: received.currencyCode });
  if (payin.process.status !== 'PENDING' && payin.process.processedAt)
    events.push({
      kind: 'final',
      at: payin.process.processedAt,
      status: payin.process.status,
      processorStatus: payin.process.processorStatus,
    });
  const late = payin.process.moneyReceivedLate;
  if (late) events.push({ kind: 'receivedLate', amount: late.amount, currencyCode: late.currencyCode });
  const callbacks = [...deliveries]
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt))
    .map((delivery): TimelineEvent => ({
      kind: 'callback',
      at: delivery.createdAt,
      status: delivery.status,
      attempts: delivery.attemptCount,
      deliveredAt: delivery.deliveredAt,
      idRefund: delivery.idRefund,
    }));
  // Callbacks follow the status change that caused them; a late payment's comes after it.
  const finalIndex = events.findIndex((event) => event.kind === 'final');
  if (finalIndex < 0) return [...events, ...callbacks];
  return [...events.slice(0, finalIndex + 1), ...callbacks, ...events.slice(finalIndex + 1)];
}
