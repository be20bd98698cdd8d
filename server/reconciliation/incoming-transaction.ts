import type { CurrencyCode } from '@/lib/money';

/**
 * One credit to a collection account as a bank feed, a chain watcher or a statement reports it,
 * before it is stored (server/reconciliation/formats turns each source's records into these).
 */
export interface IncomingTransaction {
  /** The bank's own id of the transaction: storing is idempotent on it, per collection account. */
  bankTransactionId: string;
  /** Major units as a decimal string, exactly as the source gave it ("1234.50"); never a float. */
  amount: string;
  /** The source's currency; undefined when it gives none (the account's currency is meant). */
  currency: CurrencyCode | undefined;
  /** When the bank booked it (value or booking date-time). */
  bookedAt: Date;
  /** The transfer note / remittance information, where the payer quotes the payin reference. */
  note: string;
  payer?: { name?: string; accountNumber?: string; bank?: string };
  /** The receiving account number or address, where the source names it (rotating crypto addresses). */
  to?: string;
  /** The record as received (a JSON object, a CSV line with its header, an XML <Ntry>), kept for audit. */
  raw: string;
}

/** A problem with one record of a statement or delivery; `where` names it (line 4, Ntry 2, transactions[0].amount). */
export interface RecordProblem {
  where: string;
  message: string;
}

/** What a parser made of a whole statement or delivery. A statement with any problem is refused whole. */
export interface ParsedTransactions {
  transactions: IncomingTransaction[];
  /** Records that are not credits to the account (debits, reversals' originals): skipped, counted. */
  skipped: number;
  problems: RecordProblem[];
}
