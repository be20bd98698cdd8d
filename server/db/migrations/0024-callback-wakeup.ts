import { sql, type Kysely } from 'kysely';

/**
 * Callbacks at volume (docs/decisions/047-callbacks-at-volume.md):
 * - a new delivery wakes the dispatchers when its transaction commits: a statement-level trigger
 *   NOTIFYs `payin_callbacks_due` (PostgreSQL delivers it at commit, once per transaction, to every
 *   instance listening; PGlite to its own listeners), so the first attempt no longer waits for a poll;
 * - the claim walks the endpoints that have pending deliveries, one index probe each, and takes each
 *   one's oldest due rows up to its room: one endpoint's backlog cannot fill the claim window.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function notify_callback_due() returns trigger language plpgsql as $$
    begin
      perform pg_notify('payin_callbacks_due', '');
      return null;
    end
    $$`.execute(db);
  await sql`
    create trigger callback_deliveries_notify after insert on callback_deliveries
    for each statement execute function notify_callback_due()`.execute(db);
  await sql`
    create index callback_deliveries_pending_by_endpoint on callback_deliveries (endpoint, next_attempt_at)
    where status = 'PENDING'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index callback_deliveries_pending_by_endpoint`.execute(db);
  await sql`drop trigger callback_deliveries_notify on callback_deliveries`.execute(db);
  await sql`drop function notify_callback_due()`.execute(db);
}
