import 'server-only';
import { randomUUID } from 'node:crypto';
import { parseAmount, toApiMoney, type Money } from '@/lib/money';
import { AppError } from '../errors';
import type { TokenClaims } from './claims';
import { signToken, verifyToken, type TokenKeys } from './jwt';
import {
  derivePaymentScope,
  escapePattern,
  MAX_OPERATIONS,
  parseOperation,
  rememberingMatcher,
  type CompiledOperation,
} from './operations';

export const DEFAULT_VALIDITY_SECS = 1800;

export const TOKEN_ACTIONS = ['PAYIN_CREATE', 'PAYIN_INFO'] as const;
export type TokenAction = (typeof TOKEN_ACTIONS)[number];

/** What a verified token lets its bearer do. */
export interface TokenGrant {
  merchantCode: string;
  jti: string;
  operations: readonly CompiledOperation[];
  /** Whether the operations allow "METHOD path" (remembers its recent answers). */
  allows(method: string, path: string): boolean;
  /** Set when the token may only create payins of exactly this amount and currency. */
  money: Money | undefined;
  /** Set when the token may only touch this one payin. */
  paymentScope: string | undefined;
  /** The payment link's terms the token binds (docs/decisions/030); undefined when it binds none. */
  terms: CheckoutTermsClaims | undefined;
  /** Expiry, epoch seconds. */
  expiresAt: number;
  /** Set when the token is a customer session (server/customer-sessions). */
  session: CustomerSessionClaims | undefined;
  /** The API key that minted it; undefined: the merchants file's secret (or a customer session). */
  keyId: string | undefined;
  /** Set on a payment link's customer session: the link and the methods it allows (docs/decisions/051). */
  link: PaymentLinkClaims | undefined;
  /** Set on the console's tokens: whose console session minted it (docs/decisions/035). */
  console: ConsoleClaims | undefined;
}

/** A console token's person: the session it belongs to, the user and their name. */
export interface ConsoleClaims {
  sessionId: string;
  userId: string;
  name: string;
}

export type CustomerSessionClaims = NonNullable<TokenClaims['session']>;
export type CheckoutTermsClaims = NonNullable<TokenClaims['terms']>;
export type PaymentLinkClaims = NonNullable<TokenClaims['link']>;

export interface IssueTokenInput {
  merchantCode: string;
  operations: readonly string[];
  validitySecs?: number | undefined;
  money?: Money | undefined;
  idPayment?: string | undefined;
  terms?: CheckoutTermsClaims | undefined;
  /** Marks a customer session (server/customer-sessions); such tokens may outlive maxValiditySecs. */
  session?: CustomerSessionClaims | undefined;
  /** The API key whose secret the token was requested with. */
  keyId?: string | undefined;
  /** Marks a console token: valid only while this person's session is open. */
  console?: ConsoleClaims | undefined;
  /** Marks a payment link's customer session. */
  link?: PaymentLinkClaims | undefined;
}

/**
 * What a customer's page does with one payin (specification, Authentication 6): the options,
 * creating and reading the payin, passing the external reference, the channel name and, in the
 * sandbox, driving the outcome. As method and literal path, in this order.
 */
export function payinFlowOperations(idPayin: string, sandbox: boolean): { method: string; path: string }[] {
  return [
    { method: 'POST', path: '/payins/!availablePaymentOptions' },
    { method: 'POST', path: `/payins/${idPayin}` },
    { method: 'GET', path: `/payins/${idPayin}` },
    { method: 'POST', path: `/payins/${idPayin}/!setExternalReference` },
    { method: 'GET', path: '/merchant-info' },
    ...(sandbox ? [{ method: 'POST', path: `/sandbox/payins/${idPayin}/!simulate` }] : []),
  ];
}

/**
 * Operations granted by an action (specification, PAYIN_CREATE, PAYIN_INFO), confined to one payin.
 * PAYIN_CREATE grants the whole payin flow: what the customer needs to finish the payment it creates
 * (docs/decisions/008-token-actions.md).
 */
export function operationsForAction(action: TokenAction, idPayment: string, sandbox: boolean): string[] {
  if (action === 'PAYIN_INFO') return [`GET /payins/${escapePattern(idPayment)}`];
  return payinFlowOperations(idPayment, sandbox).map(
    ({ method, path }) => `${method} ${escapePattern(path)}`,
  );
}

const GRANT_CACHE_LIMIT = 10_000;

export class TokenService {
  /** Verified grants by token (and the token's expiry): verified and compiled once, not per request. */
  private readonly grants = new Map<string, { grant: TokenGrant; exp: number }>();

  constructor(
    private readonly keys: TokenKeys,
    readonly maxValiditySecs: number,
    private readonly now: () => number = Date.now,
  ) {}

  async issue(input: IssueTokenInput): Promise<string> {
    if (input.operations.length > MAX_OPERATIONS) {
      throw new AppError('INVALID_OPERATION_PATTERN', `At most ${MAX_OPERATIONS} operations per token.`, {
        errors: [{ field: 'operations', message: `At most ${MAX_OPERATIONS} operations.` }],
      });
    }
    // The first refused operation ends the request: a hostile list costs one refusal, not twenty.
    for (const [index, text] of input.operations.entries()) {
      const parsed = parseOperation(text);
      if (!parsed.ok)
        throw new AppError('INVALID_OPERATION_PATTERN', `Operation ${index} was refused: ${parsed.reason}`, {
          errors: [{ field: `operations.${index}`, message: parsed.reason }],
        });
    }

    const derived = derivePaymentScope(input.operations);
    if (input.idPayment !== undefined && derived !== undefined && derived !== input.idPayment) {
      throw new AppError('VALIDATION_FAILED', 'The operations name another payment than idPayment.', {
        errors: [{ field: 'idPayment', message: 'Does not match the payment the operations name.' }],
      });
    }
    const validitySecs = input.validitySecs ?? DEFAULT_VALIDITY_SECS;
    const iat = Math.floor(this.now() / 1000);
    const claims: TokenClaims = {
      sub: input.merchantCode,
      operations: [...input.operations],
      iat,
      exp: iat + validitySecs,
      jti: randomUUID(),
      ...(input.money ? { money: toApiMoney(input.money) } : {}),
      ...((input.idPayment ?? derived) !== undefined ? { idPayment: input.idPayment ?? derived } : {}),
      ...(input.terms && Object.keys(input.terms).length > 0 ? { terms: input.terms } : {}),
      ...(input.session ? { session: input.session } : {}),
      ...(input.keyId ? { kid: input.keyId } : {}),
      ...(input.link ? { link: input.link } : {}),
      ...(input.console
        ? { console: { sid: input.console.sessionId, uid: input.console.userId, name: input.console.name } }
        : {}),
    };
    return signToken(this.keys, claims);
  }

  /**
   * Verifies a bearer token and returns its grant. A token seen before, byte for byte, was verified
   * then (signature and claims): it is only checked for expiry again, so a customer's page polling
   * its status costs no HMAC or JSON work per request.
   */
  authenticate(token: string): TokenGrant {
    const nowSeconds = Math.floor(this.now() / 1000);
    const known = this.grants.get(token);
    if (known) {
      if (known.exp > nowSeconds) return known.grant;
      this.grants.delete(token);
    }
    const claims = verifyToken(this.keys, token, nowSeconds);
    const grant = this.compile(claims);
    if (this.grants.size >= GRANT_CACHE_LIMIT) {
      const oldest = this.grants.keys().next().value;
      if (oldest !== undefined) this.grants.delete(oldest);
    }
    this.grants.set(token, { grant, exp: claims.exp });
    return grant;
  }

  private compile(claims: TokenClaims): TokenGrant {
    const operations: CompiledOperation[] = [];
    for (const text of claims.operations) {
      const parsed = parseOperation(text);
      // We only sign operations that parse; one that does not was not issued by this code.
      if (!parsed.ok) throw new AppError('TOKEN_INVALID', 'The token carries an invalid operation.');
      operations.push(parsed.operation);
    }
    let money: Money | undefined;
    if (claims.money) {
      const parsed = parseAmount(claims.money.amount, claims.money.currencyCode);
      if (!parsed.ok) throw new AppError('TOKEN_INVALID', 'The token carries an invalid money restriction.');
      money = parsed.money;
    }
    return {
      merchantCode: claims.sub,
      jti: claims.jti,
      operations,
      allows: rememberingMatcher(operations),
      money,
      paymentScope: claims.idPayment,
      terms: claims.terms,
      expiresAt: claims.exp,
      session: claims.session,
      keyId: claims.kid,
      link: claims.link,
      console: claims.console && {
        sessionId: claims.console.sid,
        userId: claims.console.uid,
        name: claims.console.name,
      },
    };
  }
}
