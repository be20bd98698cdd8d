import 'server-only';
import type { Money } from '@/lib/money';

/** What a batch's row says: READY to download, DOWNLOADED (handed to the bank), CANCELLED before that. */
export const PAYOUT_BATCH_ROW_STATUSES = ['READY', 'DOWNLOADED', 'CANCELLED'] as const;
export type PayoutBatchRowStatus = (typeof PAYOUT_BATCH_ROW_STATUSES)[number];

/** The one file format so far: ISO 20022 pain.001, version .001.09. */
export const PAYOUT_FILE_FORMAT = 'pain.001.001.09';

/** Transfers (payouts and refunds) in one file at most: a bank portal takes files of a few thousand. */
export const MAX_PAYOUTS_PER_BATCH = 5_000;

/**
 * A batch of live bank payouts (decision 038) and refunds (decision 042), paid from one collection
 * account by one pain.001 file.
 */
export interface PayoutBatch {
  id: bigint;
  merchantCode: string;
  /** pb_ and 24 hex digits: the file's MsgId and PmtInfId. */
  idBatch: string;
  accountId: string;
  format: typeof PAYOUT_FILE_FORMAT;
  status: PayoutBatchRowStatus;
  payoutCount: number;
  refundCount: number;
  /** What the file pays: its payouts and refunds. */
  total: Money;
  /** YYYY-MM-DD: the day the bank is asked to execute it, in the account currency's home time. */
  executionDate: string;
  actor: string | undefined;
  createdAt: Date;
  downloadedAt: Date | undefined;
  cancelledAt: Date | undefined;
}

/**
 * What an account's statement or notification says of a transfer the account sent, by EndToEndId
 * (read by server/reconciliation/formats): booked as a debit, rejected by the bank, or returned.
 */
export interface BankReportEntry {
  kind: 'DEBIT' | 'REJECTED' | 'RETURNED';
  endToEndId: string;
  money: Money;
  bookedAt: Date;
  /** The ISO 20022 reason code the bank gave, e.g. AC04. */
  reason?: string | undefined;
  /** Where in the file: named in problems. */
  where: string;
}

/** What importing a bank report did to the account's payouts and refunds. */
export interface BankReportResult {
  /** idPayouts that ended SUCCESS by this report. */
  succeeded: string[];
  /** idPayouts that ended REFUSED by this report. */
  refused: string[];
  /** The same for refunds (decision 042): idRefunds. */
  refunds: { succeeded: string[]; refused: string[] };
  /** Entries of payouts or refunds that had ended already (the same report again, say). */
  unchanged: number;
  /** Entries that could not be applied, with why; the payouts and refunds they name stay as they were. */
  problems: { where: string; endToEndId: string; message: string }[];
}
