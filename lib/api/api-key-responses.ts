import { z } from 'zod';

/** One of the merchant's API keys as the API shows it: never its secret (docs/decisions/033). */
export const apiKeySchema = z.looseObject({
  idKey: z.string(),
  name: z.string(),
  /** The operations tokens minted with it may carry; null: any. */
  operations: z.array(z.string()).nullable(),
  /** Client addresses and CIDR ranges it may be used from; null: any. */
  allowedAddresses: z.array(z.string()).nullable(),
  expiresAt: z.string().nullable(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});

/** A key just made: the only answer that carries its secret. */
export const createdApiKeySchema = apiKeySchema.extend({ secret: z.string() });

export const apiKeyListSchema = z.looseObject({ data: z.array(apiKeySchema) });

export type ApiKeyResource = z.infer<typeof apiKeySchema>;
