import { z } from 'zod';
import { MERCHANT_CODE_PATTERN } from '../schemas/primitives';

export const signInSchema = z.object({
  merchantCode: z.string().trim().regex(MERCHANT_CODE_PATTERN),
  secret: z.string().min(1).max(512),
  next: z.string().optional(),
});

/** Why a sign-in did not go through, as the sign-in page's `e` parameter. */
export const SIGN_IN_ERRORS = ['invalid', 'locked', 'unavailable', 'expired', 'signedOut'] as const;
export type SignInError = (typeof SIGN_IN_ERRORS)[number];

export function isSignInError(value: string | undefined): value is SignInError {
  return (SIGN_IN_ERRORS as readonly (string | undefined)[]).includes(value);
}

/**
 * Where to go after signing in: a console page the sign-in was asked from, never anywhere else
 * (no open redirect: "//host", "/console/../x" and backslashes are refused).
 */
export function afterSignIn(next: string | undefined): string {
  if (
    next === undefined ||
    !/^\/console(\/[A-Za-z0-9._~:+=%!-]*)*(\?[^\\#]*)?$/.test(next) ||
    /(^|\/)\.\.?(\/|$|\?)/.test(next.split('?')[0] ?? '') ||
    next.startsWith('/console/bff')
  )
    return '/console/payments';
  return next;
}
