import 'server-only';
import { recordAudit } from '../audit';
import { z } from 'zod';
import {
  PAYOUT_STATUSES,
  payoutOptionsResponseSchema,
  payoutPageSchema,
  payoutResponseSchema,
} from '@/lib/api/payout-responses';
import {
  availableOptionsRequestSchema,
  createPayoutRequestSchema,
  simulatePayoutRequestSchema,
} from '@/lib/schemas';
import { callbackDeliveriesResponseSchema, callbackDeliverySchema } from '@/lib/api/responses';
import type { CallbackLog } from '../../callbacks';
import { AppError, parseOrThrow } from '../../errors';
import { presentPayout, type PayoutService } from '../../payouts';
import { payoutOptions } from '../../payouts';
import type { PayoutSimulations } from '../../sandbox';
import { requireMerchantWideOperation } from '../middleware/authenticate';
import { reply } from '../reply';
import { defineRoute, type ApiRoute } from '../route';
import { parsePageQuery, pageQueryDocument } from './list-params';

const statusQuerySchema = z
  .enum(PAYOUT_STATUSES, { error: `One of ${PAYOUT_STATUSES.join(', ')}.` })
  .optional();

/**
 * Payouts (docs/decisions/027): money out of the merchant's available balance. Every payout route
 * is merchant-wide: its operation must be named, and a token confined to one payin never reaches it.
 */
export function payoutRoutes(payouts: PayoutService, log: CallbackLog): readonly ApiRoute[] {
  return [
    defineRoute({
      method: 'POST',
      path: '/payouts/!availablePaymentOptions',
      operationId: 'listPayoutOptions',
      summary: 'List the payout methods for an amount',
      description:
        'The payout methods that send the currency (BANK_TRANSFER for every fiat currency, MOBILE_MONEY for GHS and KES, ' +
        'CRYPTO for USDT and USDC), each with its operators: the banks, mobile money services or networks. Token ' +
        'operation: POST /payouts/!availablePaymentOptions.',
      tag: 'Payouts',
      versioned: true,
      auth: 'token',
      authorize: requireMerchantWideOperation,
      body: availableOptionsRequestSchema,
      responses: { 200: { description: 'The options.', schema: payoutOptionsResponseSchema } },
      errors: ['VALIDATION_FAILED', 'MALFORMED_JSON', 'PAYMENT_NOT_PERMITTED'],
      handle(c, { body }) {
        return reply(c, { data: payoutOptions(body.money.currency) });
      },
    }),
    defineRoute({
      method: 'POST',
      path: '/payouts/:idPayout',
      operationId: 'createPayout',
      summary: 'Create a payout',
      description:
        'Sends money from the available balance under the merchant-generated idPayout (unique per merchant, as an ' +
        "idPayin). The amount, its fee and the fee's VAT are reserved at once; a balance too low answers 422 " +
        'INSUFFICIENT_BALANCE and nothing is kept (the same idPayout may be sent again later). The account is checked ' +
        "against the method's local rules (IFSC, NAPAS BIN, NUBAN, bank codes of the operator catalogue, mobile " +
        "numbers of the operator's network, addresses per network). Repeating an accepted idPayout answers 409. The " +
        'payout then moves PENDING → SUCCESS (money sent, reservation debited) or REFUSED (reservation released), each ' +
        'announced by a payout.status_changed callback. Live merchants: 422 PAYOUTS_NOT_AVAILABLE until a payout ' +
        'connector is configured. Token operation: POST /payouts/{idPayout}; a money-limited token only for its amount.',
      tag: 'Payouts',
      versioned: true,
      auth: 'token',
      authorize: requireMerchantWideOperation,
      body: createPayoutRequestSchema,
      responses: { 201: { description: 'The payout was accepted.', schema: payoutResponseSchema } },
      errors: [
        'VALIDATION_FAILED',
        'MALFORMED_JSON',
        'PAYOUT_METHOD_UNKNOWN',
        'CURRENCY_NOT_SUPPORTED',
        'PAYMENT_OPERATOR_UNKNOWN',
        'URL_NOT_ALLOWED',
        'PAYMENT_NOT_PERMITTED',
        'MONEY_NOT_PERMITTED',
        'PAYOUT_ALREADY_EXISTS',
        'INSUFFICIENT_BALANCE',
        'PAYOUTS_NOT_AVAILABLE',
      ],
      async handle(c, { body, deps }) {
        const payout = await payouts.create({
          merchant: c.get('merchant'),
          grant: c.get('grant'),
          idPayout: c.get('idPayout'),
          request: body,
        });
        const presented = presentPayout(payout);
        await recordAudit(c, deps, {
          action: 'payout.created',
          target: c.get('idPayout'),
          details: {
            money: presented.paymentRequested.money,
            paymentMethodCode: body.paymentMethod.paymentMethodCode,
          },
        });
        return reply(c, presented, 201);
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/payouts',
      operationId: 'listPayouts',
      summary: "List the merchant's payouts",
      description:
        'Newest first, a page at a time (pass nextCursor back as cursor); optionally of one status. Token operation: ' +
        'GET /payouts.',
      tag: 'Payouts',
      versioned: true,
      auth: 'token',
      authorize: requireMerchantWideOperation,
      query: [
        ...pageQueryDocument,
        {
          name: 'status',
          description: 'PENDING, SUCCESS or REFUSED.',
          schema: { type: 'string', enum: [...PAYOUT_STATUSES] },
        },
      ],
      responses: { 200: { description: 'A page of payouts.', schema: payoutPageSchema } },
      errors: ['VALIDATION_FAILED', 'PAYMENT_NOT_PERMITTED'],
      async handle(c) {
        const status = parseOrThrow(statusQuerySchema, c.req.query('status'), 'status');
        const page = await payouts.list(c.get('merchant'), { ...parsePageQuery(c), status });
        return reply(c, {
          data: page.payouts.map(presentPayout),
          ...(page.nextCursor !== undefined && { nextCursor: page.nextCursor }),
        });
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/payouts/:idPayout',
      operationId: 'getPayout',
      summary: 'Read a payout',
      description:
        'The payout with its process status (PENDING, then SUCCESS or REFUSED with processorStatus), fee and where the ' +
        'money went. Token operation: GET /payouts/{idPayout}.',
      tag: 'Payouts',
      versioned: true,
      auth: 'token',
      authorize: requireMerchantWideOperation,
      responses: { 200: { description: 'The payout.', schema: payoutResponseSchema } },
      errors: ['VALIDATION_FAILED', 'PAYMENT_NOT_PERMITTED', 'PAYOUT_NOT_FOUND'],
      async handle(c) {
        return reply(c, presentPayout(await payouts.get(c.get('merchant'), c.get('idPayout'))));
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/payouts/:idPayout/callbacks',
      operationId: 'listPayoutCallbacks',
      summary: "List a payout's callback deliveries",
      description:
        'Every payout.status_changed callback of the payout, newest first, with each attempt. Token operation: ' +
        'GET /payouts/{idPayout}/callbacks.',
      tag: 'Payouts',
      versioned: true,
      auth: 'token',
      authorize: requireMerchantWideOperation,
      responses: { 200: { description: 'The deliveries.', schema: callbackDeliveriesResponseSchema } },
      errors: ['VALIDATION_FAILED', 'PAYMENT_NOT_PERMITTED', 'PAYOUT_NOT_FOUND'],
      async handle(c) {
        const payout = await payouts.get(c.get('merchant'), c.get('idPayout'));
        return reply(c, { data: await log.listFor({ payoutId: payout.id }) });
      },
    }),
    defineRoute({
      method: 'POST',
      path: '/payouts/:idPayout/callbacks/!redeliver',
      operationId: 'redeliverPayoutCallback',
      summary: "Send a payout's latest callback again",
      description:
        "Queues the payout's latest callback for an attempt now, with a fresh run of the retry schedule and its " +
        'webhook-id kept. 404 NOT_FOUND while the payout has not ended. Token operation: ' +
        'POST /payouts/{idPayout}/callbacks/!redeliver.',
      tag: 'Payouts',
      versioned: true,
      auth: 'token',
      authorize: requireMerchantWideOperation,
      responses: { 202: { description: 'The delivery, queued.', schema: callbackDeliverySchema } },
      errors: ['VALIDATION_FAILED', 'PAYMENT_NOT_PERMITTED', 'PAYOUT_NOT_FOUND', 'NOT_FOUND'],
      async handle(c, { deps }) {
        const payout = await payouts.get(c.get('merchant'), c.get('idPayout'));
        const requeued = await log.redeliverLatest({ payoutId: payout.id });
        if (!requeued)
          throw new AppError('NOT_FOUND', `Payout ${payout.idPayout} has no callback to redeliver yet.`);
        await recordAudit(c, deps, { action: 'callback.redelivered', target: payout.idPayout });
        return reply(c, requeued, 202);
      },
    }),
  ];
}

/** The sandbox's control of test payouts. */
export function payoutSandboxRoutes(
  simulations: PayoutSimulations,
  payouts: PayoutService,
): readonly ApiRoute[] {
  return [
    defineRoute({
      method: 'POST',
      path: '/sandbox/payouts/:idPayout/!simulate',
      operationId: 'simulatePayout',
      summary: 'Simulate the outcome of a test payout',
      description:
        'Ends a PENDING test payout: SUCCESS (processorStatus APPROVED) or REFUSED (ACCOUNT_INVALID, ACCOUNT_CLOSED, ' +
        'NAME_MISMATCH, LIMIT_EXCEEDED, DECLINED or CANCELLED; DECLINED when left out), now (200, the payout) or after ' +
        "delaySeconds (202). REFUSED on a SUCCESS payout (now, without delaySeconds) plays the payee's bank returning " +
        'it later: REFUSED with that processorStatus, returnedAt set, its money, fee and VAT back on the balance. ' +
        'Without a call, a test payout ends by itself: amounts ending in 901 succeed and 902–906 are ' +
        'refused after 3 s, 910 waits for this call, any other amount succeeds after the sandbox delay (10 s by ' +
        'default). Token operation: POST /sandbox/payouts/{idPayout}/!simulate.',
      tag: 'Sandbox',
      versioned: true,
      auth: 'token',
      authorize: requireMerchantWideOperation,
      body: simulatePayoutRequestSchema,
      responses: {
        200: { description: 'The outcome was applied.', schema: payoutResponseSchema },
        202: {
          description: 'The outcome is scheduled.',
          schema: z.looseObject({
            idPayout: z.string(),
            status: z.enum(['SUCCESS', 'REFUSED']),
            dueAt: z.string(),
          }),
        },
      },
      errors: ['VALIDATION_FAILED', 'MALFORMED_JSON', 'SANDBOX_ONLY', 'PAYOUT_NOT_FOUND', 'PAYOUT_FINAL'],
      async handle(c, { body, deps }) {
        const idPayout = c.get('idPayout');
        const payout = await payouts.get(c.get('merchant'), idPayout);
        const outcome = await simulations.simulate(payout, body);
        await recordAudit(c, deps, { action: 'payout.simulated', target: idPayout, details: { ...body } });
        if (outcome.kind === 'applied') return reply(c, presentPayout(outcome.payout));
        return reply(c, { idPayout, status: body.status, dueAt: outcome.dueAt.toISOString() }, 202);
      },
    }),
  ];
}
