import 'server-only';
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { findCollectionAccount, payingAccountsOf, type BankAccountCollection } from '../../accounts';
import { systemClock, type Clock } from '../../clock';
import type { Database } from '../../db';
import { AppError } from '../../errors';
import type { Merchant } from '../../merchants';
import { KeysetCursors } from '../../paging';
import { homeOffset } from '../../rails';
import { applyBankReport } from './bank-report';
import { batchFile } from './batch-file';
import {
  cancelBatch,
  findBatch,
  insertBatch,
  listBatches,
  lockBatch,
  markDownloaded,
} from './batch.repository';
import { BATCH_ITEM_KINDS, type BatchItem, type BatchItemKind, type BatchSource } from './batch-source';
import {
  MAX_PAYOUTS_PER_BATCH,
  PAYOUT_FILE_FORMAT,
  type BankReportEntry,
  type BankReportResult,
  type PayoutBatch,
} from './payout-batch';

/** A batch as read: its payouts and refunds in file order, and how many of them are still pending. */
export interface PayoutBatchView {
  batch: PayoutBatch;
  items: BatchItem[];
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
 *
 * What waits is given by batch sources (decision 042): payouts, and refunds from the floor above,
 * each owning its rows; this module knows only the port (batch-source.ts).
 */
export class PayoutBatchService {
  private readonly db: Kysely<Database>;
  private readonly sources: readonly BatchSource[];
  private readonly now: Clock;
  private readonly cursors: KeysetCursors;

  constructor(options: {
    db: Kysely<Database>;
    /** One per kind, in file order: a batch's file lists the first source's items first. */
    sources: readonly BatchSource[];
    clock?: Clock;
    cursorSecret: Uint8Array;
  }) {
    const kinds = options.sources.map((source) => source.kind);
    if (new Set(kinds).size !== kinds.length || kinds.some((kind) => !BATCH_ITEM_KINDS.includes(kind)))
      throw new Error(`Batch sources must be of distinct kinds, got ${kinds.join(', ')}.`);
    this.db = options.db;
    this.sources = options.sources;
    this.now = options.clock ?? systemClock;
    this.cursors = new KeysetCursors(options.cursorSecret, 'payout-batch-list-cursor');
  }

  /**
   * Cuts a batch of the account's waiting payouts and refunds, oldest first (at most
   * MAX_PAYOUTS_PER_BATCH together). `accountId` may be left out when one account pays out. 422
   * PAYOUT_BATCH_EMPTY when nothing waits.
   */
  async create(merchant: Merchant, input: { accountId?: string | undefined; actor?: string | undefined }) {
    const account = this.payingAccount(merchant, input.accountId);
    const at = this.now();
    const batch = await this.db.transaction().execute(async (tx) => {
      const queue = { merchantCode: merchant.code, accountId: account.id, limit: MAX_PAYOUTS_PER_BATCH };
      const queued: BatchItem[] = [];
      for (const source of this.sources) queued.push(...(await source.lockQueued(tx, queue)));
      // Oldest first across the sources; what does not fit stays locked until commit, then waits.
      const taken = queued
        .sort(
          (a, b) =>
            a.createdAt.getTime() - b.createdAt.getTime() ||
            BATCH_ITEM_KINDS.indexOf(a.kind) - BATCH_ITEM_KINDS.indexOf(b.kind) ||
            (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
        )
        .slice(0, MAX_PAYOUTS_PER_BATCH);
      if (taken.length === 0)
        throw new AppError(
          'PAYOUT_BATCH_EMPTY',
          `No live payout or refund of account ${account.id} is waiting for a batch.`,
        );
      const count = (kind: BatchItemKind) => taken.filter((item) => item.kind === kind).length;
      const inserted = await insertBatch(tx, {
        merchant_code: merchant.code,
        id_batch: `pb_${randomBytes(12).toString('hex')}`,
        account_id: account.id,
        currency_code: account.currency,
        format: PAYOUT_FILE_FORMAT,
        status: 'READY',
        payout_count: count('PAYOUT'),
        refund_count: count('REFUND'),
        total_minor: taken.reduce((sum, item) => sum + item.money.minor, 0n),
        execution_date: homeDate(at, homeOffset(account.currency)),
        actor: input.actor ?? null,
        created_at: at,
      });
      for (const source of this.sources)
        await source.attach(
          tx,
          inserted.id,
          taken.filter((item) => item.kind === source.kind).map((item) => item.id),
        );
      return inserted;
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
    const pending = await this.pendingCounts(page.items.map((batch) => batch.id));
    return {
      batches: page.items.map((batch) => ({ batch, pending: pending.get(batch.id) ?? 0 })),
      nextCursor: page.nextCursor,
    };
  }

  /**
   * The batch's pain.001 file; the first download marks it DOWNLOADED (from then on it cannot be
   * cancelled: the bank may have it) and says so (`firstDownload`, for the audit). The same bytes
   * every time. 409 once cancelled.
   */
  async file(
    merchant: Merchant,
    idBatch: string,
  ): Promise<{ batch: PayoutBatch; xml: string; firstDownload: boolean }> {
    const found = await this.find(merchant, idBatch);
    // The account that paid when the batch was cut, even if it has stopped paying out since.
    const account = findCollectionAccount(merchant, found.accountId);
    if (account?.type !== 'BANK_ACCOUNT')
      throw new AppError(
        'PAYOUTS_NOT_AVAILABLE',
        `Collection account ${found.accountId}, which this batch pays from, is no longer the merchant's bank account.`,
      );
    const { batch, firstDownload } = await this.db.transaction().execute(async (tx) => {
      const locked = await lockBatch(tx, found.id);
      if (locked.status === 'CANCELLED')
        throw new AppError(
          'PAYOUT_BATCH_CANCELLED',
          `Payout batch ${idBatch} was cancelled: it has no file.`,
        );
      // Decided under the row lock: of two downloads at once, one finds it READY.
      if (locked.status !== 'READY') return { batch: locked, firstDownload: false };
      return { batch: await markDownloaded(tx, locked.id, this.now()), firstDownload: true };
    });
    return { batch, xml: batchFile(account, batch, await this.itemsOf(batch.id)), firstDownload };
  }

  /** Cancels a batch nobody downloaded: its payouts and refunds wait for the next one. 409 once downloaded. */
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
      for (const source of this.sources) await source.detach(tx, locked.id);
      return cancelBatch(tx, locked.id, this.now());
    });
    return this.view(batch);
  }

  /**
   * Applies what the account's statement or notification says of its transfers: returns and
   * rejections first (a payout or refund debited and returned in one report ends REFUSED), then
   * debits. Only items of a downloaded batch of this account are touched; a debit of another
   * amount is a problem and changes nothing. Idempotent: the same report again changes nothing.
   */
  applyBankReport(
    merchant: Merchant,
    accountId: string,
    entries: readonly BankReportEntry[],
  ): Promise<BankReportResult> {
    return applyBankReport({
      db: this.db,
      sources: this.sources,
      merchantCode: merchant.code,
      accountId,
      entries,
    });
  }

  private async find(merchant: Merchant, idBatch: string): Promise<PayoutBatch> {
    const batch = ID_BATCH.test(idBatch) ? await findBatch(this.db, merchant.code, idBatch) : undefined;
    if (!batch) throw new AppError('PAYOUT_BATCH_NOT_FOUND', `No payout batch ${idBatch} for this merchant.`);
    return batch;
  }

  private async view(batch: PayoutBatch): Promise<PayoutBatchView> {
    const items = await this.itemsOf(batch.id);
    return { batch, items, pending: items.filter((item) => item.status === 'PENDING').length };
  }

  /** The batch's items in file order: each source's in turn. */
  private async itemsOf(batchId: bigint): Promise<BatchItem[]> {
    const items: BatchItem[] = [];
    for (const source of this.sources) items.push(...(await source.itemsOf(this.db, batchId)));
    return items;
  }

  private async pendingCounts(batchIds: readonly bigint[]): Promise<Map<bigint, number>> {
    const total = new Map<bigint, number>();
    if (batchIds.length === 0) return total;
    for (const source of this.sources)
      for (const [id, count] of await source.pendingCounts(this.db, batchIds))
        total.set(id, (total.get(id) ?? 0) + count);
    return total;
  }

  /** The account paying out: the one named, else the merchant's only one. 422 when there is none. */
  private payingAccount(merchant: Merchant, accountId: string | undefined): BankAccountCollection {
    const paying = payingAccountsOf(merchant);
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
    const account = paying.find((one) => one.id === accountId);
    if (!account)
      throw new AppError('VALIDATION_FAILED', `The merchant has no account ${accountId} that pays out.`, {
        errors: [{ field: 'accountId', message: 'Not an account of the merchant that pays out by file.' }],
      });
    return account;
  }
}
