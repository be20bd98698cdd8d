import 'server-only';
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db';

export type ServerSecretName =
  | 'token-signing-key'
  | 'secret-pepper'
  | 'console-session-key'
  | 'callback-receiver-key'
  /** The keyed hash of the operator API key generated at first start (its key is printed once). */
  | 'operator-key-hash';

/**
 * Returns the named server secret: from the environment when the operator gives it, else the one
 * generated on first start and kept in the database, so restarts and sibling instances agree.
 * Concurrent first starts race on the primary key; every instance then reads the winner's value.
 */
export async function loadServerSecret(
  db: Kysely<Database>,
  name: ServerSecretName,
  fromEnvironment: Buffer | undefined,
): Promise<Buffer> {
  if (fromEnvironment) return fromEnvironment;
  await db
    .insertInto('server_secrets')
    .values({ name, value: randomBytes(32).toString('base64url') })
    .onConflict((conflict) => conflict.column('name').doNothing())
    .execute();
  const row = await db
    .selectFrom('server_secrets')
    .select('value')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return Buffer.from(row.value, 'base64url');
}

/**
 * Keeps `value` under `name` unless one is already kept: the first start stores it, later starts
 * and concurrent siblings read the stored one. `created` says whether this call stored it.
 */
export async function keepServerValueOnce(
  db: Kysely<Database>,
  name: ServerSecretName,
  value: string,
): Promise<{ value: string; created: boolean }> {
  const inserted = await db
    .insertInto('server_secrets')
    .values({ name, value })
    .onConflict((conflict) => conflict.column('name').doNothing())
    .returning('value')
    .executeTakeFirst();
  if (inserted) return { value: inserted.value, created: true };
  const row = await db
    .selectFrom('server_secrets')
    .select('value')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return { value: row.value, created: false };
}
