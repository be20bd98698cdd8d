import { z } from 'zod';
import { WITHOUT_CONTROL_CHARACTERS } from './customer-data';
import { paymentOperatorCodeSchema } from './payin-request';
import { absoluteUrlSchema, moneySchema } from './primitives';

const text = (max: number) =>
  z.string().max(max).regex(WITHOUT_CONTROL_CHARACTERS, 'Must not contain control characters.');

/**
 * The body of POST /payouts/{idPayout} (docs/decisions/027): the shape of a payin's, for money
 * going out. Which account fields a method needs, and their local rules (IFSC, NUBAN, bank BINs,
 * mobile numbers, addresses), is the server's (server/payouts/destinations); the edge only checks
 * types and sizes. Unknown properties are dropped, as for payins.
 */
export const createPayoutRequestSchema = z.object({
  paymentRequested: z.object({ money: moneySchema }),
  paymentMethod: z.object({
    paymentMethodCode: z.string().min(1).max(32),
    paymentOperatorCode: paymentOperatorCodeSchema.optional(),
    account: z.object({
      accountName: text(140).optional(),
      accountNumber: text(128).min(1, 'Required.'),
      bankCode: text(32).optional(),
    }),
    phoneNumber: text(32).optional(),
    emailAddress: text(254).optional(),
  }),
  callbackUrl: absoluteUrlSchema,
});

export type CreatePayoutRequest = z.infer<typeof createPayoutRequestSchema>;

/** A sandbox outcome for a test payout (POST /sandbox/payouts/{idPayout}/!simulate). */
export const simulatePayoutRequestSchema = z.object({
  status: z.enum(['SUCCESS', 'REFUSED']),
  /** The refusal's reason, or APPROVED; defaults by status. */
  processorStatus: z
    .string()
    .regex(/^[A-Z_]{1,40}$/, 'Capital letters and underscores.')
    .optional(),
  /** Apply it this many seconds from now instead of at once (at most a day). */
  delaySeconds: z.int().min(0).max(86_400).optional(),
});

export type SimulatePayoutRequest = z.infer<typeof simulatePayoutRequestSchema>;
