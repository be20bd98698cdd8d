import { openPglite, openPostgres, type DatabaseHandle } from '@/server/db';
import { createScratchDatabase } from '../../scripts/scratch-database.mjs';

/**
 * A database of its own for one test file: a fresh PostgreSQL database created from
 * TEST_DATABASE_URL (and dropped afterwards), or an in-memory PGlite when it is unset.
 */
export async function openTestDatabase(): Promise<DatabaseHandle & { url: string | undefined }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) return { ...(await openPglite('memory://')), url: undefined };

  const database = await createScratchDatabase(adminUrl, 'payin_test');
  // Dropping the database WITH (FORCE) ends idle connections: expected here, not an error.
  const handle = openPostgres(database.url, 5, () => undefined);
  return {
    ...handle,
    url: database.url,
    close: async () => {
      await handle.close();
      await database.drop();
    },
  };
}
