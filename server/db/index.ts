import 'server-only';
export { openPostgres, openPglite, type DatabaseHandle, type DatabaseKind } from './drivers';
export { migrateToLatest, pendingMigrationCount } from './migrate';
export type * from './schema';

import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema';

/** The database or a transaction on it: what a repository function runs its queries on. */
export type Db = Kysely<Database> | Transaction<Database>;

/** Serialises a value for a json/jsonb column (both drivers take JSON text and parse it on read). */
export function toJson(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) => (typeof item === 'bigint' ? item.toString() : item));
}
export { MicroBatcher } from './batcher';
