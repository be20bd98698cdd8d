import 'server-only';
import type { Kysely, Transaction } from 'kysely';
import { sameMoney, type CurrencyCode } from '@/lib/money';
import type { CreatePayoutRequest } from '@/lib/schemas';
import { systemClock, type Clock } from '../clock';
import type { Database } from '../db';
import { AppError } from '../errors';
import type { LedgerService } from '../ledger';
import { computePayoutFee, type Merchant } from '../merchants';
import { KeysetCursors } from '../paging';
import { generateReference } from '../references';
import type { UrlPolicy } from '../net';
import type { TokenGrant } from '../tokens';
import { resolvePayoutDestination, type PayoutDestination } from './destinations';
import { payoutAccountOf } from '../accounts';
import {
  DEFAULT_PROCESSOR_STATUS,
  endToEndIdOf,
  type Payout,
  type PayoutStatus,
  type PayoutStatusOutbox,
} from './payout';
import {
  findPayout,
  idPayoutsOf,
  insertPayout,
  listPayouts,
  lockPayout,
  pendingLivePayouts,
  markPayoutReturned,
  updatePayoutStatus,
} from './payout.repository';
import type { PayoutMethodCode } from '@/lib/payouts/methods';
import type { FinalStatus } from '@/lib/payins/statuses';

/** Which networks' hot wallets pay live crypto payouts in which currencies (docs/decisions/043). */
export type CryptoPayoutRails = (network: string, currency: CurrencyCode) => boolean;

/**
 * How a live payout leaves: a crypto payout from the operator's hot wallet of its network (decision
 * 043); a bank payout by file, through the merchant's collection account paying out its currency
 * (decision 038), and only to a bank account (a pain.001 credit transfer). 422
 * PAYOUTS_NOT_AVAILABLE, saying what is missing, otherwise.
 */
function livePayoutRail(
  merchant: Merchant,
  currency: CurrencyCode,
  destination: PayoutDestination,
  cryptoRails: CryptoPayoutRails,
): { account?: { id: string } } {
  if (destination.method === 'CRYPTO') {
    const network = destination.operator?.code ?? '';
    if (!cryptoRails(network, currency))
      throw new AppError(
        'PAYOUTS_NOT_AVAILABLE',
        `Live ${currency} payouts on ${network} are sent from the operator's hot wallet for that network, and none ` +
          `is configured: the operator sets CHAIN_RPC_URL_${network} and CHAIN_WALLET_KEY_FILE_${network}. Test ` +
          'merchants can make sandbox payouts.',
      );
    return {};
  }
  const account = payoutAccountOf(merchant, currency);
  if (!account)
    throw new AppError(
      'PAYOUTS_NOT_AVAILABLE',
      `Live payouts in ${currency} go out through a bank account of the merchant that pays out by file, and none ` +
        'is configured: the operator adds "payouts": { "format": "pain.001" } to a BANK_ACCOUNT collection account ' +
        'of this currency. Test merchants can make sandbox payouts.',
    );
  if (destination.method !== 'BANK_TRANSFER')
    throw new AppError(
      'PAYOUTS_NOT_AVAILABLE',
      `Live payouts go out by bank file: BANK_TRANSFER only, not ${destination.method}. Test merchants can make ` +
        'sandbox payouts of every method.',
    );
  return { account };
}

/** Runs in a new payout's insert transaction: the sandbox schedules a test payout's outcome here. */
export interface PayoutPlanner {
  plan(tx: Transaction<Database>, payout: Payout): Promise<void>;
}

export interface PayoutPage {
  payouts: Payout[];
  nextCursor: string | undefined;
}

/**
 * Creates, reads and settles payouts (docs/decisions/027-ledger-balances-payouts.md). A payout's
 * money is reserved in its insert's transaction, so a payout exists only with its reservation,
 * and concurrent payouts can never together spend more than the available balance.
 */
export class PayoutService {
  private readonly db: Kysely<Database>;
  private readonly ledger: LedgerService;
  private readonly outbox: PayoutStatusOutbox;
  private readonly urlPolicy: UrlPolicy;
  private readonly planner: PayoutPlanner | undefined;
  private readonly now: Clock;
  private readonly cursors: KeysetCursors;
  private readonly cryptoRails: CryptoPayoutRails;

  constructor(options: {
    db: Kysely<Database>;
    ledger: LedgerService;
    outbox: PayoutStatusOutbox;
    urlPolicy: UrlPolicy;
    planner?: PayoutPlanner;
    clock?: Clock;
    cursorSecret: Uint8Array;
    /** Live crypto payouts' networks (none without hot wallets). */
    cryptoRails?: CryptoPayoutRails;
  }) {
    this.cryptoRails = options.cryptoRails ?? (() => false);
    this.db = options.db;
    this.ledger = options.ledger;
    this.outbox = options.outbox;
    this.urlPolicy = options.urlPolicy;
    this.planner = options.planner;
    this.now = options.clock ?? systemClock;
    this.cursors = new KeysetCursors(options.cursorSecret, 'payout-list-cursor');
  }

  /**
   * Creates a payout and reserves its money, fee and VAT from the available balance, in one
   * transaction. Refused, with nothing stored: 403 for a token of another amount, 400 for a
   * destination its method's rules refuse, 409 for an idPayout already used, 422 when the
   * available balance is short or the merchant is live (no payout connector yet).
   */
  async create(input: {
    merchant: Merchant;
    grant: TokenGrant;
    idPayout: string;
    request: CreatePayoutRequest;
  }): Promise<Payout> {
    const { merchant, grant, idPayout, request } = input;
    const money = request.paymentRequested.money;
    if (grant.money && !sameMoney(grant.money, money)) {
      throw new AppError(
        'MONEY_NOT_PERMITTED',
        'The token only allows a payout of another amount or currency.',
      );
    }
    const urlError = this.urlPolicy.check('callbackUrl', request.callbackUrl);
    if (urlError)
      throw new AppError('URL_NOT_ALLOWED', 'The callback URL uses a scheme or host that is not allowed.', {
        errors: [urlError],
      });
    const { paymentMethod } = request;
    const resolved = resolvePayoutDestination({
      currency: money.currency,
      paymentMethodCode: paymentMethod.paymentMethodCode,
      paymentOperatorCode: paymentMethod.paymentOperatorCode,
      account: paymentMethod.account,
      phoneNumber: paymentMethod.phoneNumber,
      emailAddress: paymentMethod.emailAddress,
    });
    if (!resolved.ok) throw new AppError(resolved.code, resolved.detail, { errors: resolved.errors });
    const { destination } = resolved;
    const rail = merchant.isTest
      ? undefined
      : livePayoutRail(merchant, money.currency, destination, this.cryptoRails);
    const { fee, vat } = computePayoutFee(merchant.settings, destination.method, money);
    const now = this.now();
    const reference = generateReference();

    return this.db.transaction().execute(async (tx) => {
      const payout = await insertPayout(tx, {
        merchant_code: merchant.code,
        id_payout: idPayout,
        status: 'PENDING',
        processor_status: null,
        payment_method_code: destination.method,
        payment_operator_code: destination.operator?.code ?? null,
        payment_operator_name: destination.operator?.name ?? null,
        currency_code: money.currency,
        amount_minor: money.minor,
        fee_minor: fee.minor,
        vat_minor: vat?.minor ?? null,
        is_test: merchant.isTest,
        callback_url: request.callbackUrl,
        destination: JSON.stringify(destination),
        reference,
        created_at: now,
        updated_at: now,
        payout_account_id: rail?.account?.id ?? null,
        end_to_end_id: rail?.account ? endToEndIdOf(idPayout, reference) : null,
      });
      if (!payout) {
        throw new AppError(
          'PAYOUT_ALREADY_EXISTS',
          `A payout with idPayout ${idPayout} was already accepted.`,
        );
      }
      await this.ledger.reservePayout(tx, payout, now);
      await this.planner?.plan(tx, payout);
      return payout;
    });
  }

  /** Live payouts of a method and operator waiting to be sent or to end, oldest first (a live rail's work). */
  pendingLive(input: { method: PayoutMethodCode; operator: string; limit: number }): Promise<Payout[]> {
    return pendingLivePayouts(this.db, input);
  }

  /** The merchant-facing id of each payout, by internal id (what another module's rows name). */
  idPayouts(ids: readonly bigint[]): Promise<Map<bigint, string>> {
    return idPayoutsOf(this.db, ids);
  }

  async get(merchant: Merchant, idPayout: string): Promise<Payout> {
    const payout = await findPayout(this.db, merchant.code, idPayout);
    if (!payout) throw new AppError('PAYOUT_NOT_FOUND', `No payout ${idPayout} for this merchant.`);
    return payout;
  }

  /** A page of the merchant's payouts, newest first; 400 for a cursor this service did not give it. */
  async list(
    merchant: Merchant,
    query: { limit: number; cursor?: string | undefined; status?: PayoutStatus | undefined },
  ): Promise<PayoutPage> {
    const page = await this.cursors.page(merchant.code, query, (beforeId, limit) =>
      listPayouts(this.db, { merchantCode: merchant.code, beforeId, limit, status: query.status }),
    );
    return { payouts: page.items, nextCursor: page.nextCursor };
  }

  /**
   * Ends a pending payout, on its locked row: SUCCESS debits the reservation (the money left, the
   * fee is earned), REFUSED releases it to the available balance; with its callback. 409
   * PAYOUT_FINAL once it has ended. `claim` (scheduled work) runs first and may call it off.
   */
  async finish(
    payout: Payout,
    status: FinalStatus,
    options: {
      processorStatus?: string | undefined;
      claim?: (tx: Transaction<Database>) => Promise<boolean>;
    } = {},
  ): Promise<Payout> {
    const at = this.now();
    return this.db.transaction().execute(async (tx) => {
      const current = await lockPayout(tx, payout.id);
      if (!current) throw new AppError('PAYOUT_NOT_FOUND', `No payout ${payout.idPayout} any more.`);
      if (options.claim && !(await options.claim(tx))) return current;
      if (current.status !== 'PENDING')
        throw new AppError('PAYOUT_FINAL', `The payout is already ${current.status}.`);
      const updated = await updatePayoutStatus(tx, {
        id: current.id,
        status,
        processorStatus: options.processorStatus ?? DEFAULT_PROCESSOR_STATUS[status],
        at,
      });
      if (status === 'SUCCESS') await this.ledger.debitPayout(tx, updated, at);
      else await this.ledger.releasePayout(tx, updated, at);
      await this.outbox.recordPayout(tx, { payout: updated, at });
      return updated;
    });
  }

  /**
   * A paid payout whose money the bank sent back later (docs/decisions/044), on its locked row: it
   * ends REFUSED after all with the bank's reason, its debit undone by a PAYOUT_RETURN (the money,
   * fee and VAT back on the available balance), with its callback. Undefined when it is not a paid
   * payout any more (returned already: the same report imported again, or at once by another).
   */
  async returnPaid(
    payout: Pick<Payout, 'id' | 'idPayout'>,
    processorStatus: string,
  ): Promise<Payout | undefined> {
    const at = this.now();
    return this.db.transaction().execute(async (tx) => {
      const current = await lockPayout(tx, payout.id);
      if (!current) throw new AppError('PAYOUT_NOT_FOUND', `No payout ${payout.idPayout} any more.`);
      if (current.status !== 'SUCCESS') return undefined;
      const returned = await markPayoutReturned(tx, { id: current.id, processorStatus, at });
      await this.ledger.returnPayout(tx, returned, at);
      await this.outbox.recordPayout(tx, { payout: returned, at });
      return returned;
    });
  }
}
