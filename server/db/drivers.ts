import 'server-only';
import { mkdirSync } from 'node:fs';
import { PGlite, types as pgliteTypes } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { createPgliteDialect } from './pglite-dialect';
import type { Database } from './schema';

/**
 * The one place where the two drivers are made to agree: int8 columns arrive as bigint from both
 * (node-postgres would give strings, PGlite numbers), numeric stays an exact decimal string, and
 * timestamps are Dates. Nothing above this file knows which driver runs.
 */
const INT8_OID = 20;

export type DatabaseKind = 'postgres' | 'pglite';

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: DatabaseKind;
  close(): Promise<void>;
}

/**
 * @param onIdleError called when an idle pooled connection dies (a database restart, a terminated
 *   backend). node-postgres emits that on the pool, and unheard it would crash the process; the pool
 *   replaces the connection on the next query.
 */
export function openPostgres(
  url: string,
  poolSize: number,
  onIdleError: (error: Error) => void = () => undefined,
): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary'): unknown =>
        oid === INT8_OID
          ? (value: string) => BigInt(value)
          : (pg.types.getTypeParser(oid, format) as unknown)) as typeof pg.types.getTypeParser,
    },
  });
  pool.on('error', onIdleError);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, kind: 'postgres', close: () => db.destroy() };
}

/** PGlite in a folder (the embedded default) or in memory (`memory://`, used by tests). */
export async function openPglite(dataDir: string): Promise<DatabaseHandle> {
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  const pglite = await PGlite.create(dataDir, {
    parsers: { [pgliteTypes.INT8]: (value: string) => BigInt(value) },
  });
  const db = new Kysely<Database>({ dialect: createPgliteDialect(pglite) });
  return {
    db,
    kind: 'pglite',
    close: async () => {
      await db.destroy();
      await pglite.close();
    },
  };
}
