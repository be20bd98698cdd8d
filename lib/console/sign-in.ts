import { z } from 'zod';

export const signInSchema = z.object({
  email: z.string().trim().min(3).max(254),
  password: z.string().min(1).max(256),
  next: z.string().optional(),
});

export const secondFactorFieldsSchema = z.object({
  code: z
    .string()
    .trim()
    .transform((code) => code.replace(/\s/g, ''))
    .optional(),
  recoveryCode: z.string().trim().max(40).optional(),
  next: z.string().optional(),
});

export const joinSchema = z.object({
  invitation: z.string().max(100),
  name: z.string().max(200),
  password: z.string().max(256),
  confirm: z.string().max(256),
});

/** Why a sign-in step did not go through, as the sign-in pages' `e` parameter. */
export const SIGN_IN_ERRORS = [
  'invalid',
  'locked',
  'unavailable',
  'expired',
  'signedOut',
  'signedOutEverywhere',
  'code',
] as const;
export type SignInError = (typeof SIGN_IN_ERRORS)[number];

export function isSignInError(value: string | undefined): value is SignInError {
  return (SIGN_IN_ERRORS as readonly (string | undefined)[]).includes(value);
}

/** Why joining did not go through, as the join page's `e` parameter. */
export const JOIN_ERRORS = [
  'name',
  'password',
  'confirm',
  'invalid',
  'taken',
  'locked',
  'unavailable',
] as const;
export type JoinError = (typeof JOIN_ERRORS)[number];

export function isJoinError(value: string | undefined): value is JoinError {
  return (JOIN_ERRORS as readonly (string | undefined)[]).includes(value);
}

/** Passwords: at least this long (the API's rule, server/people/passwords.ts). */
export const PASSWORD_MIN_LENGTH = 12;

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
