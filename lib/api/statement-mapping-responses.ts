import { z } from 'zod';
import { statementMappingObjectSchema } from '../statements';

/**
 * GET and PUT /collection/accounts/{accountId}/statement-mapping (docs/decisions/040): the mapping
 * the account's CSV statements are read with when an import names none; null: our own layout.
 */
export const statementMappingResponseSchema = z.looseObject({
  accountId: z.string(),
  mapping: statementMappingObjectSchema.nullable(),
  /** When it was saved, and by whom (the console's person, an API key, the merchant secret). */
  updatedAt: z.string().optional(),
  updatedBy: z.string().optional(),
});
export type StatementMappingResource = z.infer<typeof statementMappingResponseSchema>;
