import 'server-only';
import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Merchant secrets are high-entropy keys, not passwords, and are checked on every token issuance:
 * a keyed hash (HMAC-SHA-256 with a server-side pepper) resists offline guessing without a slow
 * KDF on the payment path (docs/decisions/005-merchant-secrets-keyed-hash.md).
 */
export function hashSecret(pepper: Buffer, secret: string): Buffer {
  return createHmac('sha256', pepper).update(secret, 'utf8').digest();
}

/** Constant-time comparison of two keyed hashes (a presented secret's and a stored one). */
export function sameHash(presented: Buffer, stored: Buffer): boolean {
  return presented.length === stored.length && timingSafeEqual(presented, stored);
}

/** Constant-time comparison of a presented secret with the stored hash. */
export function secretMatches(pepper: Buffer, secret: string, storedHash: Buffer): boolean {
  return sameHash(hashSecret(pepper, secret), storedHash);
}
