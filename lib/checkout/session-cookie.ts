/** The cookie that carries the customer's token, scoped to one payment's pages (Path). */
export const SESSION_COOKIE = 'payin_session';
/** Set once the customer says "I have paid", so the page waits instead of inviting a second transfer. */
export const CONFIRMED_COOKIE = 'payin_confirmed';

/** The pages (and their BFF) of one payment. */
export function paymentPath(merchantCode: string, idPayin: string): string {
  return `/pay/${encodeURIComponent(merchantCode)}/${encodeURIComponent(idPayin)}`;
}

/**
 * The claims of a JWT, decoded without verifying it: only to bound the cookie's lifetime and to catch
 * a token of another merchant early. The API verifies every token itself.
 */
function unverifiedClaims(token: string): { exp?: unknown; sub?: unknown } {
  const payload = token.split('.')[1];
  if (!payload) return {};
  try {
    return JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as {
      exp?: unknown;
      sub?: unknown;
    };
  } catch {
    return {};
  }
}

/** exp (seconds) of a JWT, unverified. */
export function tokenExpiry(token: string): number | undefined {
  const { exp } = unverifiedClaims(token);
  return typeof exp === 'number' ? exp : undefined;
}

/** sub (the merchant code) of a JWT, unverified. */
export function tokenSubject(token: string): string | undefined {
  const { sub } = unverifiedClaims(token);
  return typeof sub === 'string' ? sub : undefined;
}
