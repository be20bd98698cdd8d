import 'server-only';
import { Migrator, type Kysely } from 'kysely';
import type { Database } from './schema';
import { migrations } from './migrations';

/** Applies pending migrations; throws with the failing migration named. */
export async function migrateToLatest(db: Kysely<Database>): Promise<void> {
  const migrator = new Migrator({ db, provider: { getMigrations: () => Promise.resolve(migrations) } });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error) {
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed`, { cause: error });
  }
}

/** How many of the code's migrations this database has not applied (0: its schema is current). */
export async function pendingMigrationCount(db: Kysely<Database>): Promise<number> {
  const migrator = new Migrator({ db, provider: { getMigrations: () => Promise.resolve(migrations) } });
  const known = await migrator.getMigrations();
  return known.filter((migration) => migration.executedAt === undefined).length;
}
