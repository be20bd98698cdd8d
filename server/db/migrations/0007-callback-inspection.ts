import { sql, type Kysely } from 'kysely';

/**
 * Callback inspection and the built-in receiver (docs/decisions/025-callback-inspection-and-receiver.md):
 * the request headers each attempt sent (null for attempts made before this migration), the
 * merchant-wide delivery log read newest first, and the messages the built-in receiver took in.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table callback_attempts add column request_headers json`.execute(db);
  await sql`create index callback_deliveries_by_merchant on callback_deliveries (merchant_code, id)`.execute(
    db,
  );

  await sql`
    create table callback_receiver_messages (
      id bigint generated always as identity primary key,
      merchant_code text not null references merchants (merchant_code) on delete cascade,
      received_at timestamptz not null,
      headers json not null,
      body text not null,
      signature_verified boolean not null
    )`.execute(db);
  await sql`create index callback_receiver_messages_by_merchant on callback_receiver_messages (merchant_code, id)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table callback_receiver_messages`.execute(db);
  await sql`drop index callback_deliveries_by_merchant`.execute(db);
  await sql`alter table callback_attempts drop column request_headers`.execute(db);
}
