import { z } from 'zod';

/** One entry of the merchant's audit log (docs/decisions/034). */
export const auditEventSchema = z.looseObject({
  idEvent: z.string(),
  occurredAt: z.string(),
  /** Who: the API key whose token acted, the merchants file's secret, a person in the console, the operator. */
  actor: z.looseObject({
    type: z.enum(['API_KEY', 'MERCHANT_SECRET', 'USER', 'OPERATOR']),
    idKey: z.string().optional(),
    idUser: z.string().optional(),
    name: z.string().optional(),
  }),
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
