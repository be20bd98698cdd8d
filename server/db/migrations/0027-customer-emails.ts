import { sql, type Kysely } from 'kysely';

/**
 * E-mails to customers (server/mail, docs/decisions/052): an outbox row per message, written in the
 * transaction that makes its event (a payin created, a payin paid, a refund paid), sent by a worker
 * that leases it. One row per payin, kind and refund (refund_id 0 for a payin's own messages), so a
 * repeated event writes nothing twice. The address and the language are the payin's (the page's
 * language is kept with it, payins.customer_language), read when the message is written out.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table payins add column customer_language text`.execute(db);
  await sql`
    create table customer_emails (
      id bigint generated always as identity primary key,
      merchant_code text not null,
      kind text not null check (kind in ('instructions', 'reminder', 'receipt', 'refund')),
      payin_id bigint not null references payins (id),
      refund_id bigint not null default 0,
      due_at timestamptz not null,
      state text not null default 'pending' check (state in ('pending', 'sent', 'skipped', 'failed')),
      attempts integer not null default 0,
      leased_until timestamptz,
      lease_token text,
      last_error text,
      created_at timestamptz not null,
      sent_at timestamptz,
      unique (payin_id, kind, refund_id)
    )`.execute(db);
  await sql`create index customer_emails_due on customer_emails (due_at) where state = 'pending'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table customer_emails`.execute(db);
  await sql`alter table payins drop column customer_language`.execute(db);
}
