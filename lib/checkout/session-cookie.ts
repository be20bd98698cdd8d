import { CUSTOMER_FIELDS, type CustomerField } from '../schemas/customer-fields';

/** The cookie that carries the customer's session token, scoped to one payment's pages (Path). */
export const SESSION_COOKIE = 'payin_session';
/** Set once the customer says "I have paid", so the page waits instead of inviting a second transfer. */
export const CONFIRMED_COOKIE = 'payin_confirmed';

/** The pages (and their BFF) of one payment. */
export function paymentPath(merchantCode: string, idPayin: string): string {
  return `/pay/${encodeURIComponent(merchantCode)}/${encodeURIComponent(idPayin)}`;
}

/** What the page reads from its session token (a customer session, or the merchant's token itself). */
export interface SessionClaims {
  /** The merchant code. */
  sub: string | undefined;
  /** Expiry, epoch seconds. */
  exp: number | undefined;
  /** The amount and currency the token allows, when it is money-limited. */
  money: { amount: number; currencyCode: string } | undefined;
  /** The return address the merchant's link gave, checked by the API when the session was opened. */
  returnUrl: string | undefined;
  /** The link's terms the token binds (the API refuses a create that contradicts them). */
  terms: BoundTerms | undefined;
}

/** What a token binds of a payment link besides its amount (docs/decisions/030). */
export interface BoundTerms {
  callbackUrl?: string;
  returnUrl?: string;
  paymentMethodCode?: string;
  paymentOperatorCode?: string;
  customer?: Partial<Record<CustomerField, string>>;
}

function boundTerms(value: unknown): BoundTerms | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const record = value as Record<string, unknown>;
  const text = (key: string, from: Record<string, unknown> = record) =>
    typeof from[key] === 'string' ? { [key]: from[key] } : {};
  const customer =
    typeof record.customer === 'object' && record.customer !== null
      ? (record.customer as Record<string, unknown>)
      : undefined;
  return {
    ...text('callbackUrl'),
    ...text('returnUrl'),
    ...text('paymentMethodCode'),
    ...text('paymentOperatorCode'),
    ...(customer && {
      customer: Object.assign({}, ...CUSTOMER_FIELDS.map((field) => text(field, customer))) as Partial<
        Record<CustomerField, string>
      >,
    }),
  };
}

/**
 * The claims of a JWT, decoded without verifying it: only to bound the cookie's lifetime, to show
 * the way back and to catch a wrong link early. The API verifies every token itself.
 */
export function sessionClaims(token: string): SessionClaims {
  let claims: Record<string, unknown> = {};
  const payload = token.split('.')[1];
  if (payload) {
    try {
      const bytes = Uint8Array.from(atob(payload.replace(/-/g, '+').replace(/_/g, '/')), (char) =>
        char.charCodeAt(0),
      );
      const parsed: unknown = JSON.parse(new TextDecoder().decode(bytes));
      if (typeof parsed === 'object' && parsed !== null) claims = parsed as Record<string, unknown>;
    } catch {
      // not a JWT: no claims
    }
  }
  const money = claims.money as { amount?: unknown; currencyCode?: unknown } | undefined;
  const session = claims.session as { returnUrl?: unknown } | undefined;
  return {
    sub: typeof claims.sub === 'string' ? claims.sub : undefined,
    exp: typeof claims.exp === 'number' ? claims.exp : undefined,
    money:
      typeof money?.amount === 'number' && typeof money.currencyCode === 'string'
        ? { amount: money.amount, currencyCode: money.currencyCode }
        : undefined,
    returnUrl: typeof session?.returnUrl === 'string' ? session.returnUrl : undefined,
    terms: boundTerms(claims.terms),
  };
}
