import { createHash } from 'node:crypto';

/**
 * Bank transaction ids for exports that have none (KBank, SCB, BCA, BDO, Maybank: docs/decisions/040).
 * Storing is idempotent on (account, bank transaction id), so the id must come out the same every
 * time the same transaction is imported, from this file or from another export that covers it:
 *
 *   "row-" + the first 32 hex digits of SHA-256 over
 *   booked instant (ISO 8601, UTC) | amount (plain decimal, no trailing zeros) | note | payer name | payer account |
 *   running balance (digits as written, separators dropped) | occurrence
 *
 * joined with U+001F. `occurrence` counts earlier rows of the file with the same values (0 for the
 * first), so two identical transfers on one day stay two transactions; the running balance, where
 * the export has one, already tells them apart. Columns the mapping does not read (a channel, a
 * branch) are left out, so an export with more or fewer of them gives the same ids.
 */
export class DerivedIds {
  private readonly seen = new Map<string, number>();

  next(parts: {
    bookedAt: Date;
    amount: string;
    note: string;
    payerName: string;
    payerAccount: string;
    balance: string;
  }): string {
    const key = [
      parts.bookedAt.toISOString(),
      // 1500, 1500.0 and 1500.00 are one amount.
      parts.amount.replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, ''),
      parts.note,
      parts.payerName,
      parts.payerAccount,
      parts.balance.replace(/[^0-9+-]/g, ''),
    ].join('\u001f');
    const occurrence = this.seen.get(key) ?? 0;
    this.seen.set(key, occurrence + 1);
    const hash = createHash('sha256').update(`${key}\u001f${occurrence}`, 'utf8').digest('hex');
    return `row-${hash.slice(0, 32)}`;
  }
}
