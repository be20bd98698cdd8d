import 'server-only';
import type { Kysely, Transaction } from 'kysely';
import type { FinalStatus } from '@/lib/payins/statuses';
import type { Database } from '../db';
import { isAppError, type ErrorCode } from '../errors';
import type { Logger } from '../logger';

const BATCH = 50;

/** The tables of scheduled sandbox outcomes of money out: one row, one outcome of one payout or refund. */
type OutcomeTable = 'sandbox_payout_simulations' | 'sandbox_refund_simulations';

export interface DueOutcome {
  id: bigint;
  /** The payout's or refund's internal id. */
  subjectId: bigint;
  status: FinalStatus;
  processorStatus: string | undefined;
}

/**
 * Applies the due outcomes of one table: each is claimed (deleted) in the transaction that applies
 * it, so it has exactly one taker across instances; one whose subject has ended meanwhile (`finalCode`)
 * is dropped quietly, any other refusal dropped with a warning. Payouts and refunds share it.
 */
export async function applyDueOutcomes(options: {
  db: Kysely<Database>;
  table: OutcomeTable;
  subjectColumn: 'payout_id' | 'refund_id';
  now: Date;
  logger: Logger;
  finalCode: ErrorCode;
  /** Ends the subject with the outcome, running `claim` first in its transaction; false when it is gone. */
  apply: (outcome: DueOutcome, claim: (tx: Transaction<Database>) => Promise<boolean>) => Promise<void>;
}): Promise<number> {
  const { db, table, subjectColumn, logger } = options;
  const rows = await db
    .selectFrom(table)
    .select(['id', 'status', 'processor_status', `${subjectColumn} as subject_id`])
    .where('due_at', '<=', options.now)
    .orderBy('due_at')
    .orderBy('id')
    .limit(BATCH)
    .execute();
  for (const row of rows) {
    const outcome: DueOutcome = {
      id: row.id,
      subjectId: row.subject_id,
      status: row.status === 'SUCCESS' ? 'SUCCESS' : 'REFUSED',
      processorStatus: row.processor_status ?? undefined,
    };
    const claim = async (tx: Transaction<Database>) => {
      const taken = await tx.deleteFrom(table).where('id', '=', row.id).executeTakeFirst();
      return taken.numDeletedRows > 0n;
    };
    try {
      await options.apply(outcome, claim);
    } catch (error) {
      if (!isAppError(error)) throw error;
      // Ended meanwhile (simulated, or another schedule won): the outcome has nothing left to do.
      if (error.code !== options.finalCode)
        logger.warn(
          { table, subjectId: String(row.subject_id), code: error.code },
          'sandbox outcome not applied',
        );
      await db.deleteFrom(table).where('id', '=', row.id).execute();
    }
  }
  return rows.length;
}
