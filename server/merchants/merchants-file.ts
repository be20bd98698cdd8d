import 'server-only';
import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { PAYOUT_METHOD_CODES } from '@/lib/payouts/methods';
import { METHOD_CODES } from '@/lib/methods';
import { CURRENCY_CODES } from '@/lib/money';
import { isTimeZone } from '@/lib/format/time-zone';
import { merchantCodeSchema } from '@/lib/schemas';
import { collectionAccountsSchema, duplicateFeedKeys, webhookSecretSchema } from '../accounts';
import type { CustomerEmailKind } from './merchant';

const percentSchema = z
  .number()
  .min(0)
  .max(100)
  .refine(
    (value) =>
      Number.isInteger(Math.round(value * 100)) && Math.abs(value * 100 - Math.round(value * 100)) < 1e-9,
    {
      message: 'At most two decimal places.',
    },
  );

const feeRuleSchema = z.object({
  /** Percentage of the order amount, e.g. 2.5 */
  percent: percentSchema,
  /** Fixed part per currency in major units, e.g. { "THB": 5 } */
  fixed: z.partialRecord(z.enum(CURRENCY_CODES), z.number().min(0)).optional(),
});

export const merchantEntrySchema = z.object({
  merchantCode: merchantCodeSchema,
  secret: z.string().min(16, 'Merchant secrets must be at least 16 characters of random data.').max(256),
  channelName: z.string().trim().min(1).max(120),
  paymentMethods: z.array(z.enum(METHOD_CODES)).min(1).optional(),
  test: z.boolean().default(false),
  callbackSecret: webhookSecretSchema.optional(),
  fees: z.partialRecord(z.enum([...METHOD_CODES, 'default']), feeRuleSchema).optional(),
  /** VAT levied on the fee, in percent. */
  vatPercent: percentSchema.optional(),
  /** Fees on payouts per payout method or "default" (docs/decisions/027). */
  payoutFees: z.partialRecord(z.enum([...PAYOUT_METHOD_CODES, 'default']), feeRuleSchema).optional(),
  /** The fee on a refund (docs/decisions/036); none when absent. The payin's own fee is never given back. */
  refundFee: feeRuleSchema.optional(),
  /** Seconds a successful payin's money stays pending before it is available for payouts (default 0). */
  settlementDelaySeconds: z
    .int()
    .min(0)
    .max(90 * 24 * 3600, 'At most 90 days.')
    .optional(),
  /** The IANA time zone the console shows times in (default UTC). */
  timeZone: z.string().refine(isTimeZone, 'An IANA time zone, e.g. Asia/Bangkok.').optional(),
  /** Where live customers really pay: receiving coordinates per method (docs/decisions/028). */
  collectionAccounts: collectionAccountsSchema.optional(),
  /** The e-mails to customers, each on unless set to false (docs/decisions/052). */
  customerEmails: z
    .strictObject({
      instructions: z.boolean(),
      reminder: z.boolean(),
      receipt: z.boolean(),
      refund: z.boolean(),
    } satisfies Record<CustomerEmailKind, z.ZodBoolean>)
    .partial()
    .optional(),
});

export const merchantsFileSchema = z.object({
  merchants: z
    .array(merchantEntrySchema)
    .min(1)
    .refine(
      (list) => new Set(list.map((entry) => entry.merchantCode)).size === list.length,
      'merchantCode values must be unique.',
    )
    .superRefine(
      (list: readonly unknown[], ctx) => {
        for (const path of duplicateFeedKeys(list))
          ctx.addIssue({
            code: 'custom',
            path,
            message: "This feed API key is already another account's: each key names exactly one account.",
          });
      },
      { when: (payload) => Array.isArray(payload.value) },
    ),
});

export type MerchantEntry = z.infer<typeof merchantEntrySchema>;
export type MerchantEntryFeeRule = z.infer<typeof feeRuleSchema>;

/** Reads and validates MERCHANTS_FILE, naming the file and every problem on failure. */
export async function readMerchantsFile(path: string): Promise<MerchantEntry[]> {
  let raw: unknown;
  try {
    raw = JSON.parse(await readFile(path, 'utf8'));
  } catch (error) {
    throw new Error(`MERCHANTS_FILE ${path} could not be read as JSON: ${(error as Error).message}`);
  }
  const result = merchantsFileSchema.safeParse(raw);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `  - ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`MERCHANTS_FILE ${path} is invalid:\n${problems.join('\n')}`);
  }
  return result.data.merchants;
}
