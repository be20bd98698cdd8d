import 'server-only';
import type { Kysely } from 'kysely';
import { sameMoney, toDecimalString } from '@/lib/money';
import type { Database } from '../../db';
import { payoutStatusForReturnReason } from '../../rails';
import { batchStatuses } from './batch.repository';
import type { BatchItem, BatchItemKind, BatchSource } from './batch-source';
import type { BankReportEntry, BankReportResult } from './payout-batch';

/** How problems name an item: "Payout po-1", "Refund rf-1". */
const LABELS: Record<BatchItemKind, string> = { PAYOUT: 'Payout', REFUND: 'Refund' };
const labelOf = (item: BatchItem) => `${LABELS[item.kind]} ${item.ownId}`;

/**
 * What an account's statement or notification does to the payouts and refunds of its downloaded
 * batches, by EndToEndId (docs/decisions/038, 042): returns and rejections first (a transfer
 * debited and returned in one report ends REFUSED), then debits; a return of one paid by an earlier
 * report ends it REFUSED after all, its debit undone (decision 044). A debit of another amount, an
 * item in no downloaded batch or an unknown EndToEndId is a problem and changes nothing; the same
 * report again changes nothing. Each item ends in its owner's transaction (BatchSource.settle).
 */
export async function applyBankReport(input: {
  db: Kysely<Database>;
  sources: readonly BatchSource[];
  merchantCode: string;
  accountId: string;
  entries: readonly BankReportEntry[];
}): Promise<BankReportResult> {
  const { db, sources, accountId, entries } = input;
  const result: BankReportResult = {
    succeeded: [],
    refused: [],
    refunds: { succeeded: [], refused: [] },
    unchanged: 0,
    problems: [],
  };
  if (entries.length === 0) return result;
  const query = {
    merchantCode: input.merchantCode,
    accountId,
    endToEndIds: [...new Set(entries.map((entry) => entry.endToEndId))],
  };
  // EndToEndIds are unique per account across the sources (decision 042): no two answer one.
  const found = new Map<string, { item: BatchItem; source: BatchSource }>();
  for (const source of sources)
    for (const [endToEndId, item] of await source.findByEndToEnd(db, query))
      found.set(endToEndId, { item, source });
  const statuses = await batchStatuses(db, [
    ...new Set([...found.values()].flatMap(({ item }) => (item.batchId === undefined ? [] : [item.batchId]))),
  ]);
  const ordered = [
    ...entries.filter((entry) => entry.kind !== 'DEBIT'),
    ...entries.filter((entry) => entry.kind === 'DEBIT'),
  ];
  const ended = new Set<BatchItem>();
  for (const entry of ordered) {
    const problem = (message: string) =>
      result.problems.push({ where: entry.where, endToEndId: entry.endToEndId, message });
    const match = found.get(entry.endToEndId);
    if (!match) {
      problem(`No payout or refund of account ${accountId} has EndToEndId ${entry.endToEndId}.`);
      continue;
    }
    const { item, source } = match;
    if (item.batchId === undefined || statuses.get(item.batchId) !== 'DOWNLOADED') {
      problem(`${labelOf(item)} is in no downloaded batch: the bank cannot have its file.`);
      continue;
    }
    if (entry.kind === 'RETURNED' && item.status === 'SUCCESS' && !ended.has(item)) {
      // Paid by an earlier report and sent back now (decision 044): REFUSED after all.
      ended.add(item);
      const returned = await source.returnPaid(item, payoutStatusForReturnReason(entry.reason));
      if (!returned) result.unchanged++;
      else (item.kind === 'PAYOUT' ? result : result.refunds).refused.push(item.ownId);
      continue;
    }
    if (ended.has(item) || item.status !== 'PENDING') {
      result.unchanged++;
      continue;
    }
    if (entry.kind === 'DEBIT' && !sameMoney(entry.money, item.money)) {
      problem(
        `The debit of ${toDecimalString(entry.money)} ${entry.money.currency} is not ` +
          `${LABELS[item.kind].toLowerCase()} ${item.ownId}'s ${toDecimalString(item.money)} ${item.money.currency}: it stays pending.`,
      );
      continue;
    }
    ended.add(item);
    const finished = await source.settle(
      item,
      entry.kind === 'DEBIT'
        ? { status: 'SUCCESS', processorStatus: 'APPROVED' }
        : { status: 'REFUSED', processorStatus: payoutStatusForReturnReason(entry.reason) },
    );
    if (!finished) {
      result.unchanged++;
      continue;
    }
    const lists = item.kind === 'PAYOUT' ? result : result.refunds;
    (finished.status === 'SUCCESS' ? lists.succeeded : lists.refused).push(item.ownId);
  }
  return result;
}
