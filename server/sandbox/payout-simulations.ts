import 'server-only';
import type { Kysely } from 'kysely';
import { payoutMagicOf } from '@/lib/sandbox/payout-magic';
import { PAYOUT_PROCESSOR_STATUSES } from '@/lib/payouts/methods';
import type { SimulatePayoutRequest } from '@/lib/schemas';
import type { Clock } from '../clock';
import type { Database, Db } from '../db';
import { AppError } from '../errors';
import type { Logger } from '../logger';
import { applyDueOutcomes } from './due-outcomes';
import { findPayoutById, type Payout, type PayoutPlanner, type PayoutService } from '../payouts';
import type { FinalStatus } from '@/lib/payins/statuses';

type Outcome = { status: FinalStatus; processorStatus: string | undefined };

async function schedule(db: Db, payoutId: bigint, outcome: Outcome, dueAt: Date): Promise<void> {
  await db
    .insertInto('sandbox_payout_simulations')
    .values({
      payout_id: payoutId,
      status: outcome.status,
      processor_status: outcome.processorStatus ?? null,
      due_at: dueAt,
    })
    .execute();
}

/**
 * The sandbox's plan for a new test payout (docs/decisions/027): a magic amount's outcome after
 * its seconds, 910 nothing, any other amount SUCCESS after SANDBOX_PAYOUT_SECS, as a bank would.
 * Written in the payout's insert transaction. Live payouts get nothing.
 */
export function payoutPlanner(defaultDelaySecs: number): PayoutPlanner {
  return {
    async plan(tx, payout) {
      if (!payout.isTest) return;
      const magic = payoutMagicOf(payout.money);
      if (magic === 'manual') return;
      const { afterSeconds, ...outcome } =
        magic === 'default'
          ? { afterSeconds: defaultDelaySecs, status: 'SUCCESS' as const, processorStatus: 'APPROVED' }
          : magic;
      await schedule(tx, payout.id, outcome, new Date(payout.createdAt.getTime() + afterSeconds * 1000));
    },
  };
}

/** Simulated outcomes of test payouts: now, later, or as scheduled at creation. */
export class PayoutSimulations {
  constructor(
    private readonly deps: { db: Kysely<Database>; payouts: PayoutService; clock: Clock; logger: Logger },
  ) {}

  /**
   * Ends a test payout now, or schedules it after `delaySeconds`. 403 SANDBOX_ONLY for a live
   * payout; 400 for a processorStatus that does not fit the status; 409 once it has ended, but for
   * REFUSED on a paid one, now: the payee's bank returning it (docs/decisions/044).
   */
  async simulate(
    payout: Payout,
    request: SimulatePayoutRequest,
  ): Promise<{ kind: 'applied'; payout: Payout } | { kind: 'scheduled'; dueAt: Date }> {
    if (!payout.isTest) throw new AppError('SANDBOX_ONLY', 'Only test payouts can be simulated.');
    const processorStatus = request.processorStatus;
    if (processorStatus !== undefined) {
      const fits =
        (PAYOUT_PROCESSOR_STATUSES as readonly string[]).includes(processorStatus) &&
        (request.status === 'SUCCESS') === (processorStatus === 'APPROVED');
      if (!fits) {
        const allowed =
          request.status === 'SUCCESS'
            ? 'APPROVED'
            : PAYOUT_PROCESSOR_STATUSES.filter((status) => status !== 'APPROVED').join(', ');
        const message = `For ${request.status} use ${allowed}.`;
        throw new AppError('VALIDATION_FAILED', message, { errors: [{ field: 'processorStatus', message }] });
      }
    }
    if (
      payout.status === 'SUCCESS' &&
      request.status === 'REFUSED' &&
      !request.delaySeconds &&
      !payout.returnedAt
    ) {
      // A paid payout the payee's bank sends back later (docs/decisions/044), to test that path.
      const returned = await this.deps.payouts.returnPaid(payout, processorStatus ?? 'DECLINED');
      if (returned) return { kind: 'applied', payout: returned };
    }
    if (payout.status !== 'PENDING')
      throw new AppError('PAYOUT_FINAL', `The payout is already ${payout.status}.`);
    const outcome = { status: request.status, processorStatus };
    if (request.delaySeconds) {
      const dueAt = new Date(this.deps.clock().getTime() + request.delaySeconds * 1000);
      await schedule(this.deps.db, payout.id, outcome, dueAt);
      return { kind: 'scheduled', dueAt };
    }
    return { kind: 'applied', payout: await this.deps.payouts.finish(payout, outcome.status, outcome) };
  }

  /** Applies the due simulations; each is claimed in the transaction that applies it (one taker). */
  async applyDue(): Promise<number> {
    const { db, payouts, logger, clock } = this.deps;
    return applyDueOutcomes({
      db,
      table: 'sandbox_payout_simulations',
      subjectColumn: 'payout_id',
      now: clock(),
      logger,
      finalCode: 'PAYOUT_FINAL',
      async apply(outcome, claim) {
        const subject = await findPayoutById(db, outcome.subjectId);
        if (subject)
          await payouts.finish(subject, outcome.status, { processorStatus: outcome.processorStatus, claim });
      },
    });
  }
}
