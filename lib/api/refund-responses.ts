import { z } from 'zod';
import { PAYOUT_METHOD_CODES } from '../payouts/methods';
import { payoutDestinationShape } from './payout-responses';
import { apiMoneySchema } from './responses';

/** Statuses of a refund: PENDING until the money reached the payer or could not. */
export const REFUND_STATUSES = ['PENDING', 'SUCCESS', 'REFUSED'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/**
 * How a refund's destination was chosen: the account the payin's money came from, one the merchant
 * named, or one the payer entered on the claim page.
 */
export const REFUND_DESTINATION_SOURCES = ['PAYER_ACCOUNT', 'MERCHANT', 'CLAIM'] as const;
export type RefundDestinationSource = (typeof REFUND_DESTINATION_SOURCES)[number];

/**
 * processorStatus of a REFUSED refund beyond a payout's reasons: the payer did not claim it in
 * time (CLAIM_EXPIRED). SUCCESS carries APPROVED.
 */
export const REFUND_CLAIM_EXPIRED = 'CLAIM_EXPIRED';

/** A refund as the create answer and GET /payins/{idPayin}/refunds/{idRefund} show it. */
export const refundResponseSchema = z.looseObject({
  idRefund: z.string(),
  idPayin: z.string(),
  money: apiMoneySchema,
  /** The refund's fee (the merchant's refund fee rule; zero by default), taken with the money. */
  fee: apiMoneySchema,
  vat: apiMoneySchema.optional(),
  status: z.enum(REFUND_STATUSES),
  processorStatus: z.string().optional(),
  reason: z.string().optional(),
  isTest: z.boolean(),
  reference: z.string(),
  /**
   * A live refund paid by bank file (docs/decisions/042): the EndToEndId its pain.001 credit transfer
   * carries and the bank reports it by ("R/" and the idRefund, or "RF/" and the reference).
   */
  endToEndId: z.string().optional(),
  destination: z
    .looseObject({
      source: z.enum(REFUND_DESTINATION_SOURCES),
      paymentMethodCode: z.enum(PAYOUT_METHOD_CODES),
      ...payoutDestinationShape,
      paymentOperator: z.looseObject({ code: z.string(), name: z.string() }).optional(),
    })
    .optional(),
  /** The payer's link to say where the money goes: present while the claim is open. */
  claimUrl: z.string().optional(),
  claimExpiresAt: z.string().optional(),
  claimedAt: z.string().optional(),
  createdAt: z.string(),
  processedAt: z.string().optional(),
  /** A paid refund the payer's bank returned later (docs/decisions/044): REFUSED since, its money back. */
  returnedAt: z.string().optional(),
});
export type RefundResource = z.infer<typeof refundResponseSchema>;

/** GET /payins/{idPayin}/refunds: every refund of the payin, oldest first, with the totals. */
export const refundListSchema = z.looseObject({
  data: z.array(refundResponseSchema),
  /** Refunds that are SUCCESS. */
  refunded: apiMoneySchema,
  /** Refunds still PENDING (reserved). */
  refundPending: apiMoneySchema,
  /** What may still be refunded: the payin's amount less refunds that are not REFUSED. */
  refundable: apiMoneySchema,
});
export type RefundList = z.infer<typeof refundListSchema>;

/** What the claim page shows the payer (GET /refund-claims/{token}): no merchant secret, no payer data. */
export const refundClaimSchema = z.looseObject({
  /** The shop's public name. */
  merchantName: z.string(),
  money: apiMoneySchema,
  isTest: z.boolean(),
  reason: z.string().optional(),
  /** OPEN (waiting for a destination), CLAIMED (on its way or done), EXPIRED, or REFUSED. */
  state: z.enum(['OPEN', 'CLAIMED', 'EXPIRED', 'REFUSED', 'SUCCESS']),
  expiresAt: z.string(),
  /** The payout methods the money can go by, with their operators (banks, networks). */
  options: z.array(
    z.looseObject({
      paymentMethodCode: z.enum(PAYOUT_METHOD_CODES),
      paymentOperators: z.array(z.looseObject({ code: z.string(), name: z.string() })),
      /** BANK_TRANSFER where the bank alone is not enough: the branch's code too (IFSC, Zengin branch, sort code). */
      needsBankCode: z.boolean().optional(),
    }),
  ),
  /** Once claimed: where it goes, the account shown only by its last four characters. */
  destination: z
    .looseObject({
      paymentMethodCode: z.enum(PAYOUT_METHOD_CODES),
      accountEnding: z.string(),
      paymentOperatorName: z.string().optional(),
    })
    .optional(),
});
export type RefundClaim = z.infer<typeof refundClaimSchema>;
