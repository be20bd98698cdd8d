import { z } from 'zod';
import { SIMULATED_PAYMENTS, type SimulatedPayment } from '../sandbox/simulated-payments';
import type { FinalStatus } from '../payins/statuses';

const ONE_OF = 'Give exactly one of status and payment.';

/**
 * Body of POST /sandbox/payins/{idPayin}/!simulate: a final status for the test payin, or a payment
 * arriving for it (docs/decisions/021-sandbox-payments-and-magic-amounts.md), now or after a delay.
 */
export const simulateRequestSchema = z
  .object({
    /** The final status to move the test payin to. REFUSED with processorStatus EXPIRED expires it now. */
    status: z.enum(['SUCCESS', 'REFUSED'], { error: 'Use SUCCESS or REFUSED.' }).optional(),
    /** processorStatus to report instead of the default (APPROVED, DECLINED), e.g. INSUFFICIENT_FUNDS. */
    processorStatus: z
      .string()
      .regex(/^[A-Z][A-Z0-9_]{0,31}$/, 'Use 1–32 capital letters, digits or underscores.')
      .optional(),
    /**
     * Money arriving for the payin: an amount in its currency, or EXACT, SHORT (10 % less) or OVER
     * (10 % more) than the amount to pay. Accepted after the payin ended too (a late payment).
     */
    payment: z
      .union([z.enum(SIMULATED_PAYMENTS), z.object({ amount: z.number() })], {
        error: 'Use EXACT, SHORT, OVER or { "amount": <number in the payin\'s currency> }.',
      })
      .optional(),
    /** Apply the outcome after this many seconds instead of now (at most an hour). */
    delaySeconds: z.int().min(0).max(3600).optional(),
  })
  .check((context) => {
    const { status, payment, processorStatus } = context.value;
    if ((status === undefined) === (payment === undefined))
      context.issues.push({
        code: 'custom',
        input: context.value,
        path: status === undefined ? [] : ['payment'],
        message: ONE_OF,
      });
    if (payment !== undefined && processorStatus !== undefined)
      context.issues.push({
        code: 'custom',
        input: processorStatus,
        path: ['processorStatus'],
        message: 'processorStatus goes with status; a payment decides it.',
      });
  })
  .meta({ oneOf: [{ required: ['status'] }, { required: ['payment'] }] })
  .transform((body): SimulateRequest => {
    const delay = body.delaySeconds === undefined ? {} : { delaySeconds: body.delaySeconds };
    if (body.payment !== undefined) return { kind: 'payment', payment: body.payment, ...delay };
    return {
      kind: 'status',
      status: body.status ?? 'SUCCESS', // always set here: the check above wants status or payment
      ...(body.processorStatus !== undefined && { processorStatus: body.processorStatus }),
      ...delay,
    };
  });

/** A simulation, as the sandbox applies it. */
export type SimulateRequest =
  | {
      kind: 'status';
      status: FinalStatus;
      processorStatus?: string;
      delaySeconds?: number;
    }
  | { kind: 'payment'; payment: SimulatedPayment | { amount: number }; delaySeconds?: number };

/** What the customer chose on the simulated payment institution's page. */
export const institutionDecisionSchema = z.object({ decision: z.enum(['approve', 'decline']) });
