import { z } from 'zod';
import { PAYOUT_STATUSES } from './payout-responses';
import { apiMoneySchema } from './responses';

/**
 * How a payout batch stands (docs/decisions/038): READY to download, DOWNLOADED (the bank may have
 * it; payouts end as its statements report them), COMPLETED (downloaded and every payout ended),
 * CANCELLED before download (its payouts went back to the queue).
 */
export const PAYOUT_BATCH_STATUSES = ['READY', 'DOWNLOADED', 'COMPLETED', 'CANCELLED'] as const;
export type PayoutBatchStatus = (typeof PAYOUT_BATCH_STATUSES)[number];

/** POST /payout-batches: the account whose waiting payouts to take (optional when one pays out). */
export const createPayoutBatchRequestSchema = z.strictObject({
  accountId: z
    .string()
    .regex(/^[a-z0-9-]{1,40}$/, 'A collection account id: lowercase letters, digits and hyphens.')
    .optional(),
});

const batchFields = {
  idBatch: z.string(),
  accountId: z.string(),
  format: z.literal('pain.001.001.09'),
  status: z.enum(PAYOUT_BATCH_STATUSES),
  /** What the file pays in total (payouts and refunds), and how many payouts and refunds. */
  money: apiMoneySchema,
  payoutCount: z.number().int(),
  /** Live refunds in the batch (docs/decisions/042): the file has payoutCount + refundCount transfers. */
  refundCount: z.number().int(),
  /** Payouts and refunds of the batch the bank has not reported on yet. */
  pendingCount: z.number().int(),
  /** The day the file asks the bank to pay (ReqdExctnDt), YYYY-MM-DD. */
  executionDate: z.string(),
  createdAt: z.string(),
  downloadedAt: z.string().optional(),
  cancelledAt: z.string().optional(),
  /** Where the pain.001 file is (below /api). */
  fileUrl: z.string().optional(),
};

/** One payout as a batch lists it. */
export const batchPayoutSchema = z.looseObject({
  idPayout: z.string(),
  endToEndId: z.string(),
  money: apiMoneySchema,
  status: z.enum(PAYOUT_STATUSES),
  processorStatus: z.string().optional(),
});

/** One refund as a batch lists it (docs/decisions/042): its payin names what it gives back. */
export const batchRefundSchema = z.looseObject({
  idRefund: z.string(),
  idPayin: z.string(),
  endToEndId: z.string(),
  money: apiMoneySchema,
  status: z.enum(PAYOUT_STATUSES),
  processorStatus: z.string().optional(),
});

/** A batch with its transfers in file order: its payouts, then its refunds. */
export const payoutBatchResponseSchema = z.looseObject({
  ...batchFields,
  payouts: z.array(batchPayoutSchema),
  refunds: z.array(batchRefundSchema),
});
export type PayoutBatchResource = z.infer<typeof payoutBatchResponseSchema>;

/** GET /payout-batches: newest first, without their payouts and refunds. */
export const payoutBatchPageSchema = z.looseObject({
  data: z.array(z.looseObject(batchFields)),
  nextCursor: z.string().optional(),
});
export type PayoutBatchPage = z.infer<typeof payoutBatchPageSchema>;
