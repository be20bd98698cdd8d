import 'server-only';
import { mkdirSync } from 'node:fs';
import { PGlite, types as pgliteTypes } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { traceDialect } from '../telemetry';
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
  /**
   * Calls `onNotify` for each NOTIFY on `channel` (committed transactions only), until the returned
   * function is called. PostgreSQL: one dedicated connection per listener, reopened after a loss
   * (notifications sent while it was down are lost: listeners must also poll). PGlite: in process.
   */
  listen(channel: string, onNotify: () => void): Promise<() => Promise<void>>;
}

/** A channel name as an SQL identifier (ours are fixed lowercase words; checked all the same). */
function channelIdentifier(channel: string): string {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(channel)) throw new Error(`Not a channel name: ${channel}`);
  return `"${channel}"`;
}

/** How long a PostgreSQL listener waits before reconnecting after losing its connection. */
const RELISTEN_DELAY_MS = 1000;

function listenOnPostgres(url: string, onError: (error: Error) => void): DatabaseHandle['listen'] {
  return async (channel, onNotify) => {
    const identifier = channelIdentifier(channel);
    let closed = false;
    let client: pg.Client | undefined;
    let retry: NodeJS.Timeout | undefined;
    const connect = async (): Promise<void> => {
      const next = new pg.Client({ connectionString: url });
      next.on('notification', (message) => {
        if (message.channel === channel) onNotify();
      });
      next.on('error', (error) => {
        onError(error);
        if (client === next) client = undefined;
        void next.end().catch(() => undefined);
        if (!closed) retry = setTimeout(() => void connect().catch(onError), RELISTEN_DELAY_MS).unref();
      });
      await next.connect();
      await next.query(`LISTEN ${identifier}`);
      if (closed) await next.end();
      else client = next;
    };
    await connect();
    return async () => {
      closed = true;
      clearTimeout(retry);
      await client?.end();
      client = undefined;
    };
  };
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
  const db = new Kysely<Database>({ dialect: traceDialect(new PostgresDialect({ pool }), 'pg') });
  return {
    db,
    kind: 'postgres',
    close: () => db.destroy(),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    listen: listenOnPostgres(url, onIdleError),
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
  const db = new Kysely<Database>({ dialect: traceDialect(createPgliteDialect(pglite), 'pglite') });
  return {
    db,
    kind: 'pglite',
    // LISTEN runs on PGlite's one connection: while holding it, so it never lands inside another
    // holder's open transaction (where a rollback would undo it).
    listen: async (channel, onNotify) => {
      const unlisten = await db
        .connection()
        .execute(() => pglite.listen(channelIdentifier(channel), () => onNotify()));
      return () => db.connection().execute(() => unlisten());
    },
    close: async () => {
      await db.destroy();
      await pglite.close();
    },
  };
}
