import { sql, type Kysely } from 'kysely';

/**
 * Only a payin started at a processor has an institution session (the capability of its redirect),
 * so the others store none and their unique index no longer holds an entry for each of them: a
 * create of a bank transfer or a QR writes one index entry less (docs/decisions/050).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`drop index payins_institution_session`.execute(db);
  await sql`
    create unique index payins_institution_session on payins (institution_session)
    where institution_session is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index payins_institution_session`.execute(db);
  await sql`create unique index payins_institution_session on payins (institution_session)`.execute(db);
}
