import { sql, type Kysely } from 'kysely';

/**
 * The callback outbox and its delivery log (docs/decisions/014-callbacks.md). A delivery row is
 * written in the transaction of the status change it announces; dispatchers claim due rows with
 * FOR UPDATE SKIP LOCKED and hold them by a lease (locked_until, lease_token), so a crashed
 * dispatcher's rows become claimable again when its lease passes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table callback_deliveries (
      id bigint generated always as identity primary key,
      event_id text not null unique,
      event_type text not null,
      merchant_code text not null references merchants (merchant_code),
      payin_id bigint not null references payins (id) on delete cascade,
      id_payin text not null,
      url text not null,
      payload text not null,
      status text not null check (status in ('PENDING', 'DELIVERED', 'FAILED')),
      failure_reason text check (failure_reason in ('SCHEDULE_EXHAUSTED', 'GONE')),
      schedule_step integer not null default 0,
      attempt_count integer not null default 0,
      next_attempt_at timestamptz,
      locked_until timestamptz,
      lease_token text,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      delivered_at timestamptz,
      constraint callback_deliveries_pending_is_due check ((status = 'PENDING') = (next_attempt_at is not null))
    )`.execute(db);
  // The dispatcher's scan: due rows only.
  await sql`create index callback_deliveries_due on callback_deliveries (next_attempt_at) where status = 'PENDING'`.execute(
    db,
  );
  await sql`create index callback_deliveries_by_payin on callback_deliveries (payin_id, id)`.execute(db);
  // Retention: finished rows by age.
  await sql`create index callback_deliveries_finished on callback_deliveries (updated_at) where status <> 'PENDING'`.execute(
    db,
  );

  await sql`
    create table callback_attempts (
      id bigint generated always as identity primary key,
      delivery_id bigint not null references callback_deliveries (id) on delete cascade,
      attempt_number integer not null,
      started_at timestamptz not null,
      duration_ms integer not null,
      url text not null,
      response_status integer,
      response_excerpt text,
      error text,
      outcome text not null check (outcome in ('DELIVERED', 'RETRY', 'FAILED'))
    )`.execute(db);
  await sql`create index callback_attempts_by_delivery on callback_attempts (delivery_id, id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table callback_attempts`.execute(db);
  await sql`drop table callback_deliveries`.execute(db);
}
