import 'server-only';
import type { Kysely } from 'kysely';
import type { Database } from '../db';

export interface ScheduledSimulation {
  payinId: bigint;
  status: 'SUCCESS' | 'REFUSED';
  processorStatus: string | undefined;
  dueAt: Date;
}

/** Schedules (or reschedules) the simulated outcome of a test payin. */
export async function scheduleSimulation(
  db: Kysely<Database>,
  simulation: ScheduledSimulation,
): Promise<void> {
  await db
    .insertInto('sandbox_simulations')
    .values({
      payin_id: simulation.payinId,
      status: simulation.status,
      processor_status: simulation.processorStatus ?? null,
      due_at: simulation.dueAt,
    })
    .onConflict((conflict) =>
      conflict.column('payin_id').doUpdateSet((eb) => ({
        status: eb.ref('excluded.status'),
        processor_status: eb.ref('excluded.processor_status'),
        due_at: eb.ref('excluded.due_at'),
      })),
    )
    .execute();
}

export async function findDueSimulations(
  db: Kysely<Database>,
  now: Date,
  limit: number,
): Promise<ScheduledSimulation[]> {
  const rows = await db
    .selectFrom('sandbox_simulations')
    .selectAll()
    .where('due_at', '<=', now)
    .orderBy('due_at')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    payinId: row.payin_id,
    status: row.status === 'SUCCESS' ? 'SUCCESS' : 'REFUSED',
    processorStatus: row.processor_status ?? undefined,
    dueAt: row.due_at,
  }));
}

export async function deleteSimulation(db: Kysely<Database>, payinId: bigint): Promise<void> {
  await db.deleteFrom('sandbox_simulations').where('payin_id', '=', payinId).execute();
}
