import { z } from 'zod';

const feeRuleSchema = z.looseObject({
  percent: z.number(),
  fixed: z.record(z.string(), z.number()).optional(),
});

/** A collection account as the operator API shows it: its feed's secrets only as whether they are set. */
export const operatorAccountSchema = z.looseObject({
  id: z.string(),
  type: z.string(),
  currency: z.string(),
  accountName: z.string(),
  feed: z.looseObject({ apiKey: z.boolean(), webhookSecret: z.boolean() }),
});

/** A merchant as the operator API shows it (docs/decisions/035): the merchants file's terms, no secret. */
export const operatorMerchantSchema = z.looseObject({
  merchantCode: z.string(),
  channelName: z.string(),
  test: z.boolean(),
  paymentMethods: z.array(z.string()),
  fees: z.record(z.string(), feeRuleSchema).nullable(),
  vatPercent: z.number().nullable(),
  payoutFees: z.record(z.string(), feeRuleSchema).nullable(),
  /** The fee on a refund; null: none. */
  refundFee: feeRuleSchema.nullable(),
  settlementDelaySeconds: z.number().nullable(),
  /** The IANA time zone the console shows times in; null: UTC. */
  timeZone: z.string().nullable(),
  collectionAccounts: z.array(operatorAccountSchema),
  /** A live merchant's methods it cannot be offered yet, and what to configure for each. */
  notOffered: z.array(z.looseObject({ method: z.string(), currency: z.string(), missing: z.string() })),
});

/** A merchant just created: the only answer that carries its first API key's secret. */
export const createdMerchantSchema = operatorMerchantSchema.extend({ idKey: z.string(), secret: z.string() });

export const operatorMerchantListSchema = z.looseObject({ data: z.array(operatorMerchantSchema) });

/** A key the operator issued for a merchant, with its secret (shown once). */
export const operatorIssuedKeySchema = z.looseObject({
  idKey: z.string(),
  name: z.string(),
  secret: z.string(),
});

export type OperatorMerchantResource = z.infer<typeof operatorMerchantSchema>;
