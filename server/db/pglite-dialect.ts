import 'server-only';
import type { PGlite } from '@electric-sql/pglite';
import { PostgresDialect } from 'kysely';

/**
 * Kysely's PostgresDialect over PGlite: PGlite is one in-process connection, so the "pool" hands it
 * out to one holder at a time (a transaction keeps it until COMMIT/ROLLBACK).
 */
export function createPgliteDialect(pglite: PGlite): PostgresDialect {
  let tail: Promise<void> = Promise.resolve();

  const pool = {
    connect: async () => {
      let release!: () => void;
      const turn = new Promise<void>((resolve) => (release = resolve));
      const previous = tail;
      tail = previous.then(() => turn);
      await previous;
      return {
        query: async (sql: string, parameters: readonly unknown[]) => {
          const result = await pglite.query(sql, parameters as unknown[]);
          return {
            command: commandOf(sql),
            rowCount: result.affectedRows ?? result.rows.length,
            rows: result.rows,
          };
        },
        release: () => release(),
      };
    },
    end: async () => {
      await tail;
    },
  };

  // The pool shape Kysely needs is structural; PGlite does not implement node-postgres' Pool type.
  return new PostgresDialect({
    pool: pool as unknown as ConstructorParameters<typeof PostgresDialect>[0]['pool'],
  });
}

function commandOf(sql: string): string {
  const match = /^\s*(?:with\b[\s\S]*?\)\s*)?(insert|update|delete|merge|select)\b/i.exec(sql);
  return (match?.[1] ?? 'SELECT').toUpperCase();
}
