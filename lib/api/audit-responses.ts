import { z } from 'zod';

/** One entry of the merchant's audit log (docs/decisions/034). */
export const auditEventSchema = z.looseObject({
  idEvent: z.string(),
  occurredAt: z.string(),
  /** Who: the API key whose token acted, or the merchants file's secret. */
  actor: z.looseObject({ type: z.enum(['API_KEY', 'MERCHANT_SECRET']), idKey: z.string().optional() }),
  action: z.string(),
  target: z.string().nullable(),
  clientAddress: z.string(),
  requestId: z.string(),
  details: z.record(z.string(), z.unknown()),
});

export const auditEventPageSchema = z.looseObject({
  data: z.array(auditEventSchema),
  nextCursor: z.string().optional(),
});

export type AuditEventResource = z.infer<typeof auditEventSchema>;
