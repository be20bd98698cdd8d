import { sql, type Kysely } from 'kysely';

/**
 * Money received (docs/decisions/021-sandbox-payments-and-magic-amounts.md): what a payin received
 * while open and after it ended (null: nothing), and delayed simulated payments. A payin may now have
 * several delayed simulations (two short payments that add up), so they get an id of their own;
 * a row is either a status (status set) or a payment (amount_minor set).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table payins add column received_minor bigint check (received_minor > 0)`.execute(db);
  await sql`alter table payins add column received_late_minor bigint check (received_late_minor > 0)`.execute(
    db,
  );

  await sql`alter table sandbox_simulations drop constraint sandbox_simulations_pkey`.execute(db);
  await sql`alter table sandbox_simulations add column id bigint generated always as identity primary key`.execute(
    db,
  );
  await sql`create index sandbox_simulations_by_payin on sandbox_simulations (payin_id)`.execute(db);
  await sql`alter table sandbox_simulations alter column status drop not null`.execute(db);
  await sql`alter table sandbox_simulations add column amount_minor bigint check (amount_minor > 0)`.execute(
    db,
  );
  await sql`
    alter table sandbox_simulations add constraint sandbox_simulations_status_or_payment
    check ((status is null) <> (amount_minor is null))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // Only status simulations existed before, one per payin: keep the earliest of each.
  await sql`delete from sandbox_simulations where amount_minor is not null`.execute(db);
  await sql`
    delete from sandbox_simulations a using sandbox_simulations b
    where a.payin_id = b.payin_id and a.id > b.id`.execute(db);
  await sql`alter table sandbox_simulations drop constraint sandbox_simulations_status_or_payment`.execute(
    db,
  );
  await sql`alter table sandbox_simulations drop column amount_minor`.execute(db);
  await sql`alter table sandbox_simulations alter column status set not null`.execute(db);
  await sql`drop index sandbox_simulations_by_payin`.execute(db);
  await sql`alter table sandbox_simulations drop column id`.execute(db);
  await sql`alter table sandbox_simulations add primary key (payin_id)`.execute(db);

  await sql`alter table payins drop column received_late_minor`.execute(db);
  await sql`alter table payins drop column received_minor`.execute(db);
}
