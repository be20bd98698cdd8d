import 'server-only';
import { randomBytes } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { toApiMoney, type CurrencyCode, type Money } from '@/lib/money';
import { METHOD_CODES, type MethodCode } from '@/lib/methods';
import type { CreatePayinRequest } from '@/lib/schemas';
import type { Database, Db, NewPayinRow } from '../db';
import { AppError } from '../errors';
import { computeFee, type Merchant } from '../merchants';
import { requireAdapter, type ConnectorStart, type NewPayment } from '../methods';
import type { TokenGrant } from '../tokens';
import type { Payin, PayinStatus } from './payin';
import { MicroBatcher } from '../db';
import {
  findPayinById,
  findPayins,
  insertPayin,
  payinByAddress,
  openPayinIds,
  openPayinsByAmount,
  payinSummaries,
  payinsByReference,
  takenRequiredAmounts,
  updateExternalReference,
} from './payin.repository';
import { listPayins, type PayinListFilter } from './payin-list.repository';
import { linkPayinCounts, newestLinkPayins, type LinkPayinCounts } from './payin-link.repository';
import { KeysetCursors } from '../paging';
import { generateReference } from '../references';
import { pickRequiredAmount, uniqueAmountBand } from './unique-amount';
import type { UrlPolicy } from '../net';
import { assertCreatable, customerDataOf } from './create-rules';
import { offeredOperators, pickCollectionAddress, planCollection } from './collection-plan';
import { rotatesAddresses, type CollectionAccount } from '../accounts';
import type { PayinEvent } from './payin.state-machine';
import {
  changePayin,
  commitExpiry,
  commitPayment,
  commitTransition,
  type Change,
  type ChangeOptions,
  type TransitionOptions,
} from './payin.changes';
import type { CreationOutbox, StatusChangeOutbox } from './status-outbox';
import type { PayinPlanner } from './creation-plan';
import { systemClock, type Clock } from '../clock';

export interface PaymentOption {
  paymentMethodCode: string;
  paymentOperators: { code: string; name: string }[];
}

/** A page of GET /payins: the query as parsed at the edge (the cursor already decoded). */
export interface PayinListQuery {
  limit: number;
  /** The previous page's nextCursor, as the client sent it back. */
  cursor?: string | undefined;
  filter: PayinListFilter;
}

export interface PayinPage {
  payins: Payin[];
  /** Set when there may be more: the cursor of the next page. Absent on the last page. */
  nextCursor: string | undefined;
}

export interface PayinServiceOptions {
  db: Kysely<Database>;
  publicUrl: string;
  urlPolicy: UrlPolicy;
  /** Written in the same transaction as every status change (the callback outbox). */
  outbox: StatusChangeOutbox;
  /** Written in the same transaction as a create it wants (the customer e-mail outbox). */
  creations?: CreationOutbox;
  clock?: Clock;
  /** Read batches in flight at once: as many as the database has connections for. */
  readConcurrency?: number;
  /** Decides, per create, a validity and rows stored with the payin (the sandbox's magic amounts). */
  planner?: PayinPlanner;
  /** Server key material the listing's cursor MAC key is derived from (the same on every instance). */
  cursorSecret: Uint8Array;
}

/** Attempts at an insert when a unique amount or reference was taken concurrently. */
const INSERT_ATTEMPTS = 10;
/** When every unique amount of the band is held by open payins, how long to suggest waiting. */
const AMOUNT_RETRY_AFTER_SECS = 60;

function amountUnavailable(detail: string): AppError {
  return new AppError('AMOUNT_UNAVAILABLE', detail, {
    headers: { 'retry-after': String(AMOUNT_RETRY_AFTER_SECS) },
  });
}

function addressUnavailable(): AppError {
  return new AppError(
    'ADDRESS_UNAVAILABLE',
    'Every address of the collection account is held by an open payin; retry the same request once some are paid or expired.',
    { headers: { 'retry-after': String(AMOUNT_RETRY_AFTER_SECS) } },
  );
}

/** Creates and reads payins. Every rule of a create lives here, not in the HTTP layer. */
export class PayinService {
  private readonly db: Kysely<Database>;
  private readonly publicUrl: string;
  private readonly urlPolicy: UrlPolicy;
  private readonly outbox: StatusChangeOutbox;
  private readonly creations: CreationOutbox | undefined;
  private readonly planner: PayinPlanner | undefined;
  private readonly now: Clock;
  private readonly cursors: KeysetCursors;
  /** Reads of concurrent requests share queries (the hot path of GET /payins/{idPayin}). */
  private readonly reads: MicroBatcher<{ merchantCode: string; idPayin: string }, Payin | undefined>;

  constructor(options: PayinServiceOptions) {
    this.db = options.db;
    this.publicUrl = options.publicUrl;
    this.urlPolicy = options.urlPolicy;
    this.outbox = options.outbox;
    this.creations = options.creations;
    this.planner = options.planner;
    this.now = options.clock ?? systemClock;
    this.cursors = new KeysetCursors(options.cursorSecret);
    this.reads = new MicroBatcher((keys) => findPayins(this.db, keys), {
      concurrency: options.readConcurrency ?? 4,
    });
  }

  /**
   * The merchant's configured methods that take this currency, with their operators; for a live
   * merchant only those it can collect (a configured account, a live connector), narrowed to the
   * operators it has an account at (docs/decisions/028).
   */
  availableOptions(merchant: Merchant, money: Money): PaymentOption[] {
    return merchant.paymentMethods.flatMap((code) => {
      const adapter = requireAdapter(code);
      if (!adapter.currencies.includes(money.currency)) return [];
      const operators = offeredOperators(merchant, adapter, money.currency);
      if (!operators) return [];
      return [
        {
          paymentMethodCode: code,
          paymentOperators: operators.map(({ code: operatorCode, name }) => ({ code: operatorCode, name })),
        },
      ];
    });
  }

  /** Creates a payin; 409 when the merchant already has one under this idPayin. */
  async create(input: {
    merchant: Merchant;
    grant: TokenGrant;
    idPayin: string;
    request: CreatePayinRequest;
    /** The customer's language (a supported locale), kept for the e-mails. */
    language?: string | undefined;
  }): Promise<Payin> {
    const { merchant, idPayin, request } = input;
    const money = request.paymentRequested.money;
    const adapter = assertCreatable({ ...input, urlPolicy: this.urlPolicy });
    const collection = planCollection({
      merchant,
      adapter,
      money,
      operatorCode: request.paymentMethod.paymentOperatorCode,
    });
    const { operator, account } = collection;
    const customer = customerDataOf(request.paymentMethod);
    const plan = this.planner?.plan({ merchant, money });
    const now = this.now();
    const expireAt = new Date(now.getTime() + (plan?.validityMs ?? adapter.validityMs(money.currency)));
    const { fee, vat } = computeFee(merchant.settings, adapter.code, money);
    // What else the create's transaction writes: the sandbox's plan, and the e-mail outbox's row
    // when it wants this payin; with neither, the insert is one statement.
    const creations = this.creations;
    const announced =
      creations?.wants({
        merchant,
        method: adapter.code,
        completion: adapter.completion(money.currency, operator),
        customer,
      }) === true;
    const writers = [plan?.record, announced ? creations?.record.bind(creations) : undefined].filter(
      (writer) => writer !== undefined,
    );
    const alsoWrite =
      writers.length === 0
        ? undefined
        : async (tx: Transaction<Database>, payin: Payin) => {
            for (const write of writers) await write(tx, payin);
          };

    // A processor payment is started for a payin about to be stored, so not for an idPayin the
    // merchant already has (a retried or repeated create); the insert still decides a race.
    if (collection.connector && (await this.find(merchant, idPayin))) throw alreadyExists(idPayin);
    // One reference, session and processor start per create: retries for a taken amount or address
    // do not start another payment at the processor.
    let reference = generateReference();
    // Only a processor's payment has an institution session (its redirect's capability): no other
    // payin draws one, nor adds to its unique index (docs/decisions/050).
    const newSession = () => (collection.connector ? randomBytes(16).toString('base64url') : undefined);
    let institutionSession = newSession();
    let processor: ConnectorStart | undefined;
    let started = false;
    // A unique amount is first tried as the order amount itself, with no read before: what the pick
    // gives when it is free (the common case), one round trip instead of two. Any clash leaves the
    // row uninserted without an error and the checked path (read the taken amounts, pick) follows.
    // Not for connector methods: the processor is told the amount before the insert (decision 050).
    let orderAmountFirst = collection.uniqueAmount && !collection.connector;
    const attempts = INSERT_ATTEMPTS + (orderAmountFirst ? 1 : 0);
    for (let attempt = 0; attempt < attempts; attempt++) {
      const requiredMoney = !collection.uniqueAmount
        ? undefined
        : orderAmountFirst
          ? money
          : await this.pickRequiredMoney(merchant, money);
      const address = account && (await this.pickAddress(merchant, account));
      const payment: NewPayment = {
        idPayin,
        merchant,
        money,
        requiredMoney,
        operator,
        customer,
        reference,
        expireAt,
        publicUrl: this.publicUrl,
      };
      if (collection.connector && !started) {
        processor = await collection.connector.start({
          ...payment,
          method: adapter.code,
          session: institutionSession!,
          idempotencyKey: `${merchant.code}/${idPayin}`,
        });
        started = true;
      }
      // Stored after the row's own fields (methodResponseBase), which the read puts back first.
      const methodAdded = {
        ...(operator && { paymentOperator: { code: operator.code, name: operator.name } }),
        ...(vat && { vat: toApiMoney(vat) }),
        ...adapter.buildResponse({
          ...payment,
          collection: account && { account, ...(address !== undefined && { address }) },
          processor,
          isTest: merchant.isTest,
        }),
      };
      const row: NewPayinRow = {
        merchant_code: merchant.code,
        id_payin: idPayin,
        status: 'PENDING',
        processor_status: null,
        payment_method_code: adapter.code,
        payment_operator_code: operator?.code ?? null,
        currency_code: money.currency,
        amount_minor: money.minor,
        required_amount_minor: requiredMoney?.minor ?? null,
        fee_minor: fee.minor,
        vat_minor: vat?.minor ?? null,
        is_test: merchant.isTest,
        callback_url: request.callbackUrl,
        return_url: request.returnUrl,
        reference,
        institution_session: institutionSession ?? null,
        customer: JSON.stringify(customer),
        method_response: JSON.stringify(methodAdded),
        collection_account_id: account?.id ?? null,
        collection_address: address ?? null,
        payment_link: input.grant.link?.id ?? null,
        customer_language: input.language ?? null,
        expire_at: expireAt,
        created_at: now,
        updated_at: now,
      };
      const outcome = await insertPayin(this.db, row, {
        alsoWrite,
        anyConflict: orderAmountFirst,
      });
      if (outcome.kind === 'created') return outcome.payin;
      if (orderAmountFirst) {
        orderAmountFirst = false;
        continue;
      }
      if (outcome.kind === 'duplicate') throw alreadyExists(idPayin);
      if (outcome.kind === 'reference-taken') {
        // Practically never (random references): the processor is told the new one, under the same key.
        reference = generateReference();
        institutionSession = newSession();
        started = false;
      }
    }
    throw amountUnavailable(
      'Could not reserve a unique amount or address to pay to; retry the same request.',
    );
  }

  /** The merchant's payin, or 404 (another merchant's payin is unknown here: IDs are per merchant). */
  async get(merchant: Merchant, idPayin: string): Promise<Payin> {
    const payin = await this.find(merchant, idPayin);
    if (!payin) throw new AppError('PAYIN_NOT_FOUND', `No payin ${idPayin} for this merchant.`);
    return payin;
  }

  /**
   * A page of the merchant's payins, newest first (by internal id, keyset). One row more than the
   * page is read to know whether another page follows, so the last page has no nextCursor. 400
   * VALIDATION_FAILED for a cursor this service did not give this merchant.
   */
  async list(merchant: Merchant, query: PayinListQuery): Promise<PayinPage> {
    const page = await this.cursors.page(merchant.code, query, (beforeId, limit) =>
      listPayins(this.db, { merchantCode: merchant.code, beforeId, limit, filter: query.filter }),
    );
    return { payins: page.items, nextCursor: page.nextCursor };
  }

  /** The merchant's payin under this idPayin, if there is one. */
  find(merchant: Merchant, idPayin: string): Promise<Payin | undefined> {
    return this.reads.load({ merchantCode: merchant.code, idPayin });
  }

  /** A payin by its internal id (what other modules' rows name), if it is there. */
  findById(id: bigint): Promise<Payin | undefined> {
    return findPayinById(this.db, id);
  }

  /** A payment link's payins by status: the paid and the open ones count toward its usage limit. */
  async linkCounts(merchant: Merchant, idLink: string, db: Db = this.db): Promise<LinkPayinCounts> {
    return (await linkPayinCounts(db, merchant.code, [idLink])).get(idLink)!;
  }

  /** The same for a page of links, in one query: counts by idLink. */
  linksCounts(merchant: Merchant, idLinks: readonly string[]): Promise<Map<string, LinkPayinCounts>> {
    return linkPayinCounts(this.db, merchant.code, idLinks);
  }

  /** A payment link's newest payins. */
  linkPayins(merchant: Merchant, idLink: string, limit: number): Promise<Payin[]> {
    return newestLinkPayins(this.db, merchant.code, idLink, limit);
  }

  /** The merchant-facing id and status of each payin, by internal id (a page of another module's rows). */
  summaries(
    ids: readonly bigint[],
    db: Db = this.db,
  ): Promise<Map<bigint, { idPayin: string; status: PayinStatus }>> {
    return payinSummaries(db, ids);
  }

  /** The merchant-facing id of each payin, by internal id. */
  async idPayins(ids: readonly bigint[]): Promise<Map<bigint, string>> {
    const summaries = await this.summaries(ids);
    return new Map([...summaries].map(([id, summary]) => [id, summary.idPayin]));
  }

  /**
   * Open payins' ids as a subquery (the merchant's, or all of them), for a list another module
   * filters by whether its payin is open.
   */
  openIds(merchant?: Merchant) {
    return openPayinIds(this.db, merchant?.code);
  }

  /**
   * The payins an incoming transaction may pay (reconciliation, docs/decisions/028): the merchant's in
   * the currency whose reference its note quotes; the open ones payable to the account expecting
   * exactly its amount (two at most: one is a match); the open one a rotating address was handed to.
   */
  readonly candidates = {
    byReference: (input: { merchantCode: string; currency: CurrencyCode; references: readonly string[] }) =>
      payinsByReference(this.db, input),
    byAmount: (input: {
      merchantCode: string;
      accountId: string;
      currency: CurrencyCode;
      amountMinor: bigint;
    }) => openPayinsByAmount(this.db, input),
    byAddress: (input: { merchantCode: string; accountId: string; address: string }) =>
      payinByAddress(this.db, input),
  };

  /** Records the customer's external payment reference on an open payin, in the form its method's rule takes. */
  async setExternalReference(merchant: Merchant, idPayin: string, reference: string): Promise<Payin> {
    const payin = await this.get(merchant, idPayin);
    const rule = requireAdapter(payin.method).externalReference;
    // Only methods whose payments carry a reference of a known form take one: anything else would be
    // stored unchecked and shown back as if a bank had confirmed it.
    if (!rule) {
      const message = `${payin.method} payments take no external reference (${referenceMethods().join(' and ')} do).`;
      throw new AppError('EXTERNAL_REFERENCE_INVALID', message, {
        errors: [{ field: 'reference', message }],
      });
    }
    if (!rule.pattern.test(reference)) {
      throw new AppError('EXTERNAL_REFERENCE_INVALID', rule.description, {
        errors: [{ field: 'reference', message: rule.description }],
      });
    }
    if (payin.status !== 'PENDING')
      throw new AppError('PAYIN_FINAL', `The payin is already ${payin.status}.`);
    const updated = await updateExternalReference(this.db, { id: payin.id, reference, at: this.now() });
    if (!updated) throw new AppError('PAYIN_FINAL', 'The payin became final.');
    return updated;
  }

  /**
   * Applies an event (approve, decline, expire…) to a payin: the state machine decides the target,
   * the update is a compare-and-set on the current status, and the outbox row commits with it. Of
   * concurrent transitions exactly one wins; the others see 409 PAYIN_FINAL. A method that requires
   * an external reference cannot succeed without one.
   */
  async transition(payin: Payin, event: PayinEvent, options: TransitionOptions = {}): Promise<Payin> {
    return this.change(payin, options, (change, current) =>
      commitTransition(change, current, event, { processorStatus: options.processorStatus }),
    );
  }

  /**
   * Cancels the merchant's open payin (POST /payins/{idPayin}/!cancel): REFUSED with processorStatus
   * CANCELLED, through the state machine, compare-and-set and callback outbox like every status
   * change. 404 when unknown, 409 PAYIN_FINAL once final (a concurrent success wins or loses whole).
   * Money received so far stays recorded; its unique amount is free again (docs/decisions/024).
   */
  async cancel(merchant: Merchant, idPayin: string): Promise<Payin> {
    return this.transition(await this.get(merchant, idPayin), 'cancel');
  }

  /** Expires an open payin: REFUSED with EXPIRED, or UNDERPAID when part of the amount was received. */
  async expire(payin: Payin, options: ChangeOptions = {}): Promise<Payin> {
    return this.change(payin, options, commitExpiry);
  }

  /**
   * Records money received for a payin, in one transaction on its locked row. While it is open the
   * amount adds to what it received; once that reaches the amount to pay (moneyRequired, else the
   * order amount) it succeeds, APPROVED when equal and OVERPAID when more, with its callback, exactly
   * as `transition`; short, it stays PENDING (no status change, no callback). A payment that would
   * complete a payin still lacking a required external reference is refused (409) and nothing is
   * recorded. After the payin ended the amount is recorded as received late; the status stays. A
   * payin past its expireAt has ended even before the sweeper came by: it expires first.
   */
  async recordPayment(payin: Payin, amount: Money, options: ChangeOptions = {}): Promise<Payin> {
    if (amount.currency !== payin.money.currency || amount.minor <= 0n)
      throw new Error(`payment of ${amount.minor} ${amount.currency} for a ${payin.money.currency} payin`);
    return this.change(payin, options, (change, current) => commitPayment(change, current, amount));
  }

  private change(
    payin: Payin,
    options: ChangeOptions,
    apply: (change: Change, current: Payin) => Promise<Payin | undefined>,
  ): Promise<Payin> {
    return changePayin({ db: this.db, outbox: this.outbox, at: this.now(), payin, options, apply });
  }

  /** A free address of a rotating crypto account (503 when all are held); undefined for other accounts. */
  private async pickAddress(merchant: Merchant, account: CollectionAccount): Promise<string | undefined> {
    if (!rotatesAddresses(account)) return undefined;
    const address = await pickCollectionAddress(this.db, { merchantCode: merchant.code, account });
    if (address === undefined) throw addressUnavailable();
    return address;
  }

  private async pickRequiredMoney(merchant: Merchant, money: Money): Promise<Money> {
    const taken = await takenRequiredAmounts(this.db, {
      merchantCode: merchant.code,
      currency: money.currency,
      ...uniqueAmountBand(money),
    });
    const picked = pickRequiredAmount(money, taken);
    if (!picked) {
      throw amountUnavailable(
        'Every amount near this one is expected by an open payin; retry the same request once some are paid or expired.',
      );
    }
    return picked;
  }
}

function alreadyExists(idPayin: string): AppError {
  return new AppError('PAYIN_ALREADY_EXISTS', `A payin with idPayin ${idPayin} was already accepted.`);
}

/** The methods that take an external reference: those with a reference rule. */
function referenceMethods(): MethodCode[] {
  return METHOD_CODES.filter((code) => requireAdapter(code).externalReference !== undefined);
}
