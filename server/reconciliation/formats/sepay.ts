import { z } from 'zod';
import { homeOffset } from '../../rails';
import type { ParsedTransactions, RecordProblem } from '../incoming-transaction';
import { finishParse, parseBookedAt, readAmount } from './record-checks';
import { hasNul, NUL_MESSAGE } from './text-checks';

/**
 * SePay (Vietnamese bank-feed service) webhook: one bank transaction per POST, its documented
 * payload (developer.sepay.vn, "Integrate webhook"): id, gateway, transactionDate, accountNumber,
 * code, content, transferType, transferAmount, accumulated, subAccount, referenceCode, description.
 */

/** SePay writes Vietnam local time without offset ("2023-03-25 14:02:37"); Vietnam keeps no DST. */
const SEPAY_TIME_ZONE = homeOffset('VND');

const text = z.string().refine((value) => !hasNul(value), NUL_MESSAGE);

/** A SePay webhook payload as parsed (documented as the bank-feed route's SePay body). */
export const sepaySchema = z.object(
  {
    // SePay's own id is what it retries with, so storing stays idempotent across its retries.
    id: z.union([z.int().positive(), z.string().regex(/^\d{1,20}$/)], {
      error: 'SePay’s numeric transaction id.',
    }),
    transactionDate: z.string({ error: 'Vietnam local time, "YYYY-MM-DD HH:mm:ss".' }),
    accountNumber: text.nullish(),
    subAccount: text.nullish(),
    content: text.nullish(),
    description: text.nullish(),
    transferType: z.enum(['in', 'out'], { error: 'Either "in" or "out".' }),
    // VND has no minor unit: SePay sends whole dong as a JSON integer.
    transferAmount: z.union([z.int(), z.string()], { error: 'Whole dong, an integer: VND has no decimals.' }),
  },
  { error: 'A SePay webhook payload, a JSON object.' },
);

/** Whether a webhook body looks like SePay's (the bank-feed route dispatches on it). */
export function isSePayPayload(body: unknown): boolean {
  return typeof body === 'object' && body !== null && 'transferType' in body && 'transferAmount' in body;
}

/**
 * Turns one SePay webhook into an incoming VND transaction; an outgoing transfer is skipped. Every
 * problem is named by its payload field.
 */
export function parseSePay(body: unknown): ParsedTransactions {
  const parsed = sepaySchema.safeParse(body);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => ({
      where: issue.path.map(String).join('.') || 'body',
      message: issue.message,
    }));
    return finishParse({ records: [], skipped: 0, problems });
  }
  const payload = parsed.data;
  if (payload.transferType === 'out') return finishParse({ records: [], skipped: 1, problems: [] });

  const problems: RecordProblem[] = [];
  const amount = String(payload.transferAmount);
  const read = readAmount(amount, 'VND', 'dot');
  if (!read.ok) problems.push({ where: 'transferAmount', message: read.message });
  const bookedAt = parseBookedAt(payload.transactionDate, { timeZone: SEPAY_TIME_ZONE });
  if (!bookedAt.ok) problems.push({ where: 'transactionDate', message: bookedAt.message });
  if (problems.length > 0 || !bookedAt.ok) return finishParse({ records: [], skipped: 0, problems });

  const to = payload.subAccount || payload.accountNumber || undefined;
  return finishParse({
    records: [
      {
        idWhere: 'id',
        transaction: {
          bankTransactionId: String(payload.id),
          amount,
          currency: 'VND',
          bookedAt: bookedAt.date,
          // content is what the payer typed; description is SePay's wrapper text around it.
          note: payload.content || payload.description || '',
          ...(to !== undefined && { to }),
          raw: JSON.stringify(body),
        },
      },
    ],
    skipped: 0,
    problems: [],
  });
}
