import type { CurrencyCode, Money } from '@/lib/money';

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

/**
 * What the bank says happened to a transfer this account sent (a payout of a pain.001 file), as a
 * camt.053 statement or camt.054 notification reports it, keyed by the transfer's EndToEndId.
 */
export interface OutgoingEntry {
  /** Booked as a debit; rejected by the bank (entry status RJCT); or the money came back (a reversal or a return). */
  kind: 'DEBIT' | 'REJECTED' | 'RETURNED';
  /** The EndToEndId the pain.001 gave the transfer (never "NOTPROVIDED"). */
  endToEndId: string;
  money: Money;
  /** Booking (or value) date, read as credits' are. */
  bookedAt: Date;
  /** ISO reason code when the bank gives one (TxDtls/RtrInf/Rsn/Cd), e.g. AC04. */
  reason?: string;
  /** Where in the file, as problems name it: "Ntry 3 (line 40), TxDtls 2". */
  where: string;
}
