import 'server-only';
import { callbackDeliveriesResponseSchema, callbackDeliverySchema } from '@/lib/api/responses';
import type { CallbackLog } from '../../callbacks';
import { AppError } from '../../errors';
import { reply } from '../reply';
import { defineRoute, type ApiRoute } from '../route';

/** The merchant's delivery log and manual redelivery, behind token operations like every call. */
export function callbackRoutes(log: CallbackLog): readonly ApiRoute[] {
  return [
    defineRoute({
      method: 'GET',
      path: '/payins/:idPayin/callbacks',
      operationId: 'listPayinCallbacks',
      summary: "List a payin's callback deliveries",
      description:
        'Every callback announced for the payin, newest first, with each attempt: time, URL, HTTP status, duration, the first ' +
        'kilobyte of the answer and the error. Finished deliveries are kept for CALLBACK_LOG_RETENTION_DAYS.',
      tag: 'Callbacks',
      versioned: true,
      auth: 'token',
      responses: { 200: { description: 'The deliveries.', schema: callbackDeliveriesResponseSchema } },
      errors: ['VALIDATION_FAILED', 'PAYMENT_NOT_PERMITTED', 'PAYIN_NOT_FOUND'],
      async handle(c, { deps }) {
        const payin = await deps.payins.get(c.get('merchant'), c.get('idPayin'));
        return reply(c, { data: await log.listForPayin(payin.id) });
      },
    }),
    defineRoute({
      method: 'POST',
      path: '/payins/:idPayin/callbacks/!redeliver',
      operationId: 'redeliverPayinCallback',
      summary: "Send a payin's latest callback again",
      description:
        'Queues the latest callback of the payin for an attempt now, with a fresh run of the retry schedule, whatever its ' +
        'state. It keeps its webhook-id, so receivers deduplicate it like a retry. 404 NOT_FOUND while the payin has had ' +
        'no status change to announce.',
      tag: 'Callbacks',
      versioned: true,
      auth: 'token',
      responses: { 202: { description: 'The delivery, queued.', schema: callbackDeliverySchema } },
      errors: ['VALIDATION_FAILED', 'PAYMENT_NOT_PERMITTED', 'PAYIN_NOT_FOUND', 'NOT_FOUND'],
      async handle(c, { deps }) {
        const payin = await deps.payins.get(c.get('merchant'), c.get('idPayin'));
        const requeued = await log.redeliverLatest(payin.id);
        if (!requeued)
          throw new AppError('NOT_FOUND', `Payin ${payin.idPayin} has no callback to redeliver yet.`);
        return reply(c, requeued, 202);
      },
    }),
  ];
}
