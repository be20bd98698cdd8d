import { z } from 'zod';
import { CURRENCY_CODES } from '@/lib/money';
import type { ParsedTransactions, RecordProblem } from '../incoming-transaction';
import {
  readAmount,
  bankTransactionIdProblem,
  finishParse,
  parseBookedAt,
  type ParsedRecord,
} from './record-checks';
import { hasNul, NUL_MESSAGE } from './text-checks';

/**
 * Our own bank-feed delivery, POST /api/collection/transactions: what a feed or chain watcher we do
 * not have an adapter for sends. Unknown fields are ignored so feeds can send more than we read.
 */

export const MAX_FEED_TRANSACTIONS = 500;
const MAX_NOTE = 500;

/** JSON numbers are refused: many JSON libraries turn 1234.50 into a binary float on the way. */
const AMOUNT_AS_STRING =
  'Send the amount as a decimal string such as "1234.50": JSON numbers are not accepted, they may lose digits on the way.';

const text = (max: number) =>
  z
    .string()
    .max(max, `At most ${max} characters.`)
    .refine((value) => !hasNul(value), NUL_MESSAGE);
const optionalText = (max: number) => text(max).optional();

export const feedTransactionSchema = z
  .object({
    id: z.string({ error: 'Required: the bank transaction id, a string.' }).superRefine((id, ctx) => {
      const problem = bankTransactionIdProblem(id);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
    amount: z.string({
      error: (issue) =>
        issue.input === undefined ? 'Required: a decimal string such as "1234.50".' : AMOUNT_AS_STRING,
    }),
    /** Optional: without it the collection account's currency is meant. */
    currency: z.enum(CURRENCY_CODES, { error: `One of ${CURRENCY_CODES.join(', ')}.` }).optional(),
    bookedAt: z.string({ error: 'Required: an ISO 8601 date-time with offset.' }).transform((text, ctx) => {
      const parsed = parseBookedAt(text);
      if (parsed.ok) return parsed.date;
      ctx.addIssue({ code: 'custom', message: parsed.message });
      return z.NEVER;
    }),
    /** Where the payer quotes the payin reference; absent or empty for chain transfers. */
    note: z
      .string({ error: 'The transfer note, a string.' })
      .max(MAX_NOTE, `At most ${MAX_NOTE} characters.`)
      .refine((value) => !hasNul(value), NUL_MESSAGE)
      .default(''),
    payer: z
      .object({ name: optionalText(200), accountNumber: optionalText(100), bank: optionalText(100) })
      .optional(),
    to: optionalText(200),
  })
  .superRefine((transaction, ctx) => {
    const read = readAmount(transaction.amount, transaction.currency, 'dot');
    if (!read.ok) ctx.addIssue({ code: 'custom', path: ['amount'], message: read.message });
  });

export const feedDeliverySchema = z.object({
  transactions: z
    .array(feedTransactionSchema)
    .min(1, 'At least one transaction.')
    .max(MAX_FEED_TRANSACTIONS, `At most ${MAX_FEED_TRANSACTIONS} transactions per delivery.`),
});

export type FeedTransaction = z.infer<typeof feedTransactionSchema>;
export type FeedDelivery = z.infer<typeof feedDeliverySchema>;

/** The envelope alone, so one bad transaction does not hide the others' problems. */
const envelopeSchema = z.object(
  {
    transactions: z
      .array(z.unknown(), { error: 'Required: an array of transactions.' })
      .min(1, 'At least one transaction.')
      .max(MAX_FEED_TRANSACTIONS, `At most ${MAX_FEED_TRANSACTIONS} transactions per delivery.`),
  },
  { error: 'A JSON object with a "transactions" array.' },
);

/**
 * Parses a feed delivery: each transaction is checked on its own, and every problem is named by
 * its JSON path (`transactions[2].amount`). `raw` is the transaction object as received.
 */
export function parseFeedDelivery(body: unknown): ParsedTransactions {
  const envelope = envelopeSchema.safeParse(body);
  if (!envelope.success)
    return finishParse({ records: [], skipped: 0, problems: toProblems(envelope.error, []) });
  const records: ParsedRecord[] = [];
  const problems: RecordProblem[] = [];
  envelope.data.transactions.forEach((item, index) => {
    const at = ['transactions', index];
    const parsed = feedTransactionSchema.safeParse(item);
    if (!parsed.success) {
      problems.push(...toProblems(parsed.error, at));
      return;
    }
    const { id, amount, currency, bookedAt, note, payer, to } = parsed.data;
    records.push({
      idWhere: jsonPath([...at, 'id']),
      transaction: {
        bankTransactionId: id,
        amount,
        currency,
        bookedAt,
        note,
        ...(payer && { payer }),
        ...(to !== undefined && { to }),
        raw: JSON.stringify(item),
      },
    });
  });
  return finishParse({ records, skipped: 0, problems });
}

function toProblems(error: z.ZodError, prefix: PropertyKey[]): RecordProblem[] {
  return error.issues.map((issue) => ({
    where: jsonPath([...prefix, ...issue.path]),
    message: issue.message,
  }));
}

/** `transactions[2].payer.name`; the body itself is `body`. */
export function jsonPath(path: PropertyKey[]): string {
  let text = '';
  for (const key of path) text += typeof key === 'number' ? `[${key}]` : `${text ? '.' : ''}${String(key)}`;
  return text || 'body';
}
