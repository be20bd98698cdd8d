import 'server-only';
import type { MethodCode } from '@/lib/methods';
import { describeAmountProblem, moneyOf, parseAmount, type CurrencyCode, type Money } from '@/lib/money';
import type { CreatePaymentLinkRequest } from '@/lib/schemas/payment-link-request';
import type { Clock } from '../clock';
import type { Db } from '../db';
import { AppError, type FieldError } from '../errors';
import type { Merchant } from '../merchants';
import type { UrlPolicy } from '../net';
import { KeysetCursors } from '../paging';
import type { Payin, PayinService } from '../payins';
import type { CustomerSession, CustomerSessionService } from '../customer-sessions';
import { linkSecret, linkSecretHash, LINK_SECRET_PATTERN } from './link-secret';
import { linkPayinId, linkStatus, type LinkUses, type PaymentLink } from './payment-link';
import {
  deactivateLink,
  findLink,
  findLinkBySecret,
  insertLink,
  listLinks,
  liveReservations,
  nextStart,
  reserve,
  unreserve,
} from './payment-link.repository';

/** The longest a link may stay open: a year (a link outliving its terms is a risk, not a feature). */
const MAX_LINK_DAYS = 366;
/** How many of a link's payins its read lists. */
export const LINK_PAYINS_SHOWN = 100;

export interface PaymentLinkDetail {
  link: PaymentLink;
  uses: LinkUses;
  payins: Payin[];
}

/** A link's start of a payment: the payin's page to go to and its customer session. */
export interface LinkStart {
  merchant: Merchant;
  idPayin: string;
  money: Money;
  session: CustomerSession;
  callbackUrl: string;
  returnUrl: string;
  /** The one method the link allows, when it allows one. */
  paymentMethodCode: MethodCode | undefined;
}

/**
 * Payment links (docs/decisions/051): a merchant's terms behind a URL anyone may open; each payment
 * started from it is a fresh payin `<idLink>.<n>` bound to those terms through a customer session
 * the link opens, so the customer changes nothing but what the link leaves open (the amount within
 * its range, the method among those it allows, their own details).
 */
export class PaymentLinkService {
  private readonly cursors: KeysetCursors;

  constructor(
    private readonly deps: {
      db: Db;
      payins: PayinService;
      sessions: CustomerSessionService;
      urlPolicy: UrlPolicy;
      clock: Clock;
      /** Derives the links' URL secrets (the server's signing key). */
      secretKey: Uint8Array;
      /** The merchant a link belongs to, by code. */
      merchant: (code: string) => Promise<Merchant>;
      /** Where a link's payments call back when the merchant gave no callbackUrl: its built-in receiver. */
      defaultCallbackUrl: (merchant: Merchant) => string;
      /** The link's own page: where customers come back when the merchant gave no returnUrl. */
      pageUrl: (secret: string) => string;
    },
  ) {
    this.cursors = new KeysetCursors(deps.secretKey, 'payment-link-list-cursor');
  }

  secretOf(link: PaymentLink): string {
    return linkSecret(this.deps.secretKey, link);
  }

  async create(
    merchant: Merchant,
    idLink: string,
    request: CreatePaymentLinkRequest,
  ): Promise<PaymentLinkDetail> {
    const errors: FieldError[] = [];
    const amount = this.amountOf(request, errors);
    const currency = amount && ('fixed' in amount ? amount.fixed.currency : amount.min.currency);
    const methods = currency === undefined ? undefined : this.methodsOf(merchant, currency, request, errors);
    const now = this.deps.clock();
    const expireAt = request.expireAt === undefined ? undefined : new Date(request.expireAt);
    if (expireAt && expireAt.getTime() <= now.getTime())
      errors.push({ field: 'expireAt', message: 'Must be in the future.' });
    if (expireAt && expireAt.getTime() > now.getTime() + MAX_LINK_DAYS * 86_400_000)
      errors.push({ field: 'expireAt', message: `Must be within ${MAX_LINK_DAYS} days.` });
    if (errors.length > 0 || !amount || !currency)
      throw new AppError('VALIDATION_FAILED', `${errors.length} field(s) failed validation.`, { errors });
    const urlErrors = (['callbackUrl', 'returnUrl'] as const).flatMap((field) => {
      const url = request[field];
      const problem = url === undefined ? undefined : this.deps.urlPolicy.check(field, url);
      return problem ? [problem] : [];
    });
    if (urlErrors.length > 0)
      throw new AppError('URL_NOT_ALLOWED', 'A URL uses a scheme or host that is not allowed.', {
        errors: urlErrors,
      });

    const secret = linkSecret(this.deps.secretKey, { merchantCode: merchant.code, idLink });
    const link = await insertLink(this.deps.db, {
      merchantCode: merchant.code,
      idLink,
      secretHash: linkSecretHash(secret),
      isTest: merchant.isTest,
      description: request.description,
      currency,
      amount,
      methods: methods && [...methods],
      usageLimit: request.usageLimit,
      expireAt,
      callbackUrl: request.callbackUrl ?? this.deps.defaultCallbackUrl(merchant),
      returnUrl: request.returnUrl,
    });
    if (!link)
      throw new AppError(
        'PAYMENT_LINK_ALREADY_EXISTS',
        `A payment link ${idLink} exists already; links are not changed, make another.`,
      );
    return { link, uses: { paid: 0, pending: 0 }, payins: [] };
  }

  async get(merchant: Merchant, idLink: string): Promise<PaymentLinkDetail> {
    const link = await this.require(merchant, idLink);
    const [uses, payins] = await Promise.all([
      this.deps.payins.linkCounts(merchant, idLink),
      this.deps.payins.linkPayins(merchant, idLink, LINK_PAYINS_SHOWN),
    ]);
    return { link, uses, payins };
  }

  async list(
    merchant: Merchant,
    query: { limit: number; cursor?: string | undefined },
  ): Promise<{ items: { link: PaymentLink; uses: LinkUses }[]; nextCursor: string | undefined }> {
    const page = await this.cursors.page(merchant.code, query, (before, limit) =>
      listLinks(this.deps.db, merchant.code, { limit, before }),
    );
    const counts = await this.deps.payins.linksCounts(
      merchant,
      page.items.map((link) => link.idLink),
    );
    const items = page.items.map((link) => ({ link, uses: counts.get(link.idLink)! }));
    return { items, nextCursor: page.nextCursor };
  }

  /** Turns the link off: it takes no more payments; payments already started may still finish. */
  async deactivate(merchant: Merchant, idLink: string): Promise<PaymentLinkDetail> {
    const link = await this.require(merchant, idLink);
    await deactivateLink(this.deps.db, link.id, this.deps.clock());
    return this.get(merchant, idLink);
  }

  status(link: PaymentLink, uses: LinkUses) {
    return linkStatus(link, uses, this.deps.clock());
  }

  /** What the link's page shows a customer: its merchant's public name and the link's terms. */
  async view(secret: string): Promise<{ link: PaymentLink; merchant: Merchant; uses: LinkUses }> {
    const link = await this.bySecret(secret);
    const merchant = await this.deps.merchant(link.merchantCode);
    return { link, merchant, uses: await this.deps.payins.linkCounts(merchant, link.idLink) };
  }

  /**
   * A customer starts a payment on the link's page: the amount checked against the link, the next
   * `<idLink>.<n>` numbered (one the merchant used for a payin of its own is skipped), and a customer
   * session opened for it. Nothing is reserved yet: opening the page or starting and leaving costs
   * the link no place; the usage limit is kept when the payin is created (reserveFor).
   */
  async start(secret: string, amount: number | undefined): Promise<LinkStart> {
    const { link, merchant, uses } = await this.view(secret);
    this.assertOpen(link, uses);
    const money = this.chosenMoney(link, amount);
    let idPayin = linkPayinId(link.idLink, await nextStart(this.deps.db, link.id));
    while (await this.deps.payins.find(merchant, idPayin))
      idPayin = linkPayinId(link.idLink, await nextStart(this.deps.db, link.id));
    const returnUrl = link.returnUrl ?? this.deps.pageUrl(secret);
    const session = await this.deps.sessions.openForLink({
      merchant,
      idPayin,
      money,
      callbackUrl: link.callbackUrl,
      returnUrl,
      link: { id: link.idLink, ...(link.methods && { methods: link.methods }) },
    });
    return {
      merchant,
      idPayin,
      money,
      session,
      callbackUrl: link.callbackUrl,
      returnUrl,
      paymentMethodCode: link.methods?.length === 1 ? link.methods[0] : undefined,
    };
  }

  /**
   * Before a payin is created from a link: the link must still take payments, and with a usage
   * limit a place is held, under the link's row lock, until the payin exists (release) or a minute
   * passed. Paid, open and being-created payins fill the places; two customers racing for the last
   * one get one payin between them (docs/decisions/051).
   */
  async reserveFor(merchant: Merchant, idLink: string, idPayin: string): Promise<() => Promise<void>> {
    const now = this.deps.clock();
    const held = await this.deps.db.transaction().execute(async (tx) => {
      const link = await findLink(tx, merchant.code, idLink, { forUpdate: true });
      if (!link) throw closed('INACTIVE');
      // Without a limit only its dates and switch can close it: no payin needs counting.
      if (link.usageLimit === undefined) {
        this.assertOpen(link, { paid: 0, pending: 0 });
        return undefined;
      }
      const uses = await this.deps.payins.linkCounts(merchant, idLink, tx);
      this.assertOpen(link, uses);
      const creating = await liveReservations(tx, link.id, now);
      this.assertOpen(link, { ...uses, pending: uses.pending + creating });
      await reserve(tx, link.id, idPayin, now);
      return link.id;
    });
    return async () => {
      if (held !== undefined) await unreserve(this.deps.db, held, idPayin);
    };
  }

  private assertOpen(link: PaymentLink, uses: LinkUses): void {
    const status = this.status(link, uses);
    if (status !== 'ACTIVE') throw closed(status);
  }

  private async require(merchant: Merchant, idLink: string): Promise<PaymentLink> {
    const link = await findLink(this.deps.db, merchant.code, idLink);
    if (!link) throw new AppError('PAYMENT_LINK_NOT_FOUND', `No payment link ${idLink}.`);
    return link;
  }

  private async bySecret(secret: string): Promise<PaymentLink> {
    const link = LINK_SECRET_PATTERN.test(secret)
      ? await findLinkBySecret(this.deps.db, linkSecretHash(secret))
      : undefined;
    if (!link) throw new AppError('PAYMENT_LINK_NOT_FOUND', 'No payment link here.');
    return link;
  }

  /** The money of a payment: the link's amount, or the customer's within the link's range. */
  private chosenMoney(link: PaymentLink, amount: number | undefined): Money {
    if ('fixed' in link.amount) {
      if (amount !== undefined && !sameAmount(link.amount.fixed, amount))
        throw amountError('The link has a fixed amount.');
      return link.amount.fixed;
    }
    if (amount === undefined) throw amountError('Required: the link lets the customer choose the amount.');
    const parsed = parseAmount(amount, link.currency);
    if (!parsed.ok) throw amountError(describeAmountProblem(parsed.problem, link.currency));
    const { min, max } = link.amount;
    if (parsed.money.minor < min.minor || parsed.money.minor > max.minor)
      throw amountError(`Must be between the link's minimum and maximum.`);
    return parsed.money;
  }

  private amountOf(
    request: CreatePaymentLinkRequest,
    errors: FieldError[],
  ): PaymentLink['amount'] | undefined {
    if (request.money) return { fixed: request.money };
    const range = request.amountRange;
    if (!range) return undefined;
    const parsedMin = parseAmount(range.minAmount, range.currencyCode);
    const parsedMax = parseAmount(range.maxAmount, range.currencyCode);
    if (!parsedMin.ok)
      errors.push({
        field: 'amountRange.minAmount',
        message: describeAmountProblem(parsedMin.problem, range.currencyCode),
      });
    if (!parsedMax.ok)
      errors.push({
        field: 'amountRange.maxAmount',
        message: describeAmountProblem(parsedMax.problem, range.currencyCode),
      });
    if (!parsedMin.ok || !parsedMax.ok) return undefined;
    return { min: parsedMin.money, max: parsedMax.money };
  }

  /** The methods a link allows: each one the merchant offers for the currency (all of them when none are named). */
  private methodsOf(
    merchant: Merchant,
    currency: CurrencyCode,
    request: CreatePaymentLinkRequest,
    errors: FieldError[],
  ): readonly MethodCode[] | undefined {
    const offered = new Set(
      this.deps.payins
        .availableOptions(merchant, moneyOf(currency, 1n))
        .map((option) => option.paymentMethodCode),
    );
    if (offered.size === 0) {
      throw new AppError(
        'CURRENCY_NOT_SUPPORTED',
        `The merchant has no payment method that can collect ${currency}${merchant.isTest ? '' : ' live'}.`,
        {
          errors: [
            {
              field: request.money ? 'money.currencyCode' : 'amountRange.currencyCode',
              message: 'No method takes this currency.',
            },
          ],
        },
      );
    }
    const named = request.paymentMethodCodes;
    if (!named) return undefined;
    named.forEach((code, index) => {
      if (!offered.has(code))
        errors.push({
          field: `paymentMethodCodes.${index}`,
          message: `${code} is not offered by this merchant for ${currency}.`,
        });
    });
    return [...new Set(named)];
  }
}

function sameAmount(money: Money, amount: number): boolean {
  const parsed = parseAmount(amount, money.currency);
  return parsed.ok && parsed.money.minor === money.minor;
}

function amountError(message: string): AppError {
  return new AppError('VALIDATION_FAILED', message, { errors: [{ field: 'amount', message }] });
}

function closed(status: string): AppError {
  const why: Record<string, string> = {
    INACTIVE: 'The merchant turned this payment link off.',
    EXPIRED: 'This payment link has expired.',
    USED_UP: 'This payment link has taken all the payments it allows.',
  };
  return new AppError('PAYMENT_LINK_CLOSED', why[status] ?? 'This payment link takes no more payments.', {
    errors: [{ field: 'status', message: status }],
  });
}
