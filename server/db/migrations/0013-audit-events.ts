import { sql, type Kysely } from 'kysely';

/**
 * The merchant's audit log (docs/decisions/034): who did what to its account, when and from where.
 * Immutable like the ledger: triggers refuse UPDATE and DELETE whatever the code does.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table audit_events (
      id bigint generated always as identity primary key,
      merchant_code text not null references merchants (merchant_code),
      occurred_at timestamptz not null default now(),
      actor_key_id text,
      action text not null,
      target text,
      client_address text not null,
      request_id text not null,
      details jsonb not null default '{}'::jsonb
    )`.execute(db);
  await sql`create index audit_events_merchant on audit_events (merchant_code, id desc)`.execute(db);
  await sql`
    create function audit_events_immutable() returns trigger language plpgsql as $$
    begin
      raise exception 'audit events are immutable';
    end $$`.execute(db);
  await sql`
    create trigger audit_events_immutable before update or delete on audit_events
    for each row execute function audit_events_immutable()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table audit_events`.execute(db);
  await sql`drop function audit_events_immutable`.execute(db);
}
