import 'server-only';
import { sameMoney, type Money } from '@/lib/money';
import type { Clock } from '../clock';
import { AppError } from '../errors';
import type { Merchant } from '../merchants';
import { LONGEST_VALIDITY_MS } from '@/lib/methods';
import type { UrlPolicy } from '../net';
import { isFinal, type Payin, type PayinService } from '../payins';
import {
  escapePattern,
  payinFlowOperations,
  type PaymentLinkClaims,
  type TokenGrant,
  type TokenService,
} from '../tokens';

export interface CustomerSessionSettings {
  /** How long after opening a session the payin may still be created, when the merchant's token ends sooner. */
  checkoutWindowSecs: number;
  /** How long a session still works after its payin became final (the result and the way back). */
  graceSecs: number;
}

export const DEFAULT_CUSTOMER_SESSION_SETTINGS: CustomerSessionSettings = {
  checkoutWindowSecs: 3600,
  graceSecs: 3600,
};

/** A session opened for the customer's page. */
export interface CustomerSession {
  token: string;
  /** The hard end of the session; it ends sooner once its payin is final (plus the grace). */
  expiresAt: Date;
  operations: string[];
}

/**
 * Customer sessions: the hosted page trades the merchant's token, once, for a token confined to
 * one payin that lives as long as the payment rather than as long as the link (a bank transfer stays
 * open 24 h; links are valid 30 min). A session never allows more than the token it came from: the
 * same payin, the same money restriction, and only the payin-flow operations that token allowed.
 * It may create the payin until the token would have expired or the checkout window closes,
 * whichever is later, and works until its payin has been final for the grace period
 * (docs/decisions/022-customer-sessions.md).
 */
export class CustomerSessionService {
  constructor(
    private readonly deps: {
      tokens: TokenService;
      payins: PayinService;
      urlPolicy: UrlPolicy;
      /** The payins' clock (when a payin ended). */
      clock: Clock;
      settings: CustomerSessionSettings;
      /** The tokens' clock, epoch milliseconds (their exp and iat). */
      tokenNow?: () => number;
    },
  ) {}

  private tokenNow(): number {
    return (this.deps.tokenNow ?? Date.now)();
  }

  async open(input: {
    grant: TokenGrant;
    merchant: Merchant;
    idPayin: string;
    returnUrl?: string | undefined;
    money?: Money | undefined;
  }): Promise<CustomerSession> {
    const { grant, idPayin, returnUrl, money } = input;
    if (grant.session) {
      throw new AppError('OPERATION_NOT_PERMITTED', 'This token is already a customer session.');
    }
    // A live merchant's customer link carries a token confined to the payment that fixes the amount
    // (PAYIN_CREATE with money): a general token must never reach a browser, and an unbound amount
    // would be the customer's to choose (docs/decisions/030).
    if (!input.merchant.isTest && (grant.paymentScope === undefined || !grant.money)) {
      throw new AppError(
        'TERMS_NOT_PERMITTED',
        grant.paymentScope === undefined
          ? 'A live payment link needs a token confined to this payment (PAYIN_CREATE), not a general one.'
          : 'A live payment link needs a token that fixes the amount (PAYIN_CREATE with money).',
      );
    }
    // The payin flow's operations the token allowed (simulate too: the API refuses it for live payins).
    const operations = payinFlowOperations(idPayin, true).filter(({ method, path }) =>
      grant.allows(method, path),
    );
    if (!operations.some(({ method, path }) => method === 'GET' && path === `/payins/${idPayin}`)) {
      throw new AppError(
        'OPERATION_NOT_PERMITTED',
        `A customer session needs a token that allows GET /payins/${idPayin}.`,
      );
    }
    // A link whose amount the token does not allow is caught now, not after the customer pressed "Pay".
    if (money && grant.money && !sameMoney(grant.money, money)) {
      throw new AppError(
        'MONEY_NOT_PERMITTED',
        'The token only allows a payin of another amount or currency.',
        {
          errors: [{ field: 'money', message: 'Not the amount and currency the token allows.' }],
        },
      );
    }
    const urlError = returnUrl === undefined ? undefined : this.deps.urlPolicy.check('returnUrl', returnUrl);
    if (urlError) {
      throw new AppError('URL_NOT_ALLOWED', 'The returnUrl uses a scheme or host that is not allowed.', {
        errors: [urlError],
      });
    }
    const now = Math.floor(this.tokenNow() / 1000);
    return this.issue({
      merchantCode: grant.merchantCode,
      idPayin,
      operations,
      createBefore: Math.max(grant.expiresAt, now + this.deps.settings.checkoutWindowSecs),
      money: grant.money,
      terms: grant.terms,
      returnUrl,
    });
  }

  /**
   * The session a payment link opens for a customer (docs/decisions/051): no merchant's token is
   * traded, the link is the merchant's consent. It fixes the money (the link's amount, or the one the
   * customer chose within the link's range), binds the link's callbackUrl and returnUrl, names the
   * link and its methods, and lives as a traded session does.
   */
  openForLink(input: {
    merchant: Merchant;
    idPayin: string;
    money: Money;
    callbackUrl: string;
    returnUrl: string;
    link: PaymentLinkClaims;
  }): Promise<CustomerSession> {
    const { merchant, idPayin, money, callbackUrl, returnUrl, link } = input;
    return this.issue({
      merchantCode: merchant.code,
      idPayin,
      operations: payinFlowOperations(idPayin, merchant.isTest),
      createBefore: Math.floor(this.tokenNow() / 1000) + this.deps.settings.checkoutWindowSecs,
      money,
      terms: { callbackUrl, returnUrl },
      returnUrl,
      link,
    });
  }

  /**
   * The session an e-mail's link back to the page opens (docs/decisions/052): the payin exists, so
   * nothing may be created; it reads the payin and does what its page does (a reference, a
   * simulation on a test payin), bound to the payin's own terms, and lives as a traded session does.
   */
  openForPayin(input: { merchant: Merchant; payin: Payin }): Promise<CustomerSession> {
    const { merchant, payin } = input;
    return this.issue({
      merchantCode: merchant.code,
      idPayin: payin.idPayin,
      operations: payinFlowOperations(payin.idPayin, merchant.isTest),
      createBefore: Math.floor(this.tokenNow() / 1000),
      money: payin.money,
      terms: { callbackUrl: payin.callbackUrl, returnUrl: payin.returnUrl },
      returnUrl: payin.returnUrl,
    });
  }

  /**
   * Signs a session: it may create its payin until `createBefore`, and lives on for the longest a
   * payin stays open and then the grace period.
   */
  private async issue(input: {
    merchantCode: string;
    idPayin: string;
    operations: readonly { method: string; path: string }[];
    createBefore: number;
    money: Money | undefined;
    terms: TokenGrant['terms'];
    returnUrl: string | undefined;
    link?: PaymentLinkClaims;
  }): Promise<CustomerSession> {
    const { createBefore, returnUrl } = input;
    const now = Math.floor(this.tokenNow() / 1000);
    const validitySecs = createBefore - now + LONGEST_VALIDITY_MS / 1000 + this.deps.settings.graceSecs;
    const texts = input.operations.map(({ method, path }) => `${method} ${escapePattern(path)}`);
    const token = await this.deps.tokens.issue({
      merchantCode: input.merchantCode,
      operations: texts,
      validitySecs,
      money: input.money,
      idPayment: input.idPayin,
      terms: input.terms,
      session: { createBefore, ...(returnUrl !== undefined && { returnUrl }) },
      ...(input.link && { link: input.link }),
    });
    return { token, expiresAt: new Date((now + validitySecs) * 1000), operations: texts };
  }

  /**
   * A session works while its payin may still be created, is open, or ended less than the grace
   * period ago; then it is over, whatever its exp says.
   */
  async assertActive(grant: TokenGrant, merchant: Merchant): Promise<void> {
    const session = grant.session;
    if (!session || grant.paymentScope === undefined) return;
    const payin = await this.deps.payins.find(merchant, grant.paymentScope);
    const ended = payin
      ? isFinal(payin.status) &&
        (payin.processedAt ?? payin.updatedAt).getTime() + this.deps.settings.graceSecs * 1000 <=
          this.deps.clock().getTime()
      : session.createBefore * 1000 <= this.tokenNow();
    if (ended) throw new AppError('SESSION_ENDED', 'This customer session has ended.');
  }
}
