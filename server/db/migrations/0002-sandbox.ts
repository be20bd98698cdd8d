import { sql, type Kysely } from 'kysely';

/**
 * The simulated payment institution and delayed simulations: each payin gets an unguessable session
 * for the institution's pages (the capability in redirectTo), and a simulated outcome may wait for
 * its time in a table the sandbox worker drains.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table payins add column institution_session text`.execute(db);
  await sql`create unique index payins_institution_session on payins (institution_session)`.execute(db);
  await sql`
    create table sandbox_simulations (
      payin_id bigint primary key references payins (id) on delete cascade,
      status text not null check (status in ('SUCCESS', 'REFUSED')),
      processor_status text,
      due_at timestamptz not null,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index sandbox_simulations_due on sandbox_simulations (due_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table sandbox_simulations`.execute(db);
  await sql`drop index payins_institution_session`.execute(db);
  await sql`alter table payins drop column institution_session`.execute(db);
}
