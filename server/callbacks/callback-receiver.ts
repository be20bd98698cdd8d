import 'server-only';
import { createHmac } from 'node:crypto';
import type { Kysely } from 'kysely';
import { Webhook } from 'standardwebhooks';
import type { CallbackReceiverMessage } from '@/lib/api/callback-responses';
import type { Clock } from '../clock';
import type { CallbackReceiverMessageRow, Database } from '../db';
import { callbackSigningSecrets, type Merchant } from '../merchants';
import { listReceiverMessages, storeReceiverMessage } from './callback-receiver.repository';

/** Where the receiver answers, below the public URL. */
export const RECEIVER_PATH = '/api/callback-receiver/';
/** Messages kept per merchant, and for how long (docs/decisions/025-callback-inspection-and-receiver.md). */
export const RECEIVER_KEEP = 200;
export const RECEIVER_RETENTION_MS = 7 * 86_400_000;
/** A body is kept up to this many bytes (the API's body limit). */
export const RECEIVER_BODY_BYTES = 64 * 1024;
const KEY_BYTES = 16;

/** The merchant's receiver key: base64url of HMAC-SHA-256(server secret, merchant code), 128 bits. */
export function receiverKey(secret: Buffer, merchantCode: string): string {
  return createHmac('sha256', secret)
    .update(merchantCode)
    .digest()
    .subarray(0, KEY_BYTES)
    .toString('base64url');
}

/** `${publicUrl}/api/callback-receiver/`: callback URLs under it are the built-in receiver's. */
export function receiverPrefix(publicUrl: string): string {
  return `${publicUrl.replace(/\/+$/, '')}${RECEIVER_PATH}`;
}

/** The receiver key a URL names, when it is exactly `${prefix}{key}` (no query, no fragment). */
export function receiverKeyIn(prefix: string, url: string): string | undefined {
  if (!url.startsWith(prefix)) return undefined;
  const key = url.slice(prefix.length);
  return /^[A-Za-z0-9_-]{1,64}$/.test(key) ? key : undefined;
}

/** Headers a receiver must not keep: hop-by-hop (RFC 9110 §7.6.1) and credentials. */
const DROPPED_HEADERS = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'cookie',
  'authorization',
]);

/** The headers worth keeping, lower-cased; repeated ones joined with ", ". */
export function keptHeaders(
  headers: Iterable<[string, string]> | Record<string, string>,
): Record<string, string> {
  const entries = Symbol.iterator in headers ? [...headers] : Object.entries(headers);
  const kept: Record<string, string> = {};
  for (const [rawName, value] of entries) {
    const name = rawName.toLowerCase();
    if (DROPPED_HEADERS.has(name)) continue;
    kept[name] = name in kept ? `${kept[name]}, ${value}` : value;
  }
  return kept;
}

/** Whether the Standard Webhooks signature verifies now (the library also refuses stale timestamps). */
export function signatureVerifies(secret: string, body: string, headers: Record<string, string>): boolean {
  try {
    new Webhook(secret).verify(body, headers);
    return true;
  } catch {
    return false;
  }
}

/** Cuts text to at most `bytes` UTF-8 bytes and drops NUL, which PostgreSQL text cannot hold. */
function storableText(text: string, bytes: number): string {
  const buffer = Buffer.from(text, 'utf8');
  const cut = buffer.length > bytes ? buffer.subarray(0, bytes).toString('utf8') : text;
  return cut.replaceAll('\u0000', '\uFFFD');
}

function presentMessage(row: CallbackReceiverMessageRow): CallbackReceiverMessage {
  return {
    id: row.id.toString(),
    receivedAt: row.received_at.toISOString(),
    headers: JSON.parse(row.headers) as Record<string, string>,
    body: row.body,
    signatureVerified: row.signature_verified,
  };
}

export interface CallbackReceiverOptions {
  db: Kysely<Database>;
  merchants: { find(code: string): Promise<Merchant | undefined>; list(): readonly Merchant[] };
  /** The server secret the keys derive from ('callback-receiver-key'). */
  secret: Buffer;
  publicUrl: string;
  clock: Clock;
}

/**
 * The built-in callback receiver: one stable, unguessable URL per merchant that keeps what arrives
 * there, so a merchant can see its callbacks before it has an endpoint of its own. Callbacks to it
 * are delivered in-process (callback.sender.ts), since the public URL is often localhost.
 */
export class CallbackReceiver {
  /** `${publicUrl}/api/callback-receiver/`: URLs under it are this receiver's. */
  readonly prefix: string;
  private readonly keys = new Map<string, string>();
  private readonly codes = new Map<string, string>();

  constructor(private readonly options: CallbackReceiverOptions) {
    this.prefix = receiverPrefix(options.publicUrl);
  }

  keyOf(merchantCode: string): string {
    let key = this.keys.get(merchantCode);
    if (key === undefined) {
      key = receiverKey(this.options.secret, merchantCode);
      this.keys.set(merchantCode, key);
      this.codes.set(key, merchantCode);
    }
    return key;
  }

  urlOf(merchantCode: string): string {
    return `${this.prefix}${this.keyOf(merchantCode)}`;
  }

  /** The receiver key a URL names, when the URL is exactly a receiver URL (no query, no fragment). */
  keyIn(url: string): string | undefined {
    return receiverKeyIn(this.prefix, url);
  }

  /** Whether a callback to this URL stays in this process. */
  owns(url: string): boolean {
    return this.keyIn(url) !== undefined;
  }

  /** The merchant a key belongs to; keys are computed once per known merchant, never per request. */
  private async merchantOf(key: string): Promise<Merchant | undefined> {
    if (!this.codes.has(key)) for (const merchant of this.options.merchants.list()) this.keyOf(merchant.code);
    const code = this.codes.get(key);
    return code === undefined ? undefined : this.options.merchants.find(code);
  }

  /** Keeps a message sent to a receiver URL; undefined when the key is no merchant's. */
  async receive(input: {
    key: string;
    headers: Iterable<[string, string]> | Record<string, string>;
    body: string;
  }): Promise<CallbackReceiverMessage | undefined> {
    const merchant = await this.merchantOf(input.key);
    if (!merchant) return undefined;
    const headers = keptHeaders(input.headers);
    const now = this.options.clock();
    const row = await storeReceiverMessage(this.options.db, {
      message: {
        merchant_code: merchant.code,
        received_at: now,
        headers: JSON.stringify(headers),
        body: storableText(input.body, RECEIVER_BODY_BYTES),
        // During a rotation's overlap a message signed with either secret verifies.
        signature_verified: callbackSigningSecrets(merchant, now).some((secret) =>
          signatureVerifies(secret, input.body, headers),
        ),
      },
      keep: RECEIVER_KEEP,
      before: new Date(now.getTime() - RECEIVER_RETENTION_MS),
    });
    return presentMessage(row);
  }

  /** The merchant's messages, newest first. */
  async list(
    merchantCode: string,
    query: { limit: number; after?: string | undefined },
  ): Promise<CallbackReceiverMessage[]> {
    const rows = await listReceiverMessages(this.options.db, {
      merchantCode,
      limit: query.limit,
      afterId: query.after === undefined ? undefined : BigInt(query.after),
      notBefore: new Date(this.options.clock().getTime() - RECEIVER_RETENTION_MS),
    });
    return rows.map(presentMessage);
  }
}
