import { z } from 'zod';
import { apiMoneySchema, PAYIN_STATUS_VALUES } from './responses';

/** 202 answer of a delayed simulation: the status it will apply, or the payment that will arrive. */
export const simulationScheduledSchema = z.looseObject({
  idPayin: z.string(),
  status: z.enum(['SUCCESS', 'REFUSED']).optional(),
  /** The amount the delayed payment will pay (EXACT, SHORT and OVER resolved now). */
  payment: apiMoneySchema.optional(),
  dueAt: z.string(),
});

/** What the simulated payment institution's page shows the customer. */
export const institutionSessionSchema = z.looseObject({
  idPayin: z.string(),
  merchantName: z.string(),
  money: apiMoneySchema,
  paymentMethodCode: z.string(),
  paymentOperator: z.looseObject({ code: z.string(), name: z.string() }).optional(),
  status: z.enum(PAYIN_STATUS_VALUES),
  isTest: z.boolean(),
  expireAt: z.string(),
  returnUrl: z.string(),
});

export const institutionDecisionResponseSchema = z.looseObject({
  status: z.enum(PAYIN_STATUS_VALUES),
  returnUrl: z.string(),
});

export type InstitutionSession = z.infer<typeof institutionSessionSchema>;
