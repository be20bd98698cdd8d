// A fresh PostgreSQL database of its own on the server of an admin URL, for a run of the built
// server (scripts/e2e-server.mjs, scripts/deploy/multi-instance.mjs); dropped when the run ends.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** Creates `<prefix>_<random>` on the server of `adminUrl`: its URL, and how to drop it. */
export async function createScratchDatabase(adminUrl, prefix) {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    // WITH (FORCE) ends the connections instances still hold (killed ones leave none behind).
    drop: async () => {
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
