/** The cookie that carries the customer's token, scoped to one payment's pages (Path). */
export const SESSION_COOKIE = 'payin_session';
/** Set once the customer says "I have paid", so the page waits instead of inviting a second transfer. */
export const CONFIRMED_COOKIE = 'payin_confirmed';

/** The pages (and their BFF) of one payment. */
export function paymentPath(merchantCode: string, idPayin: string): string {
  return `/pay/${encodeURIComponent(merchantCode)}/${encodeURIComponent(idPayin)}`;
}

/** Reads exp (seconds) from a JWT without verifying it: only used to bound the cookie's lifetime. */
export function tokenExpiry(token: string): number | undefined {
  const payload = token.split('.')[1];
  if (!payload) return undefined;
  try {
    const claims = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as {
      exp?: unknown;
      sub?: unknown;
    };
    return typeof claims.exp === 'number' ? claims.exp : undefined;
  } catch {
    return undefined;
  }
}

/** Reads sub (the merchant code) from a JWT without verifying it; the API verifies the token itself. */
export function tokenSubject(token: string): string | undefined {
  const payload = token.split('.')[1];
  if (!payload) return undefined;
  try {
    const claims = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { sub?: unknown };
    return typeof claims.sub === 'string' ? claims.sub : undefined;
  } catch {
    return undefined;
  }
}
