import 'server-only';
import type { Kysely } from 'kysely';
import type { CallbackDeliveryResource } from '@/lib/api/responses';
import type { Clock } from '../clock';
import type { Database } from '../db';
import { presentDelivery } from './callback.presenter';
import { listPayinDeliveries, requeueLatestDelivery } from './callback.repository';

/**
 * The merchant's view of its callbacks: the delivery log and manual redelivery
 * (docs/decisions/014-callbacks.md). Routes call it; it speaks in API resources.
 */
export class CallbackLog {
  constructor(private readonly deps: { db: Kysely<Database>; clock: Clock }) {}

  /** A payin's deliveries, newest first, each with its attempts. */
  async listForPayin(payinId: bigint): Promise<CallbackDeliveryResource[]> {
    return (await listPayinDeliveries(this.deps.db, payinId)).map(presentDelivery);
  }

  /** Queues the payin's latest delivery again, due now; undefined when it has none. */
  async redeliverLatest(payinId: bigint): Promise<CallbackDeliveryResource | undefined> {
    const requeued = await requeueLatestDelivery(this.deps.db, { payinId, now: this.deps.clock() });
    return requeued && presentDelivery(requeued);
  }
}
