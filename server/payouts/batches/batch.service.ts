import 'server-only';
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { moneyOf, sameMoney } from '@/lib/money';
import { findCollectionAccount, collectionBanks, type BankAccountCollection } from '../../accounts';
import { systemClock, type Clock } from '../../clock';
import type { Database } from '../../db';
import { AppError } from '../../errors';
import type { Merchant } from '../../merchants';
import { KeysetCursors } from '../../paging';
import { homeOffset, payoutStatusForReturnReason } from '../../rails';
import type { Payout } from '../payout';
import type { PayoutService } from '../payout.service';
import {
  cancelBatch,
  findBatch,
  insertBatch,
  listBatches,
  lockBatch,
  lockQueuedPayouts,
  markDownloaded,
  payoutsByEndToEnd,
  payoutsOfBatch,
  pendingCounts,
} from './batch.repository';
import { pain001Xml, type Pain001Agent } from './pain001';
import {
  MAX_PAYOUTS_PER_BATCH,
  PAYOUT_FILE_FORMAT,
  type BankReportEntry,
  type BankReportResult,
  type PayoutBatch,
} from './payout-batch';

/** A batch as read: its payouts and how many of them are still pending. */
export interface PayoutBatchView {
  batch: PayoutBatch;
  payouts: Payout[];
  pending: number;
}

const ID_BATCH = /^pb_[0-9a-f]{24}$/;

/** The day in the currency's home time: "2026-11-27". */
function homeDate(at: Date, offset: string): string {
  const sign = offset.startsWith('-') ? -1 : 1;
  const [hours, minutes] = offset.slice(1).split(':').map(Number) as [number, number];
  return new Date(at.getTime() + sign * (hours * 60 + minutes) * 60_000).toISOString().slice(0, 10);
}

/**
 * Bank payouts by file (docs/decisions/038-bank-payouts-by-file.md): a live payout to a bank account
 * waits in the queue of the collection account paying out its currency; a batch takes the queue
 * (POST /payout-batches), its pain.001 file is downloaded for the bank's business portal, and the
 * account's camt.053 statement or camt.054 notification ends each payout by its EndToEndId:
 * booked debit → SUCCESS, rejection or return → REFUSED and released. A batch may be cancelled
 * until it is downloaded; its payouts go back to the queue.
 */
export class PayoutBatchService {
  private readonly db: Kysely<Database>;
  private readonly payouts: PayoutService;
  private readonly now: Clock;
  private readonly cursors: KeysetCursors;

  constructor(options: {
    db: Kysely<Database>;
    payouts: PayoutService;
    clock?: Clock;
    cursorSecret: Uint8Array;
  }) {
    this.db = options.db;
    this.payouts = options.payouts;
    this.now = options.clock ?? systemClock;
    this.cursors = new KeysetCursors(options.cursorSecret, 'payout-batch-list-cursor');
  }

  /**
   * Cuts a batch of the account's waiting payouts, oldest first (at most MAX_PAYOUTS_PER_BATCH).
   * `accountId` may be left out when one account pays out. 422 PAYOUT_BATCH_EMPTY when none waits.
   */
  async create(merchant: Merchant, input: { accountId?: string | undefined; actor?: string | undefined }) {
    const account = this.payingAccount(merchant, input.accountId);
    const at = this.now();
    const batch = await this.db.transaction().execute(async (tx) => {
      const queued = await lockQueuedPayouts(tx, {
        merchantCode: merchant.code,
        accountId: account.id,
        limit: MAX_PAYOUTS_PER_BATCH,
      });
      if (queued.length === 0)
        throw new AppError(
          'PAYOUT_BATCH_EMPTY',
          `No live payout of account ${account.id} is waiting for a batch.`,
        );
      const total = queued.reduce((sum, payout) => sum + payout.money.minor, 0n);
      return insertBatch(
        tx,
        {
          merchant_code: merchant.code,
          id_batch: `pb_${randomBytes(12).toString('hex')}`,
          account_id: account.id,
          currency_code: account.currency,
          format: PAYOUT_FILE_FORMAT,
          status: 'READY',
          payout_count: queued.length,
          total_minor: total,
          execution_date: homeDate(at, homeOffset(account.currency)),
          actor: input.actor ?? null,
          created_at: at,
        },
        queued.map((payout) => payout.id),
      );
    });
    return this.view(batch);
  }

  async get(merchant: Merchant, idBatch: string): Promise<PayoutBatchView> {
    return this.view(await this.find(merchant, idBatch));
  }

  async list(merchant: Merchant, query: { limit: number; cursor?: string | undefined }) {
    const page = await this.cursors.page(merchant.code, query, (beforeId, limit) =>
      listBatches(this.db, { merchantCode: merchant.code, beforeId, limit }),
    );
    const pending = await pendingCounts(
      this.db,
      page.items.map((batch) => batch.id),
    );
    return {
      batches: page.items.map((batch) => ({ batch, pending: pending.get(batch.id) ?? 0 })),
      nextCursor: page.nextCursor,
    };
  }

  /**
   * The batch's pain.001 file; the first download marks it DOWNLOADED (from then on it cannot be
   * cancelled: the bank may have it). The same bytes every time. 409 once cancelled.
   */
  async file(merchant: Merchant, idBatch: string): Promise<{ batch: PayoutBatch; xml: string }> {
    const found = await this.find(merchant, idBatch);
    // The account that paid when the batch was cut, even if it has stopped paying out since.
    const account = findCollectionAccount(merchant, found.accountId);
    if (account?.type !== 'BANK_ACCOUNT')
      throw new AppError(
        'PAYOUTS_NOT_AVAILABLE',
        `Collection account ${found.accountId}, which this batch pays from, is no longer the merchant's bank account.`,
      );
    const batch = await this.db.transaction().execute(async (tx) => {
      const locked = await lockBatch(tx, found.id);
      if (locked.status === 'CANCELLED')
        throw new AppError(
          'PAYOUT_BATCH_CANCELLED',
          `Payout batch ${idBatch} was cancelled: it has no file.`,
        );
      return locked.status === 'READY' ? markDownloaded(tx, locked.id, this.now()) : locked;
    });
    const payouts = await payoutsOfBatch(this.db, batch.id);
    return { batch, xml: this.pain001(account, batch, payouts) };
  }

  /** Cancels a batch nobody downloaded: its payouts wait for the next one. 409 once downloaded. */
  async cancel(merchant: Merchant, idBatch: string): Promise<PayoutBatchView> {
    const found = await this.find(merchant, idBatch);
    const batch = await this.db.transaction().execute(async (tx) => {
      const locked = await lockBatch(tx, found.id);
      if (locked.status === 'DOWNLOADED')
        throw new AppError(
          'PAYOUT_BATCH_DOWNLOADED',
          `Payout batch ${idBatch} was downloaded at ${locked.downloadedAt?.toISOString()}: the bank may have it, so ` +
            'it can no longer be cancelled here.',
        );
      if (locked.status === 'CANCELLED')
        throw new AppError('PAYOUT_BATCH_CANCELLED', `Payout batch ${idBatch} was cancelled already.`);
      return cancelBatch(tx, locked.id, this.now());
    });
    return this.view(batch);
  }

  /**
   * Applies what the account's statement or notification says of its transfers: returns and
   * rejections first (a payout debited and returned in one report ends REFUSED), then debits.
   * Only payouts of a downloaded batch of this account are touched; a debit of another amount is
   * a problem and changes nothing. Idempotent: the same report again changes nothing.
   */
  async applyBankReport(
    merchant: Merchant,
    accountId: string,
    entries: readonly BankReportEntry[],
  ): Promise<BankReportResult> {
    const result: BankReportResult = { succeeded: [], refused: [], unchanged: 0, problems: [] };
    if (entries.length === 0) return result;
    const found = await payoutsByEndToEnd(this.db, {
      merchantCode: merchant.code,
      accountId,
      endToEndIds: [...new Set(entries.map((entry) => entry.endToEndId))],
    });
    const ordered = [
      ...entries.filter((entry) => entry.kind !== 'DEBIT'),
      ...entries.filter((entry) => entry.kind === 'DEBIT'),
    ];
    const ended = new Set<string>();
    for (const entry of ordered) {
      const problem = (message: string) =>
        result.problems.push({ where: entry.where, endToEndId: entry.endToEndId, message });
      const match = found.get(entry.endToEndId);
      if (!match) {
        problem(`No payout of account ${accountId} has EndToEndId ${entry.endToEndId}.`);
        continue;
      }
      const { payout } = match;
      if (match.batchStatus !== 'DOWNLOADED') {
        problem(`Payout ${payout.idPayout} is in no downloaded batch: the bank cannot have its file.`);
        continue;
      }
      if (ended.has(payout.idPayout) || payout.status !== 'PENDING') {
        if (entry.kind === 'RETURNED' && payout.status === 'SUCCESS' && !ended.has(payout.idPayout))
          problem(
            `Payout ${payout.idPayout} had succeeded and is returned now: its money is back on the account, ` +
              'but the payout stays SUCCESS; credit it to the merchant by hand (decision 038).',
          );
        else result.unchanged++;
        continue;
      }
      if (entry.kind === 'DEBIT' && !sameMoney(entry.money, payout.money)) {
        problem(
          `The debit of ${entry.money.minor} minor units ${entry.money.currency} is not payout ` +
            `${payout.idPayout}'s ${payout.money.minor} ${payout.money.currency}: it stays pending.`,
        );
        continue;
      }
      ended.add(payout.idPayout);
      try {
        const finished =
          entry.kind === 'DEBIT'
            ? await this.payouts.finish(payout, 'SUCCESS', { processorStatus: 'APPROVED' })
            : await this.payouts.finish(payout, 'REFUSED', {
                processorStatus: payoutStatusForReturnReason(entry.reason),
              });
        (finished.status === 'SUCCESS' ? result.succeeded : result.refused).push(payout.idPayout);
      } catch (error) {
        // The same report imported twice at once: the other import ended it first.
        if (!(error instanceof AppError && error.code === 'PAYOUT_FINAL')) throw error;
        result.unchanged++;
      }
    }
    return result;
  }

  private async find(merchant: Merchant, idBatch: string): Promise<PayoutBatch> {
    const batch = ID_BATCH.test(idBatch) ? await findBatch(this.db, merchant.code, idBatch) : undefined;
    if (!batch) throw new AppError('PAYOUT_BATCH_NOT_FOUND', `No payout batch ${idBatch} for this merchant.`);
    return batch;
  }

  private async view(batch: PayoutBatch): Promise<PayoutBatchView> {
    const payouts = await payoutsOfBatch(this.db, batch.id);
    return { batch, payouts, pending: payouts.filter((payout) => payout.status === 'PENDING').length };
  }

  /** The account paying out: the one named, else the merchant's only one. 422 when there is none. */
  private payingAccount(merchant: Merchant, accountId: string | undefined): BankAccountCollection {
    const paying = merchant.collectionAccounts.filter(
      (account): account is BankAccountCollection =>
        account.type === 'BANK_ACCOUNT' && account.payouts !== undefined,
    );
    if (accountId === undefined) {
      if (paying.length === 1) return paying[0]!;
      throw new AppError(
        paying.length === 0 ? 'PAYOUTS_NOT_AVAILABLE' : 'VALIDATION_FAILED',
        paying.length === 0
          ? 'No collection account of this merchant pays out by file.'
          : `Several accounts pay out (${paying.map((account) => account.id).join(', ')}): name one as accountId.`,
        paying.length === 0 ? undefined : { errors: [{ field: 'accountId', message: 'Required.' }] },
      );
    }
    const account = findCollectionAccount(merchant, accountId);
    if (account?.type !== 'BANK_ACCOUNT' || account.payouts === undefined)
      throw new AppError('VALIDATION_FAILED', `The merchant has no account ${accountId} that pays out.`, {
        errors: [{ field: 'accountId', message: 'Not an account of the merchant that pays out by file.' }],
      });
    return account;
  }

  private pain001(account: BankAccountCollection, batch: PayoutBatch, payouts: readonly Payout[]): string {
    const bank = collectionBanks(account.currency).find((candidate) => candidate.code === account.bank);
    const agentOf = (bankCode: string | undefined, name: string | undefined): Pain001Agent => {
      // Where banks are named by BIC (Malaysia, the Philippines), the bank code is the BIC.
      const isBic = bankCode !== undefined && /^[A-Z]{6}[A-Z0-9]{2}(?:[A-Z0-9]{3})?$/.test(bankCode);
      return {
        ...(isBic ? { bic: bankCode } : bankCode !== undefined && { bankCode }),
        ...(name !== undefined && { name }),
      };
    };
    return pain001Xml({
      messageId: batch.idBatch,
      createdAt: batch.createdAt,
      requestedExecutionDate: batch.executionDate,
      initiatingParty: {
        name: account.accountName,
        ...(account.payouts?.initiatingPartyId !== undefined && { id: account.payouts.initiatingPartyId }),
      },
      debtor: {
        name: account.accountName,
        accountNumber: account.accountNumber,
        agent: {
          ...agentOf(bank?.bankCode, bank?.name),
          ...(account.payouts?.bic !== undefined && { bic: account.payouts.bic }),
        },
      },
      transfers: payouts.map((payout) => ({
        endToEndId: payout.byFile!.endToEndId,
        money: moneyOf(payout.money.currency, payout.money.minor),
        creditor: {
          name: payout.destination.account.accountName ?? 'NOTPROVIDED',
          accountNumber: payout.destination.account.accountNumber,
        },
        creditorAgent: agentOf(payout.destination.account.bankCode, payout.destination.operator?.name),
        remittance: payout.reference,
      })),
    });
  }
}
