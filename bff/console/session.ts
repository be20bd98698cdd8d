import 'server-only';
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { cookies } from 'next/headers';
import { CONSOLE_SESSION_KEY } from '@/lib/console/session-key';

/** The console's session cookie, scoped to the console's pages and BFF. */
export const CONSOLE_COOKIE = 'console_session';
export const CONSOLE_PATH = '/console';
/** How long a sign-in lasts at most (CONSOLE_SESSION_SECS, default 8 hours). */
export function sessionLifetimeSecs(): number {
  const configured = Number(process.env.CONSOLE_SESSION_SECS);
  return Number.isInteger(configured) && configured >= 60 ? configured : 8 * 3600;
}

/** Who is signed in: the merchant's credentials, held only inside the sealed cookie. */
export interface ConsoleSession {
  merchantCode: string;
  secret: string;
  /** The channel name, for the header. */
  channelName: string;
  /** Test merchants get every tool; live merchants read-only views. */
  isTest: boolean;
  /** Epoch seconds. */
  issuedAt: number;
  expiresAt: number;
}

interface SealedClaims {
  v: 1;
  m: string;
  s: string;
  n: string;
  t: boolean;
  iat: number;
  exp: number;
}

const AAD = Buffer.from('payin-gateway console session v1');
let fallbackKey: Buffer | undefined;

/**
 * The sealing key the server process registered (server/http/in-process.ts); CONSOLE_SESSION_KEY
 * (base64url, 32 bytes) when the web app runs apart from it; else a key of this process only, so
 * sessions end when it restarts.
 */
function sealingKey(): Buffer {
  const registered = (globalThis as Record<symbol, unknown>)[CONSOLE_SESSION_KEY];
  if (Buffer.isBuffer(registered) && registered.length === 32) return registered;
  const configured = process.env.CONSOLE_SESSION_KEY;
  if (configured) {
    const key = Buffer.from(configured, 'base64url');
    if (key.length === 32) return key;
  }
  fallbackKey ??= randomBytes(32);
  return fallbackKey;
}

/**
 * Seals a session into the cookie's value: AES-256-GCM, so the browser holds the credentials only
 * as ciphertext it can neither read nor alter, and the server keeps no session table.
 */
export function sealSession(session: ConsoleSession): string {
  const claims: SealedClaims = {
    v: 1,
    m: session.merchantCode,
    s: session.secret,
    n: session.channelName,
    t: session.isTest,
    iat: session.issuedAt,
    exp: session.expiresAt,
  };
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealingKey(), iv);
  cipher.setAAD(AAD);
  const body = Buffer.concat([cipher.update(JSON.stringify(claims), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url');
}

/** The session in a cookie value, if it is ours, intact and not expired. */
export function unsealSession(
  value: string,
  nowSecs = Math.floor(Date.now() / 1000),
): ConsoleSession | undefined {
  const bytes = Buffer.from(value, 'base64url');
  if (bytes.length < 12 + 16 + 2 || bytes.length > 4096) return undefined;
  try {
    const decipher = createDecipheriv('aes-256-gcm', sealingKey(), bytes.subarray(0, 12));
    decipher.setAAD(AAD);
    decipher.setAuthTag(bytes.subarray(bytes.length - 16));
    const text = Buffer.concat([decipher.update(bytes.subarray(12, bytes.length - 16)), decipher.final()]);
    const claims = JSON.parse(text.toString('utf8')) as Partial<SealedClaims>;
    if (
      claims.v !== 1 ||
      typeof claims.m !== 'string' ||
      typeof claims.s !== 'string' ||
      typeof claims.n !== 'string' ||
      typeof claims.t !== 'boolean' ||
      typeof claims.iat !== 'number' ||
      typeof claims.exp !== 'number' ||
      claims.exp <= nowSecs
    )
      return undefined;
    return {
      merchantCode: claims.m,
      secret: claims.s,
      channelName: claims.n,
      isTest: claims.t,
      issuedAt: claims.iat,
      expiresAt: claims.exp,
    };
  } catch {
    return undefined;
  }
}

/** A stable, non-secret name of a cookie value (token cache key). */
export function sessionFingerprint(value: string): string {
  return createHash('sha256').update(value).digest('base64url');
}

/** The signed-in session of this request, with its cookie's fingerprint. */
export async function currentSession(): Promise<
  { session: ConsoleSession; fingerprint: string } | undefined
> {
  const value = (await cookies()).get(CONSOLE_COOKIE)?.value;
  if (!value) return undefined;
  const session = unsealSession(value);
  return session && { session, fingerprint: sessionFingerprint(value) };
}
