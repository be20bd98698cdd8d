import { z } from 'zod';

/** Body of POST /sandbox/payins/{idPayin}/!simulate. */
export const simulateRequestSchema = z.object({
  /** The final status to move the test payin to. */
  status: z.enum(['SUCCESS', 'REFUSED'], { error: 'Use SUCCESS or REFUSED.' }),
  /** processorStatus to report instead of the default (APPROVED, DECLINED), e.g. INSUFFICIENT_FUNDS. */
  processorStatus: z
    .string()
    .regex(/^[A-Z][A-Z0-9_]{0,31}$/, 'Use 1–32 capital letters, digits or underscores.')
    .optional(),
  /** Apply the outcome after this many seconds instead of now (at most an hour). */
  delaySeconds: z.int().min(0).max(3600).optional(),
});

export type SimulateRequest = z.infer<typeof simulateRequestSchema>;

/** What the customer chose on the simulated payment institution's page. */
export const institutionDecisionSchema = z.object({ decision: z.enum(['approve', 'decline']) });
