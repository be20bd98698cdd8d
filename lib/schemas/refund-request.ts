import { z } from 'zod';
import { WITHOUT_CONTROL_CHARACTERS } from './customer-data';
import { paymentOperatorCodeSchema } from './payin-request';
import { simulatePayoutRequestSchema } from './payout-request';
import { absoluteUrlSchema, moneySchema } from './primitives';

const text = (max: number) =>
  z.string().max(max).regex(WITHOUT_CONTROL_CHARACTERS, 'Must not contain control characters.');

/**
 * Where a refund's money goes, in a payout's words (paymentMethodCode BANK_TRANSFER, MOBILE_MONEY or
 * CRYPTO with its operator and account): the local rules are the server's
 * (server/payouts/destinations); the edge checks types and sizes only.
 */
export const refundDestinationSchema = z.object({
  paymentMethodCode: z.string().min(1, 'Required.').max(32),
  paymentOperatorCode: paymentOperatorCodeSchema.optional(),
  account: z.object({
    accountName: text(140).optional(),
    accountNumber: text(128).min(1, 'Required.'),
    bankCode: text(32).optional(),
  }),
  phoneNumber: text(32).optional(),
  emailAddress: text(254).optional(),
});
export type RefundDestinationRequest = z.infer<typeof refundDestinationSchema>;

/**
 * The body of POST /payins/{idPayin}/refunds/{idRefund} (docs/decisions/036-refunds.md): every
 * field optional. Without money the refund takes what remains refundable; without a destination the
 * money goes to the payer's own account when the payin knows it, else through a claim link.
 */
export const createRefundRequestSchema = z.object({
  money: moneySchema.optional(),
  /** Shown to the payer on the claim page and kept with the refund. */
  reason: text(200).optional(),
  destination: refundDestinationSchema.optional(),
  /** Where refund.status_changed goes; the payin's callbackUrl when absent. */
  callbackUrl: absoluteUrlSchema.optional(),
});
export type CreateRefundRequest = z.infer<typeof createRefundRequestSchema>;

/** The body of POST /refund-claims/{token}: where the payer wants the refund. */
export const claimRefundRequestSchema = z.object({ destination: refundDestinationSchema });
export type ClaimRefundRequest = z.infer<typeof claimRefundRequestSchema>;

/**
 * A sandbox outcome for a test refund (POST /sandbox/payins/{idPayin}/refunds/{idRefund}/!simulate):
 * a payout's, applied now (the reasons: a payout's, or CLAIM_EXPIRED while the claim is open).
 */
export const simulateRefundRequestSchema = simulatePayoutRequestSchema.omit({ delaySeconds: true });
export type SimulateRefundRequest = z.infer<typeof simulateRefundRequestSchema>;
