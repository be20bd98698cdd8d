import 'server-only';
import { mkdirSync } from 'node:fs';
import { PGlite, types as pgliteTypes } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { createPgliteDialect } from './pglite-dialect';
import type { Database } from './schema';

/**
 * The one place where the two drivers are made to agree: int8 columns arrive as bigint from both
 * (node-postgres would give strings, PGlite numbers), numeric stays an exact decimal string, json
 * (not jsonb) stays its text, and timestamps are Dates. Nothing above this file knows which driver runs.
 */
const INT8_OID = 20;
/** `json` (not jsonb) columns arrive as text: payins keep their method response as written and parse it when asked. */
const JSON_OID = 114;
const TIMESTAMPTZ_OID = 1184;

/**
 * timestamptz as the server sends it with DateStyle ISO ("2026-11-23 12:34:56.789012+00"), parsed
 * by V8's own ISO parser: about twice as fast as the driver's, and it runs for every timestamp of
 * every row. Anything else (infinity, BC dates) goes to the driver's parser.
 */
const ISO_TIMESTAMPTZ = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(?:\.\d+)?[+-]\d\d(?::\d\d)?$/;
export function parseTimestamptz(fallback: (value: string) => unknown): (value: string) => unknown {
  return (value) => {
    if (!ISO_TIMESTAMPTZ.test(value)) return fallback(value);
    const iso = value.replace(' ', 'T');
    return new Date(
      iso.length - iso.lastIndexOf('+') === 3 || iso.length - iso.lastIndexOf('-') === 3 ? `${iso}:00` : iso,
    );
  };
}

export type DatabaseKind = 'postgres' | 'pglite';

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: DatabaseKind;
  close(): Promise<void>;
  /** The connection pool's use (PostgreSQL): open connections, idle ones, queries waiting for one. */
  poolStats?: () => { total: number; idle: number; waiting: number };
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
      getTypeParser: ((oid: number, format?: 'text' | 'binary'): unknown => {
        if (oid === INT8_OID) return (value: string) => BigInt(value);
        if (oid === JSON_OID) return (value: string) => value;
        const driver = pg.types.getTypeParser(oid, format) as (value: string) => unknown;
        return oid === TIMESTAMPTZ_OID && format !== 'binary' ? parseTimestamptz(driver) : driver;
      }) as typeof pg.types.getTypeParser,
    },
  });
  pool.on('error', onIdleError);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    kind: 'postgres',
    close: () => db.destroy(),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
}

/** PGlite in a folder (the embedded default) or in memory (`memory://`, used by tests). */
export async function openPglite(dataDir: string): Promise<DatabaseHandle> {
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  const pglite = await PGlite.create(dataDir, {
    parsers: {
      [pgliteTypes.INT8]: (value: string) => BigInt(value),
      [pgliteTypes.JSON]: (value: string) => value,
    },
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
