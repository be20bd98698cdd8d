import 'server-only';
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { CONSOLE_SESSION_KEY } from '@/lib/console/session-key';

let fallbackKey: Buffer | undefined;

/**
 * The sealing key the server process registered (server/http/in-process.ts); CONSOLE_SESSION_KEY
 * (base64url, 32 bytes) when the web app runs apart from it; else a key of this process only, so
 * sealed cookies end when it restarts.
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
 * Seals a value into a cookie's text: AES-256-GCM with the purpose as associated data, so the
 * browser holds it only as ciphertext it can neither read nor alter, nor move to another cookie.
 */
export function sealValue(purpose: string, value: unknown): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealingKey(), iv);
  cipher.setAAD(Buffer.from(`payin-gateway ${purpose}`));
  const body = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url');
}

/** The value sealed for this purpose, if the text is ours and intact. */
export function unsealValue(purpose: string, text: string): unknown {
  const bytes = Buffer.from(text, 'base64url');
  if (bytes.length < 12 + 16 + 2 || bytes.length > 4096) return undefined;
  try {
    const decipher = createDecipheriv('aes-256-gcm', sealingKey(), bytes.subarray(0, 12));
    decipher.setAAD(Buffer.from(`payin-gateway ${purpose}`));
    decipher.setAuthTag(bytes.subarray(bytes.length - 16));
    const text = Buffer.concat([decipher.update(bytes.subarray(12, bytes.length - 16)), decipher.final()]);
    return JSON.parse(text.toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}
