import 'server-only';
import type { Kysely } from 'kysely';
import type { SimulateRequest } from '@/lib/schemas';
import type { Clock } from '../clock';
import type { Database } from '../db';
import { AppError, isAppError } from '../errors';
import type { Logger } from '../logger';
import { assertCanSucceed, findPayinById, isFinal, type Payin, type PayinService } from '../payins';
import { deleteSimulation, findDueSimulations, scheduleSimulation } from './simulation.repository';

export type SimulationOutcome = { kind: 'applied'; payin: Payin } | { kind: 'scheduled'; dueAt: Date };

const BATCH = 50;

/**
 * Drives test payins to an outcome, now or after a delay: the sandbox's stand-in for the payment
 * institution. Only test payins (of sandbox merchants) can be simulated.
 */
export class SimulationService {
  constructor(
    private readonly deps: { db: Kysely<Database>; payins: PayinService; clock: Clock; logger: Logger },
  ) {}

  async simulate(payin: Payin, request: SimulateRequest): Promise<SimulationOutcome> {
    if (!payin.isTest)
      throw new AppError('SANDBOX_ONLY', 'Only test payins of sandbox merchants can be simulated.');
    if (isFinal(payin.status)) throw new AppError('PAYIN_FINAL', `The payin is already ${payin.status}.`);
    // Checked now as well, so a delayed success that could never apply is refused at once.
    if (request.status === 'SUCCESS') assertCanSucceed(payin);
    if (request.delaySeconds) {
      const dueAt = new Date(this.deps.clock().getTime() + request.delaySeconds * 1000);
      await scheduleSimulation(this.deps.db, {
        payinId: payin.id,
        status: request.status,
        processorStatus: request.processorStatus,
        dueAt,
      });
      return { kind: 'scheduled', dueAt };
    }
    const event = request.status === 'SUCCESS' ? 'approve' : 'decline';
    return {
      kind: 'applied',
      payin: await this.deps.payins.transition(payin, event, { processorStatus: request.processorStatus }),
    };
  }

  /**
   * Applies simulations whose time has come. A row is removed only after its payin is final, so a
   * crash in between repeats the attempt, which then finds the payin final and just removes it.
   */
  async applyDue(): Promise<number> {
    const due = await findDueSimulations(this.deps.db, this.deps.clock(), BATCH);
    for (const simulation of due) {
      const payin = await findPayinById(this.deps.db, simulation.payinId);
      if (payin && !isFinal(payin.status)) {
        try {
          const event = simulation.status === 'SUCCESS' ? 'approve' : 'decline';
          await this.deps.payins.transition(payin, event, { processorStatus: simulation.processorStatus });
        } catch (error) {
          if (!isAppError(error)) throw error;
          this.deps.logger.warn(
            { idPayin: payin.idPayin, code: error.code },
            'scheduled simulation not applied',
          );
        }
      }
      await deleteSimulation(this.deps.db, simulation.payinId);
    }
    return due.length;
  }
}
