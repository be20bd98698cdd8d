import 'server-only';
import { recordAudit } from '../audit';
import {
  callbackDeliveryPageSchema,
  callbackSigningSecretSchema,
  callbackTestAttemptSchema,
} from '@/lib/api/callback-responses';
import { callbackDeliveriesResponseSchema, callbackDeliverySchema } from '@/lib/api/responses';
import {
  callbackListQuerySchema,
  callbackTestRequestSchema,
  signingSecretRotationSchema,
} from '@/lib/schemas';
import type { CallbackLog, CallbackSigningSecretService, CallbackTester } from '../../callbacks';
import { AppError, parseOrThrow } from '../../errors';
import { requireMerchantWideOperation } from '../middleware/authenticate';
import { reply, responseHeaders } from '../reply';
import { defineRoute, type ApiRoute } from '../route';

const MERCHANT_WIDE =
  ' Not reachable with a token confined to one payin (POST /auth-tokens-by-action, or literal operations of one payin).';

/** The merchant's delivery log, redelivery, test callbacks and signing secret, behind token operations like every call. */
export function callbackRoutes({
  log,
  tester,
  secrets,
}: {
  log: CallbackLog;
  tester: CallbackTester;
  secrets: CallbackSigningSecretService;
}): readonly ApiRoute[] {
  return [
    defineRoute({
      method: 'GET',
      path: '/callbacks',
      operationId: 'listCallbacks',
      summary: "List the merchant's callback deliveries",
      description:
        'Every callback delivery of the merchant across payins and payouts, newest first, each with its payload and attempts (request ' +
        'headers included), a page at a time: pass the nextCursor of a page as cursor for the next; the last page has none. ' +
        'Filters: idPayin, idPayout, status. Token operation: GET /callbacks.' +
        MERCHANT_WIDE,
      tag: 'Callbacks',
      versioned: true,
      auth: 'token',
      authorize: requireMerchantWideOperation,
      query: [
        {
          name: 'limit',
          description: 'Deliveries per page, 1–100 (default 20).',
          schema: { type: 'integer', minimum: 1, maximum: 100, default: 20 },
        },
        { name: 'cursor', description: 'The nextCursor of the previous page.', schema: { type: 'string' } },
        { name: 'idPayin', description: 'Only this payin’s deliveries.', schema: { type: 'string' } },
        { name: 'idPayout', description: 'Only this payout’s deliveries.', schema: { type: 'string' } },
        {
          name: 'status',
          description: 'Only deliveries in this status.',
          schema: { type: 'string', enum: ['PENDING', 'DELIVERED', 'FAILED'] },
        },
      ],
      responses: { 200: { description: 'A page of deliveries.', schema: callbackDeliveryPageSchema } },
      errors: ['VALIDATION_FAILED'],
      async handle(c) {
        const query = parseOrThrow(callbackListQuerySchema, c.req.query());
        return reply(c, await log.listForMerchant(c.get('merchant').code, query));
      },
    }),
    defineRoute({
      method: 'POST',
      path: '/callbacks/!test',
      operationId: 'sendTestCallback',
      summary: 'Send a test callback now',
      description:
        'Sends one callback of type callback.test ({"type":"callback.test","eventId":…,"timestamp":…}) to url, signed with the ' +
        "merchant's callback secret (Standard Webhooks), through the same URL policy, SSRF guard and deadline as real " +
        'callbacks, and answers with the attempt once it is over. It is not retried and not kept in the delivery log: it ' +
        'announces no payin. A refused URL answers 400 URL_NOT_ALLOWED. Token operation: POST /callbacks/!test.' +
        MERCHANT_WIDE,
      tag: 'Callbacks',
      versioned: true,
      auth: 'token',
      authorize: requireMerchantWideOperation,
      body: callbackTestRequestSchema,
      responses: {
        200: { description: 'The attempt, delivered or not.', schema: callbackTestAttemptSchema },
      },
      errors: ['VALIDATION_FAILED', 'MALFORMED_JSON', 'URL_NOT_ALLOWED'],
      async handle(c, { body, deps }) {
        const attempt = await tester.send(c.get('merchant'), body.url);
        await recordAudit(c, deps, { action: 'callback.test_sent', details: { url: body.url } });
        return reply(c, attempt);
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/callbacks/signing-secret',
      operationId: 'getCallbackSigningSecret',
      summary: "Read the merchant's callback signing secret",
      description:
        'The secret callbacks are signed with, in the whsec_<base64> form Standard Webhooks libraries take, to verify ' +
        'webhook-signature. Token operation: GET /callbacks/signing-secret.' +
        MERCHANT_WIDE,
      tag: 'Callbacks',
      versioned: true,
      auth: 'token',
      authorize: requireMerchantWideOperation,
      responses: { 200: { description: 'The secret.', schema: callbackSigningSecretSchema } },
      errors: [],
      handle(c) {
        responseHeaders(c)['cache-control'] = 'no-store';
        return reply(c, secrets.view(c.get('merchant')));
      },
    }),
    defineRoute({
      method: 'POST',
      path: '/callbacks/signing-secret/!rotate',
      operationId: 'rotateCallbackSigningSecret',
      summary: "Rotate the merchant's callback signing secret, with an overlap",
      description:
        'Answers a new secret (whsec_<base64>). For overlapSeconds (default CALLBACK_SECRET_OVERLAP_SECS, 24 h; 0 for ' +
        'none) every callback carries two signatures in webhook-signature, one with the new secret and one with the ' +
        'previous, so a receiver verifying with either accepts it while it moves to the new one. Rotating again ' +
        'during an overlap ends the older secret at once. Every instance signs with the new secret within seconds. ' +
        'Token operation: POST /callbacks/signing-secret/!rotate.' +
        MERCHANT_WIDE,
      tag: 'Callbacks',
      versioned: true,
      auth: 'token',
      authorize: requireMerchantWideOperation,
      body: signingSecretRotationSchema,
      bodyOptional: true,
      responses: { 200: { description: 'The new secret.', schema: callbackSigningSecretSchema } },
      errors: ['VALIDATION_FAILED', 'MALFORMED_JSON'],
      async handle(c, { body, deps }) {
        responseHeaders(c)['cache-control'] = 'no-store';
        const rotated = await secrets.rotate(c.get('merchant'), body.overlapSeconds);
        await recordAudit(c, deps, {
          action: 'callback_secret.rotated',
          details: { previousSecretExpiresAt: rotated.previousSecretExpiresAt },
        });
        return reply(c, rotated);
      },
    }),
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
        return reply(c, { data: await log.listFor({ payinId: payin.id }) });
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
        const requeued = await log.redeliverLatest({ payinId: payin.id });
        if (!requeued)
          throw new AppError('NOT_FOUND', `Payin ${payin.idPayin} has no callback to redeliver yet.`);
        await recordAudit(c, deps, { action: 'callback.redelivered', target: payin.idPayin });
        return reply(c, requeued, 202);
      },
    }),
  ];
}
