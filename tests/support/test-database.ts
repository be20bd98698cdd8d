import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openPglite, openPostgres, type DatabaseHandle } from '@/server/db';

/**
 * A database of its own for one test file: a fresh PostgreSQL database created from
 * TEST_DATABASE_URL (and dropped afterwards), or an in-memory PGlite when it is unset.
 */
export async function openTestDatabase(): Promise<DatabaseHandle & { url: string | undefined }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) return { ...(await openPglite('memory://')), url: undefined };

  const name = `payin_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  // Dropping the database WITH (FORCE) ends idle connections: expected here, not an error.
  const handle = openPostgres(url.toString(), 5, () => undefined);
  return {
    ...handle,
    url: url.toString(),
    close: async () => {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
