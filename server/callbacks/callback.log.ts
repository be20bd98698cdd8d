import 'server-only';
import type { Kysely } from 'kysely';
import type { CallbackDeliveryPage } from '@/lib/api/callback-responses';
import type { CallbackDeliveryResource } from '@/lib/api/responses';
import type { CallbackListQuery } from '@/lib/schemas';
import type { Clock } from '../clock';
import type { Database } from '../db';
import { AppError } from '../errors';
import { decodeCursor, encodeCursor } from './callback.cursor';
import { presentDelivery } from './callback.presenter';
import {
  listMerchantDeliveries,
  listSubjectDeliveries,
  requeueLatestDelivery,
  type DeliverySubject,
} from './callback.repository';

/**
 * The merchant's view of its callbacks: the delivery log and manual redelivery
 * (docs/decisions/014-callbacks.md). Routes call it; it speaks in API resources.
 */
export class CallbackLog {
  constructor(private readonly deps: { db: Kysely<Database>; clock: Clock }) {}

  /** A payin's or payout's deliveries, newest first, each with its attempts. */
  async listFor(subject: DeliverySubject): Promise<CallbackDeliveryResource[]> {
    return (await listSubjectDeliveries(this.deps.db, subject)).map(presentDelivery);
  }

  /** Queues the payin's or payout's latest delivery again, due now; undefined when it has none. */
  async redeliverLatest(subject: DeliverySubject): Promise<CallbackDeliveryResource | undefined> {
    const requeued = await requeueLatestDelivery(this.deps.db, { ...subject, now: this.deps.clock() });
    return requeued && presentDelivery(requeued);
  }

  /** A page of the merchant's deliveries across payins, newest first; nextCursor while more remain. */
  async listForMerchant(merchantCode: string, query: CallbackListQuery): Promise<CallbackDeliveryPage> {
    const beforeId = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
    if (query.cursor !== undefined && beforeId === undefined) {
      throw new AppError('VALIDATION_FAILED', '1 field(s) failed validation.', {
        errors: [{ field: 'cursor', message: 'Not a cursor this API gave out.' }],
      });
    }
    const rows = await listMerchantDeliveries(this.deps.db, {
      merchantCode,
      limit: query.limit + 1,
      beforeId,
      idPayin: query.idPayin,
      idPayout: query.idPayout,
      status: query.status,
    });
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    return {
      data: page.map(presentDelivery),
      ...(rows.length > query.limit && last && { nextCursor: encodeCursor(last.delivery.id) }),
    };
  }
}
