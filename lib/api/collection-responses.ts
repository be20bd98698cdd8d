import { z } from 'zod';
import { CURRENCY_CODES } from '../money/currencies';

const apiMoneySchema = z.looseObject({ amount: z.number(), currencyCode: z.enum(CURRENCY_CODES) });

/** What matching made of an incoming transaction (docs/decisions/028). */
export const COLLECTION_OUTCOMES = [
  'RECEIVED',
  'APPLIED',
  'PARTIAL',
  'OVERPAID',
  'LATE',
  'UNMATCHED',
] as const;
export type CollectionOutcomeCode = (typeof COLLECTION_OUTCOMES)[number];

/** Where an incoming transaction came from: our feed JSON, a SePay webhook, a CSV or camt.053 statement. */
export const COLLECTION_SOURCES = ['FEED', 'SEPAY', 'CSV', 'CAMT053', 'CHAIN'] as const;

/** The largest statement file POST /collection/statements takes (a month of a busy account's camt.053 is well under 1 MB). */
export const STATEMENT_MAX_BYTES = 5 * 1024 * 1024;

/** The largest bank-feed delivery POST /collection/transactions takes: up to 500 transactions of JSON. */
export const FEED_DELIVERY_MAX_BYTES = 1024 * 1024;

/** One incoming transaction of a collection account, as stored and matched. */
export const collectionTransactionSchema = z.looseObject({
  /** Our id of the stored transaction (paths /collection/transactions/{id}). */
  id: z.string(),
  accountId: z.string(),
  /** The bank's id of the transaction: storing is idempotent on it per account. */
  bankTransactionId: z.string(),
  money: apiMoneySchema,
  bookedAt: z.string(),
  receivedAt: z.string(),
  note: z.string(),
  payer: z.record(z.string(), z.string()).optional(),
  to: z.string().optional(),
  source: z.enum(COLLECTION_SOURCES),
  outcome: z.enum(COLLECTION_OUTCOMES),
  /** How its payin was found. */
  matchedBy: z.enum(['REFERENCE', 'AMOUNT', 'ADDRESS', 'LINKED']).optional(),
  idPayin: z.string().optional(),
  /** The part a payin's credit took. */
  applied: apiMoneySchema,
  /** Received and owed to no payin: what review resolves. */
  unapplied: apiMoneySchema,
  /** Whether it waits in the review queue. */
  needsReview: z.boolean(),
  resolution: z
    .looseObject({
      kind: z.enum(['LINKED', 'REFUNDED']),
      by: z.string(),
      at: z.string(),
      note: z.string().optional(),
    })
    .optional(),
  /** The record exactly as the bank or the statement gave it. */
  raw: z.string(),
});
export type CollectionTransactionResource = z.infer<typeof collectionTransactionSchema>;

export const collectionTransactionPageSchema = z.looseObject({
  data: z.array(collectionTransactionSchema),
  nextCursor: z.string().optional(),
});
export type CollectionTransactionPage = z.infer<typeof collectionTransactionPageSchema>;

/** POST /collection/transactions and /collection/statements: what became of each record. */
export const collectionIngestResponseSchema = z.looseObject({
  /** For bank-feed services that look for it (SePay). */
  success: z.literal(true),
  stored: z.number().int(),
  duplicates: z.number().int(),
  /** Records that were not credits (debits, pending entries): not stored. */
  skipped: z.number().int(),
  transactions: z.array(
    z.looseObject({
      duplicate: z.boolean(),
      transaction: collectionTransactionSchema,
    }),
  ),
  /**
   * A statement of an account that pays out by file (decision 038): what its debits, rejections and
   * returns did to the payouts (idPayouts) and refunds (idRefunds, decision 042) of its downloaded
   * batches, by EndToEndId.
   */
  payouts: z
    .looseObject({
      succeeded: z.array(z.string()),
      refused: z.array(z.string()),
      refunds: z.looseObject({ succeeded: z.array(z.string()), refused: z.array(z.string()) }),
      unchanged: z.number().int(),
      problems: z.array(z.looseObject({ where: z.string(), endToEndId: z.string(), message: z.string() })),
    })
    .optional(),
});
export type CollectionIngestResource = z.infer<typeof collectionIngestResponseSchema>;

/** GET /collection/accounts: the merchant's collection accounts, without their feed secrets. */
export const collectionAccountsResponseSchema = z.looseObject({
  data: z.array(
    z.looseObject({
      id: z.string(),
      type: z.string(),
      currencyCode: z.enum(CURRENCY_CODES),
      accountName: z.string(),
      /** The coordinates payers use, as configured (account number, PromptPay ID, VPA, addresses…). */
      coordinates: z.record(z.string(), z.unknown()),
      /** How its bank feed may authenticate: an API key, a Standard Webhooks signature, both or none. */
      feed: z.looseObject({ apiKey: z.boolean(), webhookSignature: z.boolean() }),
    }),
  ),
});
export type CollectionAccountsResource = z.infer<typeof collectionAccountsResponseSchema>;
export type CollectionAccountResource = CollectionAccountsResource['data'][number];
