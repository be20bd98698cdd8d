import 'server-only';
import { hash, verify } from '@node-rs/argon2';

/**
 * Passwords are kept as argon2id hashes (RFC 9106; OWASP's minimum: 19 MiB, 2 passes, one lane),
 * computed off the event loop by the native addon.
 */
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** A hash computed once at start, verified against when no user has the e-mail: the same work either way. */
let decoy: Promise<string> | undefined;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/** Whether the password is the one hashed; a missing hash costs a verification all the same. */
export async function passwordMatches(stored: string | undefined, password: string): Promise<boolean> {
  decoy ??= hashPassword('decoy password never used');
  const target = stored ?? (await decoy);
  const matches = await verify(target, password).catch(() => false);
  return stored !== undefined && matches;
}

export { PASSWORD_MIN_LENGTH } from '@/lib/console/sign-in';
export const PASSWORD_MAX_LENGTH = 256;
