import { sql, type Kysely } from 'kysely';

/**
 * Callback signing secrets rotate with an overlap (docs/decisions/032): the secret a rotation
 * replaced keeps signing beside the new one until `previous_callback_secret_until`. Once a merchant
 * rotated through the API, the merchants file no longer overwrites its secret at start.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table merchants
      add column previous_callback_secret text,
      add column previous_callback_secret_until timestamptz,
      add column callback_secret_rotated_at timestamptz`.execute(db);
  // Instances pick up merchants changed since they last looked (updated_at), not the whole table.
  await sql`create index merchants_updated_at on merchants (updated_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index merchants_updated_at`.execute(db);
  await sql`
    alter table merchants
      drop column previous_callback_secret,
      drop column previous_callback_secret_until,
      drop column callback_secret_rotated_at`.execute(db);
}
