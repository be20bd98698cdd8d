import 'server-only';
import { z } from 'zod';
import {
  createPayoutBatchRequestSchema,
  payoutBatchPageSchema,
  payoutBatchResponseSchema,
} from '@/lib/api/payout-batch-responses';
import { presentPayoutBatch, presentPayoutBatchSummary, type PayoutBatchService } from '../../payouts';
import { actorLabel, recordAudit } from '../audit';
import { requireMerchantWideOperation } from '../middleware/authenticate';
import { reply } from '../reply';
import { defineRoute, type ApiRoute } from '../route';
import { parsePageQuery, pageQueryDocument } from './list-params';

const common = {
  tag: 'Payout batches',
  versioned: true,
  auth: 'token',
  authorize: requireMerchantWideOperation,
} as const;

/**
 * Payout batches (docs/decisions/038): a live merchant's bank payouts, and its refunds to bank
 * accounts (decision 042), leave by ISO 20022 pain.001 files uploaded to the bank's business portal,
 * and end when the account's statements report them.
 */
export function payoutBatchRoutes(batches: PayoutBatchService): readonly ApiRoute[] {
  return [
    defineRoute({
      ...common,
      method: 'POST',
      path: '/payout-batches',
      operationId: 'createPayoutBatch',
      summary: 'Cut a batch of the waiting live bank payouts and refunds',
      description:
        'Takes the live BANK_TRANSFER payouts and the live refunds to bank accounts waiting at a collection account ' +
        'that pays out by file ("payouts": { "format": "pain.001" } in the merchants file), oldest first, up to ' +
        '5,000 together, into a batch READY to download as one pain.001 file; a refund waits once it knows its bank ' +
        'account (given, or claimed by the payer). accountId may be left out when one account pays out. 422 ' +
        'PAYOUT_BATCH_EMPTY when nothing waits. Token operation: POST /payout-batches.',
      body: createPayoutBatchRequestSchema,
      bodyOptional: true,
      responses: {
        201: { description: 'The batch, its payouts and its refunds.', schema: payoutBatchResponseSchema },
      },
      errors: [
        'VALIDATION_FAILED',
        'MALFORMED_JSON',
        'PAYMENT_NOT_PERMITTED',
        'PAYOUT_BATCH_EMPTY',
        'PAYOUTS_NOT_AVAILABLE',
      ],
      async handle(c, { body, deps }) {
        const view = await batches.create(c.get('merchant'), {
          accountId: body.accountId,
          actor: actorLabel(c),
        });
        await recordAudit(c, deps, {
          action: 'payout_batch.created',
          target: view.batch.idBatch,
          details: {
            accountId: view.batch.accountId,
            payoutCount: view.batch.payoutCount,
            refundCount: view.batch.refundCount,
          },
        });
        return reply(c, presentPayoutBatch(view), 201);
      },
    }),
    defineRoute({
      ...common,
      method: 'GET',
      path: '/payout-batches',
      operationId: 'listPayoutBatches',
      summary: "List the merchant's payout batches",
      description:
        'Newest first, a page at a time, without their payouts and refunds (payoutCount and refundCount count ' +
        'them). Token operation: GET /payout-batches.',
      query: pageQueryDocument,
      responses: { 200: { description: 'A page of batches.', schema: payoutBatchPageSchema } },
      errors: ['VALIDATION_FAILED', 'PAYMENT_NOT_PERMITTED'],
      async handle(c) {
        const page = await batches.list(c.get('merchant'), parsePageQuery(c));
        return reply(c, {
          data: page.batches.map(({ batch, pending }) => presentPayoutBatchSummary(batch, pending)),
          ...(page.nextCursor !== undefined && { nextCursor: page.nextCursor }),
        });
      },
    }),
    defineRoute({
      ...common,
      method: 'GET',
      path: '/payout-batches/:idBatch',
      operationId: 'getPayoutBatch',
      summary: 'Read a payout batch',
      description:
        'The batch (READY, DOWNLOADED, COMPLETED once every payout and refund ended, or CANCELLED) with its payouts ' +
        'and then its refunds (idRefund with its idPayin) in file order, each with the EndToEndId the bank reports it ' +
        'by. money, pendingCount and the file cover both. Token operation: GET /payout-batches/{idBatch}.',
      responses: { 200: { description: 'The batch.', schema: payoutBatchResponseSchema } },
      errors: ['VALIDATION_FAILED', 'PAYMENT_NOT_PERMITTED', 'PAYOUT_BATCH_NOT_FOUND'],
      async handle(c) {
        return reply(
          c,
          presentPayoutBatch(await batches.get(c.get('merchant'), c.req.param('idBatch') ?? '')),
        );
      },
    }),
    defineRoute({
      ...common,
      method: 'GET',
      path: '/payout-batches/:idBatch/pain.001',
      operationId: 'downloadPayoutBatchFile',
      summary: "Download a payout batch's pain.001 file",
      description:
        'The ISO 20022 pain.001.001.09 file to upload to the bank: one credit transfer per payout, EndToEndId its ' +
        'idPayout (its reference when the idPayout is longer than 35 characters), then one per refund, EndToEndId ' +
        '"R/" and its idRefund (or "RF/" and its reference), remittance "Refund <idPayin>: <reason>". The first download makes the batch ' +
        'DOWNLOADED: from then on it cannot be cancelled. The same bytes every time. 409 PAYOUT_BATCH_CANCELLED for a ' +
        'cancelled batch. Token operation: GET /payout-batches/{idBatch}/pain.001.',
      responses: {
        200: {
          description: 'The pain.001 XML file (UTF-8), as an attachment.',
          contentType: 'application/xml',
          schema: z.string(),
        },
      },
      errors: [
        'VALIDATION_FAILED',
        'PAYMENT_NOT_PERMITTED',
        'PAYOUT_BATCH_NOT_FOUND',
        'PAYOUT_BATCH_CANCELLED',
      ],
      async handle(c, { deps }) {
        const { batch, xml, firstDownload } = await batches.file(
          c.get('merchant'),
          c.req.param('idBatch') ?? '',
        );
        if (firstDownload)
          await recordAudit(c, deps, { action: 'payout_batch.downloaded', target: batch.idBatch });
        return c.body(xml, 200, {
          'Content-Type': 'application/xml; charset=utf-8',
          'Content-Disposition': `attachment; filename="${batch.idBatch}.pain.001.xml"`,
          'Cache-Control': 'no-store',
        });
      },
    }),
    defineRoute({
      ...common,
      method: 'POST',
      path: '/payout-batches/:idBatch/!cancel',
      operationId: 'cancelPayoutBatch',
      summary: 'Cancel a payout batch before it is downloaded',
      description:
        'Only a READY batch: its payouts and refunds go back to wait for the next batch. 409 PAYOUT_BATCH_DOWNLOADED once its file ' +
        'was downloaded (the bank may have it). Token operation: POST /payout-batches/{idBatch}/!cancel.',
      responses: { 200: { description: 'The cancelled batch.', schema: payoutBatchResponseSchema } },
      errors: [
        'VALIDATION_FAILED',
        'PAYMENT_NOT_PERMITTED',
        'PAYOUT_BATCH_NOT_FOUND',
        'PAYOUT_BATCH_DOWNLOADED',
        'PAYOUT_BATCH_CANCELLED',
      ],
      async handle(c, { deps }) {
        const view = await batches.cancel(c.get('merchant'), c.req.param('idBatch') ?? '');
        await recordAudit(c, deps, { action: 'payout_batch.cancelled', target: view.batch.idBatch });
        return reply(c, presentPayoutBatch(view));
      },
    }),
  ];
}
