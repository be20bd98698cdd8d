import 'server-only';
import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { ApiKeyRow, Database } from '../db';
import { AddressRanges, parseAddressRange } from '../net';
import { literalPath, parseOperation } from '../tokens';

/** One of a merchant's API keys as the services see it (its secret only as a keyed hash). */
export interface ApiKey {
  id: string;
  merchantCode: string;
  name: string;
  secretHash: string;
  /** The operations tokens minted with it may carry; undefined: any the merchant may. */
  operations: readonly string[] | undefined;
  /** Client addresses (and CIDR ranges) it may be used from; undefined: any. */
  allowedAddresses: readonly string[] | undefined;
  expiresAt: Date | undefined;
  createdAt: Date;
  lastUsedAt: Date | undefined;
  revokedAt: Date | undefined;
}

export function toApiKey(row: ApiKeyRow): ApiKey {
  return {
    id: row.id,
    merchantCode: row.merchant_code,
    name: row.name,
    secretHash: row.secret_hash,
    operations: row.operations ?? undefined,
    allowedAddresses: row.allowed_addresses ?? undefined,
    expiresAt: row.expires_at ?? undefined,
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at ?? undefined,
    revokedAt: row.revoked_at ?? undefined,
  };
}

/** A new key's secret: its prefix says test or live, as Stripe's do. */
export function newApiKeySecret(isTest: boolean): string {
  return `sk_${isTest ? 'test' : 'live'}_${randomBytes(24).toString('base64url')}`;
}

export function newApiKeyId(): string {
  return `key_${randomBytes(12).toString('hex')}`;
}

/** Whether the key may be used at `now`: not revoked, not expired. */
export function isUsable(key: ApiKey, now: Date): boolean {
  return key.revokedAt === undefined && (key.expiresAt === undefined || now < key.expiresAt);
}

/** Whether a client address (already normalised, server/net/client-address.ts) may use the key. */
export function addressAllowed(key: ApiKey, address: string): boolean {
  if (key.allowedAddresses === undefined) return true;
  // Checked when the key was made: every entry reads as an address or a range.
  const ranges = key.allowedAddresses.flatMap((entry) => {
    const parsed = parseAddressRange(entry);
    return parsed.ok ? [parsed.range] : [];
  });
  return new AddressRanges(ranges).has(address);
}

/**
 * The requested operations the key does not allow. A key's operation allows the same text, and a
 * literal one (no pattern characters) that it matches; a requested pattern must be one of the key's
 * patterns word for word: whether one pattern covers another is not decided here (a requested
 * `GET /payins/.*|POST /.*` would otherwise pass a key of `GET /payins/.*`).
 */
export function operationsBeyondKey(key: ApiKey, requested: readonly string[]): string[] {
  const allowed = key.operations;
  if (allowed === undefined) return [];
  // Checked when the key was made; compiled patterns are cached (server/tokens/path-pattern.ts).
  const patterns = allowed.flatMap((text) => {
    const parsed = parseOperation(text);
    return parsed.ok ? [parsed.operation] : [];
  });
  return requested.filter((operation) => {
    if (allowed.includes(operation)) return false;
    const space = operation.indexOf(' ');
    const literal = literalPath(operation.slice(space + 1));
    if (literal === undefined) return true;
    const method = operation.slice(0, space);
    return !patterns.some((pattern) => pattern.method === method && pattern.path.matches(literal));
  });
}

export async function insertApiKey(
  db: Kysely<Database>,
  key: Omit<ApiKey, 'createdAt' | 'lastUsedAt' | 'revokedAt'>,
): Promise<ApiKey> {
  const row = await db
    .insertInto('api_keys')
    .values({
      id: key.id,
      merchant_code: key.merchantCode,
      name: key.name,
      secret_hash: key.secretHash,
      operations: key.operations ? [...key.operations] : null,
      allowed_addresses: key.allowedAddresses ? [...key.allowedAddresses] : null,
      expires_at: key.expiresAt ?? null,
      created_at: sql<Date>`now()`,
      updated_at: sql<Date>`now()`,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toApiKey(row);
}

/** A merchant's keys, newest first, revoked ones included. */
export async function listApiKeys(db: Kysely<Database>, merchantCode: string): Promise<ApiKey[]> {
  const rows = await db
    .selectFrom('api_keys')
    .selectAll()
    .where('merchant_code', '=', merchantCode)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map(toApiKey);
}

/** Every key changed at or after `since` (database time); every key when `since` is undefined. */
export async function listApiKeysChangedSince(
  db: Kysely<Database>,
  since: Date | undefined,
): Promise<ApiKey[]> {
  let query = db.selectFrom('api_keys').selectAll();
  if (since) query = query.where('updated_at', '>=', since);
  return (await query.execute()).map(toApiKey);
}

/** Revokes a key of the merchant (a second revocation keeps the first time); undefined if none. */
export async function revokeApiKey(
  db: Kysely<Database>,
  merchantCode: string,
  id: string,
): Promise<ApiKey | undefined> {
  const row = await db
    .updateTable('api_keys')
    .set({ revoked_at: sql<Date>`coalesce(revoked_at, now())`, updated_at: sql<Date>`now()` })
    .where('merchant_code', '=', merchantCode)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
  return row ? toApiKey(row) : undefined;
}

/** Records a use (not stamped as a change: other instances need not reload the key for it). */
export async function touchApiKey(db: Kysely<Database>, id: string, at: Date): Promise<void> {
  await db.updateTable('api_keys').set({ last_used_at: at }).where('id', '=', id).execute();
}
