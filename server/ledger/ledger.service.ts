import 'server-only';
import type { Kysely, Transaction } from 'kysely';
import { CURRENCY_CODES, type CurrencyCode, type Money } from '@/lib/money';
import { systemClock, type Clock } from '../clock';
import type { Database } from '../db';
import { KeysetCursors } from '../paging/keyset-cursors';
import type { Logger } from '../logger';
import type { Merchant, MerchantSettings } from '../merchants';
import type { Payin } from '../payins/payin';
import type { StatusChangeOutbox } from '../payins/status-outbox';
import { merchantAccount, operatorAccount, type Balance, type Entry, type PostedTransfer } from './ledger';
import {
  appliedCollections,
  claimSettlement,
  findDueSettlements,
  listTransfers,
  postTransfer,
  readBalances,
  scheduleSettlement,
} from './ledger.repository';

/** What the ledger needs of a payout (server/payouts): its money and what it costs the merchant. */
export interface PayoutMoney {
  id: bigint;
  idPayout: string;
  merchantCode: string;
  isTest: boolean;
  money: Money;
  fee: Money;
  vat: Money | undefined;
}

/** Settlements posted per round of the settlement worker. */
const SETTLE_BATCH = 50;

/** The amount a payout takes from the merchant: the money sent, its fee and the fee's VAT. */
export function payoutTotal(payout: Pick<PayoutMoney, 'money' | 'fee' | 'vat'>): bigint {
  return payout.money.minor + payout.fee.minor + (payout.vat?.minor ?? 0n);
}

/**
 * The money ledger (docs/decisions/027-ledger-balances-payouts.md): posts the transfers of payins
 * and payouts in the transactions of the changes that cause them, settles pending money when the
 * merchant's delay has passed, and reads balances and transfers.
 */
export class LedgerService {
  private readonly db: Kysely<Database>;
  private readonly settingsOf: (merchantCode: string) => Promise<MerchantSettings>;
  private readonly now: Clock;
  private readonly logger: Logger;
  private readonly cursors: KeysetCursors;

  constructor(options: {
    db: Kysely<Database>;
    /** The merchant's settings (its settlement delay) by code. */
    settingsOf: (merchantCode: string) => Promise<MerchantSettings>;
    logger: Logger;
    clock?: Clock;
    /** Server key material the transfer list's cursor key is derived from. */
    cursorSecret: Uint8Array;
  }) {
    this.cursors = new KeysetCursors(options.cursorSecret, 'ledger-transfer-cursor');
    this.db = options.db;
    this.settingsOf = options.settingsOf;
    this.logger = options.logger;
    this.now = options.clock ?? systemClock;
  }

  /**
   * Hears every payin status change in its transaction: a success credits the merchant's pending
   * balance with the amount less fee and VAT, the operator's fee and VAT accounts with those, and
   * settles at once or schedules the settlement after the merchant's delay.
   */
  readonly payinPostings: StatusChangeOutbox = {
    record: async (tx, { payin, at, actor }) => {
      if (payin.status !== 'SUCCESS') return;
      const posted = await postTransfer(tx, {
        eventKey: `payin:${payin.id}:credit`,
        kind: 'PAYIN_CREDIT',
        merchantCode: payin.merchantCode,
        currency: payin.money.currency,
        payinId: payin.id,
        ...(actor !== undefined && { actor }),
        at,
        entries: payinCreditEntries(payin, await appliedCollections(tx, payin.id)),
      });
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
    const total = payoutTotal(payout);
    await postTransfer(tx, {
      ...this.payoutTransfer(payout, 'reserve', at),
      kind: 'PAYOUT_RESERVE',
      entries: [
        {
          account: merchantAccount(payout.merchantCode, 'AVAILABLE'),
          direction: 'DEBIT',
          amountMinor: total,
        },
        {
          account: merchantAccount(payout.merchantCode, 'RESERVED'),
          direction: 'CREDIT',
          amountMinor: total,
        },
      ],
    });
  }

  /** A paid payout: the reservation leaves (the money from the operator's cash), fee and VAT earned. */
  async debitPayout(tx: Transaction<Database>, payout: PayoutMoney, at: Date): Promise<void> {
    await postTransfer(tx, {
      ...this.payoutTransfer(payout, 'debit', at),
      kind: 'PAYOUT_DEBIT',
      entries: [
        {
          account: merchantAccount(payout.merchantCode, 'RESERVED'),
          direction: 'DEBIT',
          amountMinor: payoutTotal(payout),
        },
        {
          account: operatorAccount(payout.isTest, 'CASH'),
          direction: 'CREDIT',
          amountMinor: payout.money.minor,
        },
        {
          account: operatorAccount(payout.isTest, 'FEES'),
          direction: 'CREDIT',
          amountMinor: payout.fee.minor,
        },
        {
          account: operatorAccount(payout.isTest, 'VAT'),
          direction: 'CREDIT',
          amountMinor: payout.vat?.minor ?? 0n,
        },
      ],
    });
  }

  /** A refused payout: the reservation returns to the available balance, whole. */
  async releasePayout(tx: Transaction<Database>, payout: PayoutMoney, at: Date): Promise<void> {
    const total = payoutTotal(payout);
    await postTransfer(tx, {
      ...this.payoutTransfer(payout, 'release', at),
      kind: 'PAYOUT_RELEASE',
      entries: [
        { account: merchantAccount(payout.merchantCode, 'RESERVED'), direction: 'DEBIT', amountMinor: total },
        {
          account: merchantAccount(payout.merchantCode, 'AVAILABLE'),
          direction: 'CREDIT',
          amountMinor: total,
        },
      ],
    });
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
    return { transfers: page.items, nextCursor: page.nextCursor };
  }

  /** Pending to available for a payin's credit (its amount as credited to pending). */
  private async settle(tx: Transaction<Database>, payinId: bigint, at: Date): Promise<boolean> {
    const credit = await tx
      .selectFrom('ledger_entries as e')
      .innerJoin('ledger_transfers as t', 't.id', 'e.transfer_id')
      .innerJoin('ledger_accounts as a', 'a.id', 'e.account_id')
      .select(['t.merchant_code', 't.currency_code', 'e.amount_minor'])
      .where('t.event_key', '=', `payin:${payinId}:credit`)
      .where('a.kind', '=', 'PENDING')
      .executeTakeFirst();
    if (!credit) return false;
    return postTransfer(tx, {
      eventKey: `payin:${payinId}:settle`,
      kind: 'PAYIN_SETTLEMENT',
      merchantCode: credit.merchant_code,
      currency: credit.currency_code as CurrencyCode,
      payinId,
      at,
      entries: [
        {
          account: merchantAccount(credit.merchant_code, 'PENDING'),
          direction: 'DEBIT',
          amountMinor: credit.amount_minor,
        },
        {
          account: merchantAccount(credit.merchant_code, 'AVAILABLE'),
          direction: 'CREDIT',
          amountMinor: credit.amount_minor,
        },
      ],
    });
  }

  private payoutTransfer(payout: PayoutMoney, step: string, at: Date) {
    return {
      eventKey: `payout:${payout.id}:${step}`,
      merchantCode: payout.merchantCode,
      currency: payout.money.currency,
      payoutId: payout.id,
      at,
    };
  }
}

/**
 * A successful payin's credit: the order amount comes from the merchant's unapplied money as far
 * as incoming collection transactions paid it (they were received into UNAPPLIED), the rest from
 * the operator's cash (a sandbox or connector payment); the merchant is owed it less fee and VAT. A
 * fee larger than the amount (a fixed fee on a tiny payin) takes the whole amount and no more: the
 * merchant is never debited for a payin.
 */
export function payinCreditEntries(
  payin: Pick<Payin, 'merchantCode' | 'isTest' | 'money' | 'fee' | 'vat'>,
  fromUnappliedMinor = 0n,
): Entry[] {
  const amount = payin.money.minor;
  const fee = min(payin.fee.minor, amount);
  const vat = min(payin.vat?.minor ?? 0n, amount - fee);
  const fromUnapplied = min(fromUnappliedMinor, amount);
  return [
    {
      account: merchantAccount(payin.merchantCode, 'UNAPPLIED'),
      direction: 'DEBIT',
      amountMinor: fromUnapplied,
    },
    {
      account: operatorAccount(payin.isTest, 'CASH'),
      direction: 'DEBIT',
      amountMinor: amount - fromUnapplied,
    },
    {
      account: merchantAccount(payin.merchantCode, 'PENDING'),
      direction: 'CREDIT',
      amountMinor: amount - fee - vat,
    },
    { account: operatorAccount(payin.isTest, 'FEES'), direction: 'CREDIT', amountMinor: fee },
    { account: operatorAccount(payin.isTest, 'VAT'), direction: 'CREDIT', amountMinor: vat },
  ];
}

const min = (a: bigint, b: bigint) => (a < b ? a : b);
