import 'server-only';
import type { Kysely, Transaction } from 'kysely';
import { describeAmountProblem, moneyOf, parseAmount, type CurrencyCode } from '@/lib/money';
import { findCollectionAccount, type CollectionAccount } from '../accounts';
import { systemClock, type Clock } from '../clock';
import type { Database } from '../db';
import { AppError, type FieldError } from '../errors';
import type { LedgerService } from '../ledger';
import type { Logger } from '../logger';
import type { Merchant, MerchantDirectory } from '../merchants';
import { KeysetCursors, type TimePage, type TimePageQuery } from '../paging';
import { isFinal, type Payin, type PayinService, type StatusChangeOutbox } from '../payins';
import { collectionAccountDirectory } from './account-directory';
import { authenticateFeed, type CollectionAccountDirectory } from './feed-auth';
import type { IncomingTransaction } from './incoming-transaction';
import { referenceCandidates } from './note-references';
import { readAmount } from './formats';
import { readDelivery, readStatement, type StatementUpload } from './statements';
import { StatementMappingService } from './statement-mapping.service';
import { inSpan } from '../telemetry';
import type { OutgoingEntry } from './incoming-transaction';
import {
  allocateToPayin,
  claimForLink,
  claimForMatching,
  findTransaction,
  findTransactions,
  findUnmatched,
  insertTransactions,
  listTransactions,
  lockTransaction,
  markRefunded,
  needsReview,
  reviewQueueByCurrency,
  setOutcome,
  transactionsBookedIn,
  type CollectionOutcome,
  type CollectionSource,
  type CollectionTransaction,
  type MatchedBy,
  type StoredTransaction,
  type TransactionListFilter,
} from './transaction.repository';

/** What became of each delivered transaction, in the order delivered. */
export interface IngestResult {
  stored: number;
  duplicates: number;
  transactions: { transaction: CollectionTransaction; duplicate: boolean }[];
}

/** What became of a delivery or statement: its transactions, and the records that were no credits. */
export interface ReceiptResult extends IngestResult {
  skipped: number;
}

/** What came of a delivered transaction: its outcome once matched, or a redelivery of one stored before. */
export type ReceiptOutcome = CollectionOutcome | 'DUPLICATE';

interface IngestInput {
  merchant: Merchant;
  account: CollectionAccount;
  source: CollectionSource;
  transactions: readonly IncomingTransaction[];
}

/** Transactions the matcher takes up per round after a crash or a failed match. */
const MATCH_BATCH = 50;
/** A transaction this young is being matched by the request that stored it; the worker leaves it. */
const MATCH_GRACE_MS = 5000;

/**
 * Reconciliation (docs/decisions/028-live-collection-and-reconciliation.md): stores incoming
 * transactions of collection accounts exactly once, matches each to a payin (by the reference in
 * its note, else by the exact amount to pay among the account's open payins, else by the rotating
 * address it was sent to) and applies it through the payin's change (success, partial, late), with
 * its money received into the merchant's UNAPPLIED account; the operator resolves what is left.
 */
export class ReconciliationService {
  private readonly db: Kysely<Database>;
  private readonly payins: PayinService;
  private readonly ledger: LedgerService;
  private readonly merchants: MerchantDirectory;
  private readonly now: Clock;
  private readonly logger: Logger;
  private readonly cursors: KeysetCursors;
  private readonly accounts: CollectionAccountDirectory;
  /** The column mapping saved per collection account for its CSV statements (docs/decisions/040). */
  readonly statementMappings: StatementMappingService;
  private readonly onReceived: ((source: CollectionSource, outcome: ReceiptOutcome) => void) | undefined;

  constructor(options: {
    db: Kysely<Database>;
    payins: PayinService;
    ledger: LedgerService;
    merchants: MerchantDirectory;
    logger: Logger;
    clock?: Clock;
    cursorSecret: Uint8Array;
    /** Told of each delivered transaction once matched (metrics): its outcome, or DUPLICATE. */
    onReceived?: (source: CollectionSource, outcome: ReceiptOutcome) => void;
  }) {
    this.onReceived = options.onReceived;
    this.db = options.db;
    this.payins = options.payins;
    this.ledger = options.ledger;
    this.merchants = options.merchants;
    this.accounts = collectionAccountDirectory(options.merchants);
    this.logger = options.logger;
    this.now = options.clock ?? systemClock;
    this.cursors = new KeysetCursors(options.cursorSecret, 'collection-transaction-cursor');
    this.statementMappings = new StatementMappingService({
      db: this.db,
      now: this.now,
      logger: this.logger,
    });
  }

  /**
   * A bank feed's or chain watcher's delivery (POST /collection/transactions): authenticated for its
   * account (401 alike for every failure), read whole, stored and matched.
   */
  async receiveDelivery(request: {
    headers: Headers;
    body: string;
    contentType: string | undefined;
    merchantCode: string | undefined;
    accountId: string | undefined;
  }): Promise<ReceiptResult> {
    const { merchant, account } = await authenticateFeed(this.accounts, request);
    const { source, parsed } = readDelivery(request.contentType, request.body);
    const result = await this.ingest({ merchant, account, source, transactions: parsed.transactions });
    return { ...result, skipped: parsed.skipped };
  }

  /**
   * A statement file of one of the merchant's collection accounts (POST /collection/statements):
   * read whole by the account's rules (statements.ts), a CSV by the mapping the upload names or
   * else the account's saved one, stored and matched; 400 for an account the merchant does not have.
   */
  async importStatement(
    merchant: Merchant,
    accountId: string,
    upload: StatementUpload,
  ): Promise<ReceiptResult & { outgoing: OutgoingEntry[] }> {
    const account = findCollectionAccount(merchant, accountId);
    if (!account)
      throw new AppError('VALIDATION_FAILED', `The merchant has no collection account ${accountId}.`, {
        errors: [{ field: 'account', message: 'Unknown collection account.' }],
      });
    const saved = await this.statementMappings.savedFor(merchant, account.id);
    const { source, parsed } = await readStatement(account, upload, saved);
    const result = await this.ingest({ merchant, account, source, transactions: parsed.transactions });
    // The account's own transfers (payouts by file) are for the payouts' side to apply.
    return { ...result, skipped: parsed.skipped, outgoing: parsed.outgoing };
  }

  /**
   * Stores a delivery or statement of the account, all or nothing: any record that cannot be read
   * (its amount, its currency) refuses the whole with every problem named (400), so nothing is half
   * imported. Stored ones are matched at once; one delivered before is answered as it stands.
   */
  async ingest(input: IngestInput): Promise<IngestResult> {
    // The span names the source and counts, never a payer, note or account (docs/decisions/048).
    return inSpan(
      'reconciliation ingest',
      {
        attributes: {
          'payin.reconciliation.source': input.source,
          'payin.reconciliation.received': input.transactions.length,
        },
      },
      async (span) => {
        const result = await this.store(input);
        span.setAttributes({
          'payin.reconciliation.stored': result.stored,
          'payin.reconciliation.duplicates': result.duplicates,
        });
        return result;
      },
    );
  }

  private async store(input: IngestInput): Promise<IngestResult> {
    const { merchant, account } = input;
    const problems: FieldError[] = [];
    const seen = new Set<string>();
    const receivedAt = this.now();
    const rows = input.transactions.flatMap((incoming, index) => {
      const where = `transactions[${index}]`;
      if (seen.has(incoming.bankTransactionId)) {
        problems.push({
          field: `${where}.id`,
          message: `Transaction ${incoming.bankTransactionId} is in twice.`,
        });
        return [];
      }
      seen.add(incoming.bankTransactionId);
      const currency = incoming.currency ?? account.currency;
      if (currency !== account.currency) {
        problems.push({
          field: `${where}.currency`,
          message: `Account ${account.id} takes ${account.currency}, not ${currency}.`,
        });
        return [];
      }
      // Read again now the currency is known (a feed may leave it to the account): never guessed.
      const read = readAmount(incoming.amount, currency, 'dot');
      if (!read.ok) {
        problems.push({ field: `${where}.amount`, message: read.message });
        return [];
      }
      const amount = parseAmount(read.amount, currency);
      if (!amount.ok) {
        problems.push({ field: `${where}.amount`, message: describeAmountProblem(amount.problem, currency) });
        return [];
      }
      return [
        {
          merchantCode: merchant.code,
          accountId: account.id,
          bankTransactionId: incoming.bankTransactionId,
          currency,
          amountMinor: amount.money.minor,
          bookedAt: incoming.bookedAt,
          note: incoming.note,
          payer: incoming.payer && compact(incoming.payer),
          toAddress: incoming.to,
          source: input.source,
          raw: incoming.raw,
          receivedAt,
        },
      ];
    });
    if (problems.length > 0)
      throw new AppError('VALIDATION_FAILED', 'Some transactions cannot be taken; nothing was stored.', {
        errors: problems,
      });
    const stored = await this.db.transaction().execute((tx) => insertTransactions(tx, rows));
    // A redelivery of one a crash left unmatched is matched now too (match() skips matched ones).
    for (const { id } of stored) await this.matchSafely(id);
    const found = new Map(
      (
        await this.withPayins(
          await findTransactions(
            this.db,
            stored.map((s) => s.id),
          ),
        )
      ).map((t) => [t.id, t]),
    );
    for (const { id, duplicate } of stored)
      this.onReceived?.(input.source, duplicate ? 'DUPLICATE' : (found.get(id)?.outcome ?? 'RECEIVED'));
    return {
      stored: stored.filter((s) => !s.duplicate).length,
      duplicates: stored.filter((s) => s.duplicate).length,
      transactions: stored.map(({ id, duplicate }) => ({ transaction: found.get(id)!, duplicate })),
    };
  }

  /**
   * The incoming transactions waiting for review per currency, with the money in them: the
   * merchant's, or every merchant's.
   */
  reviewQueue(
    merchant?: Merchant,
  ): Promise<{ currency: CurrencyCode; count: number; unappliedMinor: bigint }[]> {
    return reviewQueueByCurrency(this.db, this.payins.openIds(merchant), merchant?.code);
  }

  /** Matches what was stored and not matched (a crash, a failed round); how many it took. */
  async matchPending(): Promise<number> {
    const ids = await findUnmatched(this.db, new Date(this.now().getTime() - MATCH_GRACE_MS), MATCH_BATCH);
    let matched = 0;
    for (const id of ids) if (await this.matchSafely(id)) matched++;
    return matched;
  }

  async get(merchant: Merchant, id: string): Promise<CollectionTransaction> {
    const transaction = /^[1-9][0-9]{0,18}$/.test(id)
      ? await findTransaction(this.db, BigInt(id))
      : undefined;
    if (!transaction || transaction.merchantCode !== merchant.code)
      throw new AppError(
        'COLLECTION_TRANSACTION_NOT_FOUND',
        `No collection transaction ${id} for this merchant.`,
      );
    return (await this.withPayins([transaction]))[0]!;
  }

  async list(
    merchant: Merchant,
    query: { limit: number; cursor?: string | undefined; filter: TransactionListFilter },
  ): Promise<{ transactions: CollectionTransaction[]; nextCursor: string | undefined }> {
    const { idPayin, review, ...rest } = query.filter;
    const payin = idPayin === undefined ? undefined : await this.payins.find(merchant, idPayin);
    if (idPayin !== undefined && !payin) return { transactions: [], nextCursor: undefined };
    const filter = {
      ...rest,
      ...(payin && { payinId: payin.id }),
      ...(review && { review: { openPayinIds: this.payins.openIds(merchant) } }),
    };
    const page = await this.cursors.page(merchant.code, query, (beforeId, limit) =>
      listTransactions(this.db, { merchantCode: merchant.code, beforeId, limit, filter }),
    );
    return { transactions: await this.withPayins(page.items), nextCursor: page.nextCursor };
  }

  /**
   * A page of the merchant's transactions booked in the range, oldest first, with their payins'
   * ids: what the collection export streams (docs/decisions/045).
   */
  async bookedIn(merchant: Merchant, query: TimePageQuery): Promise<TimePage<CollectionTransaction>> {
    const page = await transactionsBookedIn(this.db, { merchantCode: merchant.code, ...query });
    return { items: await this.withPayins(page.items), next: page.next };
  }

  /**
   * An operator gives unmatched, late or short money to an open payin of the merchant in its
   * currency: it counts as that payin's payment (success, overpayment or still short), the
   * success's credit naming the operator. 409 when the money was taken meanwhile or the payin ended.
   */
  async link(
    merchant: Merchant,
    id: string,
    input: { idPayin: string; actor: string; note?: string | undefined },
  ): Promise<CollectionTransaction> {
    const transaction = await this.get(merchant, id);
    if (!needsReview(transaction) || transaction.appliedMinor > 0n)
      throw new AppError(
        'COLLECTION_TRANSACTION_RESOLVED',
        transaction.outcome === 'OVERPAID'
          ? 'The excess of an overpayment can only be refunded: its payin already took the rest.'
          : `Transaction ${id} has no unapplied money to link (${transaction.outcome.toLowerCase()}${transaction.resolution ? `, ${transaction.resolution.toLowerCase()}` : ''}).`,
      );
    const payin = await this.payins.get(merchant, input.idPayin);
    if (payin.money.currency !== transaction.currency)
      throw new AppError(
        'VALIDATION_FAILED',
        `The payin is in ${payin.money.currency}, the money in ${transaction.currency}.`,
        {
          errors: [{ field: 'idPayin', message: `Not a ${transaction.currency} payin.` }],
        },
      );
    if (payin.status !== 'PENDING' || payin.expireAt <= this.now())
      throw new AppError(
        'PAYIN_FINAL',
        `Payin ${payin.idPayin} is no longer open; link the money to an open payin or refund it.`,
      );
    const at = this.now();
    await this.payins.recordPayment(payin, moneyOf(transaction.currency, transaction.amountMinor), {
      actor: input.actor,
      claim: (tx) =>
        claimForLink(tx, { id: transaction.id, payinId: payin.id, actor: input.actor, note: input.note, at }),
      after: (tx, change) => setOutcome(tx, transaction.id, outcomeOf(change)),
    });
    return this.get(merchant, id);
  }

  /**
   * The operator sends the unapplied money back to the payer from the collection account: the
   * ledger books it leaving (COLLECTION_REFUND, naming the operator) and the transaction leaves the
   * review queue. Short payments of a payin still open are the payin's: cancel it first.
   */
  async refund(
    merchant: Merchant,
    id: string,
    input: { actor: string; note?: string | undefined },
  ): Promise<CollectionTransaction> {
    const { id: transactionId } = await this.get(merchant, id);
    const at = this.now();
    await this.db.transaction().execute(async (tx) => {
      const locked = await lockTransaction(tx, transactionId);
      const transaction = locked && (await this.withPayins([locked], tx))[0];
      if (!transaction || !needsReview(transaction))
        throw new AppError(
          'COLLECTION_TRANSACTION_RESOLVED',
          transaction?.outcome === 'PARTIAL' && transaction.payinStatus === 'PENDING'
            ? `The money counts towards open payin ${transaction.idPayin}; cancel the payin first.`
            : `Transaction ${id} has no unapplied money left to refund.`,
        );
      if (!(await markRefunded(tx, { id: transactionId, actor: input.actor, note: input.note, at })))
        throw new AppError('COLLECTION_TRANSACTION_RESOLVED', `Transaction ${id} was resolved meanwhile.`);
      await this.ledger.post(
        tx,
        'COLLECTION_REFUND',
        {
          transactionId,
          merchantCode: merchant.code,
          currency: transaction.currency,
          amountMinor: transaction.amountMinor - transaction.appliedMinor,
          isTest: merchant.isTest,
        },
        { at, actor: input.actor },
      );
    });
    return this.get(merchant, id);
  }

  /** Matches one stored transaction; errors are logged and left for the next round. */
  private async matchSafely(id: bigint): Promise<boolean> {
    try {
      return await inSpan('reconciliation match', {}, async (span) => {
        const matched = await this.match(id);
        span.setAttribute('payin.reconciliation.processed', matched);
        return matched;
      });
    } catch (error) {
      this.logger.error({ err: error, collectionTransaction: String(id) }, 'matching failed; retried later');
      return false;
    }
  }

  /**
   * Finds the transaction's payin and applies it in the payin's change; or books it unmatched.
   * Either way the money is received into the merchant's UNAPPLIED account in the same database
   * transaction, and only one instance's claim of the stored row succeeds.
   */
  private async match(id: bigint): Promise<boolean> {
    const transaction = await findTransaction(this.db, id);
    if (!transaction || transaction.outcome !== 'RECEIVED') return false;
    const { isTest } = await this.merchants.require(transaction.merchantCode);
    const at = this.now();
    const found = await this.findPayin(transaction);
    if (found) {
      try {
        let claimed = false;
        await this.payins.recordPayment(found.payin, moneyOf(transaction.currency, transaction.amountMinor), {
          claim: async (tx) => {
            claimed = await claimForMatching(tx, id, { payinId: found.payin.id, matchedBy: found.by, at });
            if (claimed) await this.receive(tx, transaction, isTest, at);
            return claimed;
          },
          after: (tx, change) => setOutcome(tx, id, outcomeOf(change)),
        });
        return claimed;
      } catch (error) {
        // The payin cannot take it (it needs the customer's UTR first, say): the money waits for review.
        if (!(error instanceof AppError) || error.status >= 500) throw error;
        this.logger.warn(
          { collectionTransaction: String(id), idPayin: found.payin.idPayin, code: error.code },
          'matched payin refused the payment; left unmatched for review',
        );
      }
    }
    return this.db.transaction().execute(async (tx) => {
      if (!(await claimForMatching(tx, id, undefined))) return false;
      await this.receive(tx, transaction, isTest, at);
      return true;
    });
  }

  /** The money arrived at the operator's account and is the merchant's to be applied. */
  private async receive(
    tx: Transaction<Database>,
    transaction: StoredTransaction,
    isTest: boolean,
    at: Date,
  ): Promise<void> {
    await this.ledger.post(
      tx,
      'COLLECTION_RECEIPT',
      {
        transactionId: transaction.id,
        merchantCode: transaction.merchantCode,
        currency: transaction.currency,
        amountMinor: transaction.amountMinor,
        isTest,
      },
      { at },
    );
  }

  /**
   * The payin a transaction pays: one whose reference the note quotes (open ones first: any
   * payin of the merchant in the currency, as a customer may pay into another of its accounts),
   * else the payin a rotating address was last handed to (late when it has ended), else the one open payin of the account
   * expecting exactly this amount. Two candidates are no match: a person decides.
   */
  private async findPayin(
    transaction: StoredTransaction,
  ): Promise<{ payin: Payin; by: MatchedBy } | undefined> {
    const byReference = await this.payins.candidates.byReference({
      merchantCode: transaction.merchantCode,
      currency: transaction.currency,
      references: referenceCandidates(transaction.note),
    });
    const open = byReference.filter((payin) => payin.status === 'PENDING');
    const referenced = open.length > 0 ? open : byReference;
    if (referenced.length === 1) return this.load(referenced[0]!.id, 'REFERENCE');
    if (referenced.length > 1) return undefined;

    if (transaction.toAddress !== undefined) {
      const byAddress = await this.payins.candidates.byAddress({
        merchantCode: transaction.merchantCode,
        accountId: transaction.accountId,
        address: transaction.toAddress,
      });
      if (byAddress !== undefined) return this.load(byAddress, 'ADDRESS');
    }

    const byAmount = await this.payins.candidates.byAmount({
      merchantCode: transaction.merchantCode,
      accountId: transaction.accountId,
      currency: transaction.currency,
      amountMinor: transaction.amountMinor,
    });
    return byAmount.length === 1 ? this.load(byAmount[0]!, 'AMOUNT') : undefined;
  }

  private async load(id: bigint, by: MatchedBy): Promise<{ payin: Payin; by: MatchedBy } | undefined> {
    const payin = await this.payins.findById(id);
    return payin && { payin, by };
  }

  /** The transactions with their payins' ids and statuses (the payins module's to tell), read on `db`. */
  private async withPayins(
    transactions: readonly StoredTransaction[],
    db?: Transaction<Database>,
  ): Promise<CollectionTransaction[]> {
    const ids = [
      ...new Set(
        transactions.flatMap((transaction) =>
          transaction.payinId === undefined ? [] : [transaction.payinId],
        ),
      ),
    ];
    const payins = await this.payins.summaries(ids, db);
    return transactions.map((transaction) => {
      const payin = transaction.payinId === undefined ? undefined : payins.get(transaction.payinId);
      return { ...transaction, idPayin: payin?.idPayin, payinStatus: payin?.status };
    });
  }
}

/** What a payment did to its payin: the transaction's outcome. */
function outcomeOf({
  before,
  after,
}: {
  before: Payin;
  after: Payin;
}): Exclude<CollectionOutcome, 'RECEIVED'> {
  if (isFinal(before.status)) return 'LATE';
  if (after.status === 'SUCCESS') return after.processorStatus === 'OVERPAID' ? 'OVERPAID' : 'APPLIED';
  if (after.status === 'PENDING') return 'PARTIAL';
  return 'LATE';
}

function compact(payer: NonNullable<IncomingTransaction['payer']>): Record<string, string> | undefined {
  const entries = Object.entries(payer).filter(
    (entry): entry is [string, string] => typeof entry[1] === 'string',
  );
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
}

/**
 * Hears each payin status change in its transaction, before the ledger: a success takes its amount
 * from its incoming transactions (oldest first), so the credit knows what came from the merchant's
 * unapplied money and what is left over.
 */
export const collectionApplications: StatusChangeOutbox = {
  record: async (tx, { payin }) => {
    if (payin.status === 'SUCCESS') await allocateToPayin(tx, payin.id, payin.money.minor);
  },
};
