import 'server-only';
import type { Kysely, Transaction } from 'kysely';
import { REFUND_CLAIM_EXPIRED } from '@/lib/api/refund-responses';
import { moneyOf, sameMoney, toApiMoney, type CurrencyCode, type Money } from '@/lib/money';
import type { FinalStatus } from '@/lib/payins/statuses';
import type { CreateRefundRequest, RefundDestinationRequest } from '@/lib/schemas';
import { systemClock, type Clock } from '../clock';
import type { Database } from '../db';
import { AppError } from '../errors';
import type { LedgerService } from '../ledger';
import type { Logger } from '../logger';
import { computeRefundFee, type Merchant } from '../merchants';
import type { UrlPolicy } from '../net';
import { lockPayin, type PayinService } from '../payins';
import { DEFAULT_PROCESSOR_STATUS, resolvePayoutDestination, type PayoutDestination } from '../payouts';
import { generateReference } from '../references';
import type { TokenGrant } from '../tokens';
import { CLAIM_SECRET_PATTERN, claimHash, claimSecret } from './claim-link';
import { payerDestination } from './payer-destination';
import { assertClaimableLive, assertLiveRefundsPossible, liveRefundRail } from './live-refunds';
import {
  claimIsOpen,
  refundEndToEndIdOf,
  type Refund,
  type RefundPlanner,
  type RefundStatusOutbox,
} from './refund';
import {
  activeRefundedMinor,
  findExpiredClaims,
  findRefund,
  findRefundByClaimHash,
  findRefundById,
  idRefundsOf,
  insertRefund,
  lockRefund,
  refundsOfPayin,
  refundTotals,
  setClaimedDestination,
  markRefundReturned,
  updateRefundStatus,
  pendingLiveUnfiled,
} from './refund.repository';

/** Expired claims ended per round of the claim worker. */
const EXPIRY_BATCH = 50;

/** A payin's refunds with its totals (GET /payins/{idPayin}/refunds). */
export interface PayinRefunds {
  refunds: Refund[];
  refunded: Money;
  refundPending: Money;
  refundable: Money;
}

/** What the claim page may know: the refund and the shop's public name; never who paid or how. */
export interface RefundClaimView {
  refund: Refund;
  merchantName: string;
  /** When it was read (the service's clock): whether the claim is open is judged at this instant. */
  at: Date;
}

function destinationOf(request: RefundDestinationRequest, currency: Money['currency']): PayoutDestination {
  const resolved = resolvePayoutDestination({
    currency,
    paymentMethodCode: request.paymentMethodCode,
    paymentOperatorCode: request.paymentOperatorCode,
    account: request.account,
    phoneNumber: request.phoneNumber,
    emailAddress: request.emailAddress,
  });
  if (!resolved.ok) {
    // The payout rules name a payout request's fields; a refund's destination sits under `destination`.
    const errors = resolved.errors.map((error) => ({
      ...error,
      field: error.field.startsWith('paymentMethod.')
        ? `destination.${error.field.slice('paymentMethod.'.length)}`
        : 'destination.paymentMethodCode',
    }));
    throw new AppError(resolved.code, resolved.detail, { errors });
  }
  return resolved.destination;
}

/**
 * Refunds (docs/decisions/036-refunds.md): money back to the payer of a successful payin, reserved
 * from the available balance in the insert's transaction under the payin's row lock, so two
 * refunds racing for the payin's last refundable amount (or the merchant's last available money)
 * can never both be accepted, across instances.
 */
export class RefundService {
  private readonly now: Clock;

  constructor(
    private readonly options: {
      db: Kysely<Database>;
      ledger: LedgerService;
      payins: PayinService;
      outbox: RefundStatusOutbox;
      urlPolicy: UrlPolicy;
      /** The shop's public name by merchant code (for the claim page). */
      merchantName: (merchantCode: string) => Promise<string>;
      planner?: RefundPlanner;
      logger: Logger;
      clock?: Clock;
      /** Server key material the claim links' secrets derive from. */
      claimKey: Uint8Array;
      /** How long a payer has to claim a refund. */
      claimWindowSecs: number;
      /** Which networks' hot wallets send live crypto refunds in which currencies (docs/decisions/043). */
      cryptoRails?: (network: string, currency: CurrencyCode) => boolean;
    },
  ) {
    this.now = options.clock ?? systemClock;
  }

  /**
   * Creates a refund of a SUCCESS payin and reserves its money (and refund fee) from the available
   * balance, in one transaction. Refused with nothing kept: 404 for an unknown payin, 409 for an
   * idRefund already used or a payin that is not SUCCESS, 422 for more than remains refundable, a
   * currency not the payin's, a short balance, or a live refund that cannot leave by bank file (no
   * account of the merchant pays out its currency, or a destination that is not a bank account:
   * docs/decisions/042). A live refund names its paying account and EndToEndId from creation and
   * waits for a batch once it knows its bank account.
   */
  async create(input: {
    merchant: Merchant;
    grant: TokenGrant;
    idPayin: string;
    idRefund: string;
    request: CreateRefundRequest;
    actor: string | undefined;
  }): Promise<Refund> {
    const { merchant, grant, idRefund, request } = input;
    const { db, ledger, payins, urlPolicy, planner } = this.options;
    // Said before anything is looked up, as a live merchant without any rail is refused whatever it asks.
    if (!merchant.isTest && request.destination?.paymentMethodCode !== 'CRYPTO')
      assertLiveRefundsPossible(merchant);
    const payin = await payins.get(merchant, input.idPayin);
    const asked = request.money ?? grant.money;
    if (grant.money && asked && !sameMoney(grant.money, asked))
      throw new AppError(
        'MONEY_NOT_PERMITTED',
        'The token only allows a refund of another amount or currency.',
      );
    if (asked && asked.currency !== payin.money.currency) {
      const message = `A refund is in the payin's currency, ${payin.money.currency}.`;
      throw new AppError('REFUND_CURRENCY_MISMATCH', message, {
        errors: [{ field: 'money.currencyCode', message }],
      });
    }
    if (request.callbackUrl) {
      const urlError = urlPolicy.check('callbackUrl', request.callbackUrl);
      if (urlError)
        throw new AppError('URL_NOT_ALLOWED', 'The callback URL uses a scheme or host that is not allowed.', {
          errors: [urlError],
        });
    }
    const given = request.destination && destinationOf(request.destination, payin.money.currency);
    const destination = given ?? payerDestination(payin);
    const rail = merchant.isTest ? undefined : this.liveRail(merchant, payin.money.currency, destination);
    const reference = generateReference();
    const now = this.now();

    const refund = await db.transaction().execute(async (tx) => {
      // The payin's lock serialises its refunds: the sum below is read with no other refund in flight.
      const locked = await lockPayin(tx, payin.id);
      if (!locked) throw new AppError('PAYIN_NOT_FOUND', `No payin ${payin.idPayin} any more.`);
      if (await findRefund(tx, merchant.code, idRefund))
        throw new AppError(
          'REFUND_ALREADY_EXISTS',
          `A refund with idRefund ${idRefund} was already accepted.`,
        );
      if (locked.status !== 'SUCCESS')
        throw new AppError(
          'PAYIN_NOT_REFUNDABLE',
          `Payin ${locked.idPayin} is ${locked.status}: only a payin that succeeded can be refunded.`,
        );
      const remaining = locked.money.minor - (await activeRefundedMinor(tx, locked.id));
      if (remaining <= 0n)
        throw new AppError('REFUND_EXCEEDS_PAYMENT', `Payin ${locked.idPayin} is already refunded in full.`);
      const money = asked ?? moneyOf(locked.money.currency, remaining);
      if (money.minor > remaining) {
        const left = toApiMoney(moneyOf(money.currency, remaining));
        const message = `At most ${left.amount} ${left.currencyCode} remains refundable.`;
        throw new AppError('REFUND_EXCEEDS_PAYMENT', message, {
          errors: [{ field: 'money.amount', message }],
        });
      }
      const { fee, vat } = computeRefundFee(merchant.settings, money);
      const secret = destination
        ? undefined
        : claimSecret(this.options.claimKey, { merchantCode: merchant.code, idRefund });
      const inserted = await insertRefund(tx, {
        merchant_code: merchant.code,
        payin_id: locked.id,
        id_payin: locked.idPayin,
        id_refund: idRefund,
        status: 'PENDING',
        processor_status: null,
        currency_code: money.currency,
        amount_minor: money.minor,
        fee_minor: fee.minor,
        vat_minor: vat?.minor ?? null,
        is_test: locked.isTest,
        reason: request.reason ?? null,
        callback_url: request.callbackUrl ?? locked.callbackUrl,
        destination: destination ? JSON.stringify(destination) : null,
        destination_source: given ? 'MERCHANT' : destination ? 'PAYER_ACCOUNT' : null,
        claim_token_hash: secret === undefined ? null : claimHash(secret),
        claim_expires_at:
          secret === undefined ? null : new Date(now.getTime() + this.options.claimWindowSecs * 1000),
        claimed_at: null,
        actor: input.actor ?? null,
        reference,
        created_at: now,
        updated_at: now,
        payout_account_id: rail?.account.id ?? null,
        end_to_end_id: rail ? refundEndToEndIdOf(idRefund, reference) : null,
      });
      if (!inserted)
        throw new AppError(
          'REFUND_ALREADY_EXISTS',
          `A refund with idRefund ${idRefund} was already accepted.`,
        );
      await ledger.reserveRefund(tx, inserted, now, input.actor);
      if (inserted.destination) await planner?.plan(tx, inserted, now);
      return inserted;
    });
    return refund;
  }

  /**
   * How a live refund leaves: to a wallet from the operator's hot wallet of its network (no account
   * pays it: decision 043), else by bank file (decision 042). 422 REFUNDS_NOT_AVAILABLE otherwise.
   */
  private liveRail(merchant: Merchant, currency: CurrencyCode, destination: PayoutDestination | undefined) {
    if (destination?.method === 'CRYPTO') {
      const network = destination.operator?.code ?? '';
      if (!(this.options.cryptoRails?.(network, currency) ?? false))
        throw new AppError(
          'REFUNDS_NOT_AVAILABLE',
          `Live ${currency} refunds to a wallet on ${network} are sent from the operator's hot wallet for that ` +
            `network, and none is configured: the operator sets CHAIN_RPC_URL_${network} and ` +
            `CHAIN_WALLET_KEY_FILE_${network}. Test payins can be refunded in the sandbox.`,
        );
      return undefined;
    }
    return liveRefundRail(merchant, currency, destination);
  }

  /** Live refunds to a wallet on this network, pending, oldest first (the hot wallet's work). */
  async pendingLiveCrypto(network: string, limit: number): Promise<Refund[]> {
    const waiting = await pendingLiveUnfiled(this.options.db, limit);
    return waiting.filter(
      (refund) => refund.destination?.method === 'CRYPTO' && refund.destination.operator?.code === network,
    );
  }

  async get(merchant: Merchant, idPayin: string, idRefund: string): Promise<Refund> {
    const refund = await findRefund(this.options.db, merchant.code, idRefund);
    if (!refund || refund.idPayin !== idPayin)
      throw new AppError('REFUND_NOT_FOUND', `No refund ${idRefund} of payin ${idPayin}.`);
    return refund;
  }

  /** Every refund of the payin, oldest first, with what was refunded, is pending and remains. */
  async ofPayin(merchant: Merchant, idPayin: string): Promise<PayinRefunds> {
    const payin = await this.options.payins.get(merchant, idPayin);
    const refunds = await refundsOfPayin(this.options.db, payin.id);
    const currency = payin.money.currency;
    const sum = (status: Refund['status']) =>
      refunds
        .filter((refund) => refund.status === status)
        .reduce((total, refund) => total + refund.money.minor, 0n);
    const active = sum('PENDING') + sum('SUCCESS');
    return {
      refunds,
      refunded: moneyOf(currency, sum('SUCCESS')),
      refundPending: moneyOf(currency, sum('PENDING')),
      refundable: moneyOf(currency, payin.status === 'SUCCESS' ? payin.money.minor - active : 0n),
    };
  }

  /** Per payin id: refunded (SUCCESS) and not REFUSED totals in minor units, for payin reads. */
  totals(payinIds: readonly bigint[]) {
    return refundTotals(this.options.db, payinIds);
  }

  /** The merchant-facing id of each refund, by internal id (what the ledger's rows name). */
  /** A refund by its internal id (the e-mail outbox names refunds so). */
  findById(id: bigint): Promise<Refund | undefined> {
    return findRefundById(this.options.db, id);
  }

  idRefunds(ids: readonly bigint[]): Promise<Map<bigint, string>> {
    return idRefundsOf(this.options.db, ids);
  }

  /** The claim link's secret for a refund that still waits for the payer's destination. */
  claimSecretOf(refund: Refund): string | undefined {
    if (refund.claimExpiresAt === undefined || refund.claimedAt !== undefined || refund.status !== 'PENDING')
      return undefined;
    return claimSecret(this.options.claimKey, refund);
  }

  /**
   * The refund a claim link opens, ending it first if its claim has run out (the worker would soon).
   * 404 REFUND_CLAIM_NOT_FOUND for a link this service did not give.
   */
  async claim(secret: string): Promise<RefundClaimView> {
    let refund = await this.claimed(secret);
    if (refund.status === 'PENDING' && refund.destination === undefined && !claimIsOpen(refund, this.now()))
      refund = await this.expireClaim(refund.id);
    return { refund, merchantName: await this.options.merchantName(refund.merchantCode), at: this.now() };
  }

  /**
   * The payer says where the money goes: checked by the payout rules (400 with the fields; a live
   * refund only to a bank account, decision 042), then the refund goes out there (a live one joins
   * its account's queue for the next batch). 409 REFUND_CLAIM_CLOSED when it was claimed, ended or
   * ran out before.
   */
  async submitClaim(secret: string, request: RefundDestinationRequest): Promise<RefundClaimView> {
    const found = await this.claimed(secret);
    if (found.status === 'PENDING' && found.destination === undefined && !claimIsOpen(found, this.now())) {
      await this.expireClaim(found.id);
      throw new AppError('REFUND_CLAIM_CLOSED', 'The time to claim this refund has run out.');
    }
    const destination = destinationOf(request, found.money.currency);
    if (!found.isTest) assertClaimableLive(destination);
    const at = this.now();
    const refund = await this.options.db.transaction().execute(async (tx) => {
      const current = await lockRefund(tx, found.id);
      if (!current || !claimIsOpen(current, at))
        throw new AppError('REFUND_CLAIM_CLOSED', 'This refund can no longer be claimed.');
      const claimed = await setClaimedDestination(tx, { id: current.id, destination, at });
      await this.options.planner?.plan(tx, claimed, at);
      return claimed;
    });
    return { refund, merchantName: await this.options.merchantName(refund.merchantCode), at };
  }

  private async claimed(secret: string): Promise<Refund> {
    const refund = CLAIM_SECRET_PATTERN.test(secret)
      ? await findRefundByClaimHash(this.options.db, claimHash(secret))
      : undefined;
    if (!refund) throw new AppError('REFUND_CLAIM_NOT_FOUND', 'There is no refund to claim at this link.');
    return refund;
  }

  /** Ends the refunds whose claim ran out: REFUSED with CLAIM_EXPIRED, the money back to the balance. */
  async expireClaims(): Promise<number> {
    const due = await findExpiredClaims(this.options.db, this.now(), EXPIRY_BATCH);
    let ended = 0;
    for (const id of due) {
      try {
        await this.expireClaim(id);
        ended++;
      } catch (error) {
        this.options.logger.error(
          { err: error, refundId: String(id) },
          'refund claim expiry failed; retried',
        );
      }
    }
    return ended;
  }

  private async expireClaim(id: bigint): Promise<Refund> {
    const refund = await findRefundById(this.options.db, id);
    if (!refund) throw new AppError('REFUND_NOT_FOUND', 'The refund is gone.');
    return this.finish(refund, 'REFUSED', {
      processorStatus: REFUND_CLAIM_EXPIRED,
      // Only if still unclaimed and out of time once locked: a claim that just won keeps its refund.
      claim: (_tx, current) =>
        Promise.resolve(
          current.status === 'PENDING' &&
            current.destination === undefined &&
            !claimIsOpen(current, this.now()),
        ),
    });
  }

  /**
   * Ends a pending refund on its locked row: SUCCESS debits the reservation (the money reached the
   * payer), REFUSED releases it; with its callback. 409 REFUND_FINAL once it has ended. `claim`
   * (scheduled work) runs first and may call it off.
   */
  async finish(
    refund: Pick<Refund, 'id' | 'idRefund'>,
    status: FinalStatus,
    options: {
      processorStatus?: string | undefined;
      claim?: (tx: Transaction<Database>, current: Refund) => Promise<boolean>;
    } = {},
  ): Promise<Refund> {
    const at = this.now();
    return this.options.db.transaction().execute(async (tx) => {
      const current = await lockRefund(tx, refund.id);
      if (!current) throw new AppError('REFUND_NOT_FOUND', `No refund ${refund.idRefund} any more.`);
      if (options.claim && !(await options.claim(tx, current))) return current;
      if (current.status !== 'PENDING')
        throw new AppError('REFUND_FINAL', `The refund is already ${current.status}.`);
      const updated = await updateRefundStatus(tx, {
        id: current.id,
        status,
        processorStatus: options.processorStatus ?? DEFAULT_PROCESSOR_STATUS[status],
        at,
      });
      if (status === 'SUCCESS') await this.options.ledger.debitRefund(tx, updated, at);
      else await this.options.ledger.releaseRefund(tx, updated, at);
      await this.options.outbox.recordRefund(tx, { refund: updated, at });
      return updated;
    });
  }

  /**
   * A paid refund the payer's bank sent back later (docs/decisions/044), on its locked row: it ends
   * REFUSED after all with the bank's reason, its debit undone by a REFUND_RETURN, so the payin can
   * be refunded again; with its callback. Undefined when it is not a paid refund any more.
   */
  async returnPaid(
    refund: Pick<Refund, 'id' | 'idRefund'>,
    processorStatus: string,
  ): Promise<Refund | undefined> {
    const at = this.now();
    return this.options.db.transaction().execute(async (tx) => {
      const current = await lockRefund(tx, refund.id);
      if (!current) throw new AppError('REFUND_NOT_FOUND', `No refund ${refund.idRefund} any more.`);
      if (current.status !== 'SUCCESS') return undefined;
      const returned = await markRefundReturned(tx, { id: current.id, processorStatus, at });
      await this.options.ledger.returnRefund(tx, returned, at);
      await this.options.outbox.recordRefund(tx, { refund: returned, at });
      return returned;
    });
  }
}
