import 'server-only';
import { createCipheriv, createDecipheriv, randomBytes, randomInt } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';

/** The issuer authenticator apps show beside the account. */
const ISSUER = 'Payin Gateway';
const AAD = Buffer.from('payin-gateway totp secret v1');
/** One step either side of now: a phone's clock a little off still signs in (RFC 6238 §5.2). */
const TOLERANCE_SECS = 30;
export const RECOVERY_CODE_COUNT = 10;

/** A new TOTP secret (base32, 20 bytes as RFC 4226 recommends). */
export function newTotpSecret(): string {
  return generateSecret();
}

/** The otpauth:// URI an authenticator app scans (Key Uri Format): issuer, the person's e-mail, the secret. */
export function totpUri(email: string, secret: string): string {
  return generateURI({ issuer: ISSUER, label: email, secret });
}

/**
 * The time step a code is valid for at `nowSecs`, or undefined. The caller refuses a step at or
 * before the last one it took, so a code seen over a shoulder cannot be used again.
 */
export async function totpStep(secret: string, code: string, nowSecs: number): Promise<number | undefined> {
  if (!/^\d{6}$/.test(code)) return undefined;
  const result = await verify({ secret, token: code, epoch: nowSecs, epochTolerance: TOLERANCE_SECS }).catch(
    () => undefined,
  );
  return result?.valid ? (result as { timeStep: number }).timeStep : undefined;
}

/** TOTP secrets are kept sealed (AES-256-GCM with the console's key): a database dump alone does not give them. */
export function sealTotpSecret(key: Buffer, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(AAD);
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url');
}

export function unsealTotpSecret(key: Buffer, sealed: string): string {
  const bytes = Buffer.from(sealed, 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12));
  decipher.setAAD(AAD);
  decipher.setAuthTag(bytes.subarray(bytes.length - 16));
  return Buffer.concat([decipher.update(bytes.subarray(12, bytes.length - 16)), decipher.final()]).toString(
    'utf8',
  );
}

/** Unambiguous letters and digits (no 0/O, 1/I/L). */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** Ten one-time recovery codes, e.g. "K7QM-3XWP-TD9A" (about 70 bits each). */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () =>
    Array.from({ length: 3 }, () =>
      Array.from({ length: 4 }, () => ALPHABET[randomInt(ALPHABET.length)]).join(''),
    ).join('-'),
  );
}

/** A recovery code as typed: case, spaces and dashes do not matter. */
export function normaliseRecoveryCode(code: string): string {
  return code.toUpperCase().replace(/[\s-]/g, '');
}
