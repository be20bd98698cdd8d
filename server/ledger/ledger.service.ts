import 'server-only';
import type { Kysely, Transaction } from 'kysely';
import { CURRENCY_CODES, type CurrencyCode } from '@/lib/money';
import { systemClock, type Clock } from '../clock';
import type { Database } from '../db';
import { KeysetCursors, type TimePage, type TimePageQuery } from '../paging';
import type { Logger } from '../logger';
import type { Merchant, MerchantSettings } from '../merchants';
import type { StatusChangeOutbox } from '../payins';
import type { Balance, LedgerMovement, PostedTransfer, TransferKind } from './ledger';
import {
  claimSettlement,
  findDueSettlements,
  listTransfers,
  movementsSince,
  pendingCredit,
  postTransfer,
  readBalances,
  scheduleSettlement,
  transfersCreatedIn,
  type StoredTransfer,
} from './ledger.repository';
import { transferFor, type PayoutMoney, type PostingInputs, type RefundMoney } from './posting-rules';

/** Settlements posted per round of the settlement worker. */
const SETTLE_BATCH = 50;

/**
 * What the ledger asks of the modules whose rows its transfers name (it reads none of their tables):
 * the merchant-facing ids of payins and payouts, and what incoming collection transactions paid of a
 * payin (reconciliation sets it in the credit's transaction, just before the credit).
 */
export interface LedgerSubjects {
  idPayins(ids: readonly bigint[]): Promise<ReadonlyMap<bigint, string>>;
  idPayouts(ids: readonly bigint[]): Promise<ReadonlyMap<bigint, string>>;
  idRefunds(ids: readonly bigint[]): Promise<ReadonlyMap<bigint, string>>;
  appliedToPayin(tx: Transaction<Database>, payinId: bigint): Promise<bigint>;
}

/**
 * The money ledger (docs/decisions/027-ledger-balances-payouts.md): posts every transfer by its
 * kind's rule (posting-rules.ts) in the transaction of the change that causes it, settles pending
 * money when the merchant's delay has passed, and reads balances and transfers.
 */
export class LedgerService {
  private readonly db: Kysely<Database>;
  private readonly settingsOf: (merchantCode: string) => Promise<MerchantSettings>;
  private readonly subjects: LedgerSubjects;
  private readonly now: Clock;
  private readonly logger: Logger;
  private readonly cursors: KeysetCursors;
  private readonly onPosted: ((kind: TransferKind) => void) | undefined;

  constructor(options: {
    db: Kysely<Database>;
    /** The merchant's settings (its settlement delay) by code. */
    settingsOf: (merchantCode: string) => Promise<MerchantSettings>;
    subjects: LedgerSubjects;
    logger: Logger;
    clock?: Clock;
    /** Server key material the transfer list's cursor key is derived from. */
    cursorSecret: Uint8Array;
    /** Hears each transfer posted (metrics; before its transaction commits). */
    onPosted?: (kind: TransferKind) => void;
  }) {
    this.onPosted = options.onPosted;
    this.cursors = new KeysetCursors(options.cursorSecret, 'ledger-transfer-cursor');
    this.db = options.db;
    this.settingsOf = options.settingsOf;
    this.subjects = options.subjects;
    this.logger = options.logger;
    this.now = options.clock ?? systemClock;
  }

  /**
   * Posts the transfer a cause makes, by its kind's rule, in the caller's transaction: false when
   * the cause was posted before. 422 INSUFFICIENT_BALANCE when a no-overdraft account would go below
   * zero (the caller's transaction rolls back with it).
   */
  async post<Kind extends TransferKind>(
    tx: Transaction<Database>,
    kind: Kind,
    input: PostingInputs[Kind],
    meta: { at: Date; actor?: string | undefined },
  ): Promise<boolean> {
    const posted = await postTransfer(tx, transferFor(kind, input, meta));
    if (posted) this.onPosted?.(kind);
    return posted;
  }

  /**
   * Hears every payin status change in its transaction: a success credits the merchant's pending
   * balance with the amount less fee and VAT, the operator's fee and VAT accounts with those, and
   * settles at once or schedules the settlement after the merchant's delay.
   */
  readonly payinPostings: StatusChangeOutbox = {
    record: async (tx, { payin, at, actor }) => {
      if (payin.status !== 'SUCCESS') return;
      const fromUnappliedMinor = await this.subjects.appliedToPayin(tx, payin.id);
      const posted = await this.post(tx, 'PAYIN_CREDIT', { payin, fromUnappliedMinor }, { at, actor });
      if (!posted) return;
      const delaySecs = (await this.settingsOf(payin.merchantCode)).settlementDelaySecs ?? 0;
      if (delaySecs === 0) await this.settle(tx, payin.id, at);
      else
        await scheduleSettlement(tx, { payinId: payin.id, dueAt: new Date(at.getTime() + delaySecs * 1000) });
    },
  };

  /** Posts the settlements whose delay has passed; how many. Each is claimed once across instances. */
  async settleDue(): Promise<number> {
    const now = this.now();
    const due = await findDueSettlements(this.db, now, SETTLE_BATCH);
    let settled = 0;
    for (const payinId of due) {
      try {
        const done = await this.db.transaction().execute(async (tx) => {
          if (!(await claimSettlement(tx, payinId))) return false;
          return this.settle(tx, payinId, now);
        });
        if (done) settled++;
      } catch (error) {
        this.logger.error({ err: error, payinId: String(payinId) }, 'settlement failed; retried next round');
      }
    }
    return settled;
  }

  /** Reserves what a payout takes from the available balance: 422 INSUFFICIENT_BALANCE when short. */
  async reservePayout(tx: Transaction<Database>, payout: PayoutMoney, at: Date): Promise<void> {
    await this.post(tx, 'PAYOUT_RESERVE', payout, { at });
  }

  /** A paid payout: the reservation leaves (the money from the operator's cash), fee and VAT earned. */
  async debitPayout(tx: Transaction<Database>, payout: PayoutMoney, at: Date): Promise<void> {
    await this.post(tx, 'PAYOUT_DEBIT', payout, { at });
  }

  /** A refused payout: the reservation returns to the available balance, whole. */
  async releasePayout(tx: Transaction<Database>, payout: PayoutMoney, at: Date): Promise<void> {
    await this.post(tx, 'PAYOUT_RELEASE', payout, { at });
  }

  /** A paid payout the bank returned later (docs/decisions/044): its debit undone, whole. */
  async returnPayout(tx: Transaction<Database>, payout: PayoutMoney, at: Date): Promise<void> {
    await this.post(tx, 'PAYOUT_RETURN', payout, { at });
  }

  /** Reserves what a refund takes from the available balance: 422 INSUFFICIENT_BALANCE when short. */
  async reserveRefund(
    tx: Transaction<Database>,
    refund: RefundMoney,
    at: Date,
    actor?: string,
  ): Promise<void> {
    await this.post(tx, 'REFUND_RESERVE', refund, { at, actor });
  }

  /** A refund that reached the payer: the reservation leaves (the money from the operator's cash). */
  async debitRefund(tx: Transaction<Database>, refund: RefundMoney, at: Date): Promise<void> {
    await this.post(tx, 'REFUND_DEBIT', refund, { at });
  }

  /** A refused or unclaimed refund: the reservation returns to the available balance, whole. */
  async releaseRefund(tx: Transaction<Database>, refund: RefundMoney, at: Date): Promise<void> {
    await this.post(tx, 'REFUND_RELEASE', refund, { at });
  }

  /** A paid refund the payer's bank returned later (docs/decisions/044): its debit undone, whole. */
  async returnRefund(tx: Transaction<Database>, refund: RefundMoney, at: Date): Promise<void> {
    await this.post(tx, 'REFUND_RETURN', refund, { at });
  }

  /**
   * The merchant's balances: every currency it has accounts in, or the `currencies` asked for
   * (each once, in the order asked, zero when it has none yet).
   */
  async balances(merchant: Merchant, currencies: readonly CurrencyCode[] | undefined): Promise<Balance[]> {
    const found = await readBalances(this.db, merchant.code, currencies);
    const zero = (currency: CurrencyCode): Balance => ({
      currency,
      availableMinor: 0n,
      pendingMinor: 0n,
      reservedMinor: 0n,
      unappliedMinor: 0n,
    });
    if (currencies)
      return currencies.map((currency) => found.find((b) => b.currency === currency) ?? zero(currency));
    return found.sort((a, b) => CURRENCY_CODES.indexOf(a.currency) - CURRENCY_CODES.indexOf(b.currency));
  }

  /**
   * A page of the merchant's transfers, newest first, optionally of one payin or payout; 400 for a
   * cursor this service did not give the merchant.
   */
  async transfers(
    merchant: Merchant,
    query: { limit: number; cursor?: string | undefined; payinId?: bigint; payoutId?: bigint },
  ): Promise<{ transfers: PostedTransfer[]; nextCursor: string | undefined }> {
    const page = await this.cursors.page(merchant.code, query, (beforeId, limit) =>
      listTransfers(this.db, {
        merchantCode: merchant.code,
        payinId: query.payinId,
        payoutId: query.payoutId,
        beforeId,
        limit,
      }),
    );
    return { transfers: await this.named(page.items), nextCursor: page.nextCursor };
  }

  /**
   * A page of the merchant's transfers made in the range, oldest first, with every entry: what the
   * ledger export streams (docs/decisions/045).
   */
  async transfersIn(merchant: Merchant, query: TimePageQuery): Promise<TimePage<PostedTransfer>> {
    const page = await transfersCreatedIn(this.db, { merchantCode: merchant.code, ...query });
    return { items: await this.named(page.items), next: page.next };
  }

  /**
   * The merchant's balances now and, in the same snapshot, what its transfers since `bounds[0]`
   * moved per currency, period and kind (the settlement report, docs/decisions/045): the balance at
   * any bound is the balance now less what moved after it, so the report and the balances agree.
   */
  async movements(
    merchant: Merchant,
    bounds: readonly Date[],
  ): Promise<{ balances: Balance[]; movements: LedgerMovement[] }> {
    return this.db
      .transaction()
      .setIsolationLevel('repeatable read')
      .execute(async (tx) => ({
        balances: await readBalances(tx, merchant.code, undefined),
        movements: await movementsSince(tx, { merchantCode: merchant.code, bounds }),
      }));
  }

  /** Stored transfers with the merchant-facing ids of what they are of (their owners say them). */
  private async named(items: readonly StoredTransfer[]): Promise<PostedTransfer[]> {
    const ids = (key: 'payinId' | 'payoutId' | 'refundId') => [
      ...new Set(items.flatMap((transfer) => (transfer[key] === undefined ? [] : [transfer[key]]))),
    ];
    const [idPayins, idPayouts, idRefunds] = await Promise.all([
      this.subjects.idPayins(ids('payinId')),
      this.subjects.idPayouts(ids('payoutId')),
      this.subjects.idRefunds(ids('refundId')),
    ]);
    return items.map(({ payinId, payoutId, refundId, ...transfer }) => ({
      ...transfer,
      idPayin: payinId === undefined ? undefined : idPayins.get(payinId),
      idPayout: payoutId === undefined ? undefined : idPayouts.get(payoutId),
      idRefund: refundId === undefined ? undefined : idRefunds.get(refundId),
    }));
  }

  /** Pending to available for a payin's credit (its amount as credited to pending). */
  private async settle(tx: Transaction<Database>, payinId: bigint, at: Date): Promise<boolean> {
    const credit = await pendingCredit(tx, payinId);
    if (!credit) return false;
    return this.post(tx, 'PAYIN_SETTLEMENT', { payinId, ...credit }, { at });
  }
}
