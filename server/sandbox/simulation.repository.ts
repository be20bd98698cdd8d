import 'server-only';
import type { Transaction } from 'kysely';
import type { Database, Db } from '../db';
import type { FinalStatus } from '@/lib/payins/statuses';

/** What a simulation does to its payin: move it to a status, or pay it an amount (its currency's minor units). */
export type SimulatedAction =
  | { kind: 'status'; status: FinalStatus; processorStatus: string | undefined }
  | { kind: 'payment'; amountMinor: bigint };

export interface ScheduledSimulation {
  id: bigint;
  payinId: bigint;
  action: SimulatedAction;
  dueAt: Date;
}

/** Schedules a simulated outcome of a test payin; a payin may have several waiting. */
export async function scheduleSimulation(
  db: Db,
  simulation: { payinId: bigint; action: SimulatedAction; dueAt: Date },
): Promise<void> {
  const { action } = simulation;
  await db
    .insertInto('sandbox_simulations')
    .values({
      payin_id: simulation.payinId,
      status: action.kind === 'status' ? action.status : null,
      processor_status: action.kind === 'status' ? (action.processorStatus ?? null) : null,
      amount_minor: action.kind === 'payment' ? action.amountMinor : null,
      due_at: simulation.dueAt,
    })
    .execute();
}

export async function findDueSimulations(db: Db, now: Date, limit: number): Promise<ScheduledSimulation[]> {
  const rows = await db
    .selectFrom('sandbox_simulations')
    .selectAll()
    .where('due_at', '<=', now)
    .orderBy('due_at')
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    payinId: row.payin_id,
    action:
      row.amount_minor !== null
        ? { kind: 'payment', amountMinor: row.amount_minor }
        : {
            kind: 'status',
            status: row.status === 'SUCCESS' ? 'SUCCESS' : 'REFUSED',
            processorStatus: row.processor_status ?? undefined,
          },
    dueAt: row.due_at,
  }));
}

/**
 * Takes a simulation, inside the transaction that applies it: true for exactly one taker, so a
 * payment is recorded once even when workers of several instances find it due together.
 */
export async function claimSimulation(tx: Transaction<Database>, id: bigint): Promise<boolean> {
  const taken = await tx.deleteFrom('sandbox_simulations').where('id', '=', id).executeTakeFirst();
  return taken.numDeletedRows > 0n;
}

/** Tries again later (a success waiting for the customer's external reference). */
export async function postponeSimulation(db: Db, id: bigint, dueAt: Date): Promise<void> {
  await db.updateTable('sandbox_simulations').set({ due_at: dueAt }).where('id', '=', id).execute();
}

export async function deleteSimulation(db: Db, id: bigint): Promise<void> {
  await db.deleteFrom('sandbox_simulations').where('id', '=', id).execute();
}
