import 'server-only';
import type { Kysely } from 'kysely';
import { REFUND_CLAIM_EXPIRED } from '@/lib/api/refund-responses';
import { PAYOUT_PROCESSOR_STATUSES } from '@/lib/payouts/methods';
import { payoutMagicOf } from '@/lib/sandbox/payout-magic';
import type { SimulateRefundRequest } from '@/lib/schemas';
import type { Clock } from '../clock';
import type { Database } from '../db';
import { AppError } from '../errors';
import type { Logger } from '../logger';
import { applyDueOutcomes } from './due-outcomes';
import { findRefundById, type Refund, type RefundPlanner, type RefundService } from '../refunds';

/**
 * The sandbox's plan for a test refund once it knows where the money goes (docs/decisions/036): the
 * payout magic amounts (…902 ACCOUNT_INVALID, …906 DECLINED, 910 stays PENDING) after their
 * seconds, any other amount SUCCESS after SANDBOX_PAYOUT_SECS. Live refunds get nothing.
 */
export function refundPlanner(defaultDelaySecs: number): RefundPlanner {
  return {
    async plan(tx, refund, at) {
      if (!refund.isTest) return;
      const magic = payoutMagicOf(refund.money);
      if (magic === 'manual') return;
      const { afterSeconds, status, processorStatus } =
        magic === 'default'
          ? { afterSeconds: defaultDelaySecs, status: 'SUCCESS' as const, processorStatus: 'APPROVED' }
          : magic;
      await tx
        .insertInto('sandbox_refund_simulations')
        .values({
          refund_id: refund.id,
          status,
          processor_status: processorStatus,
          due_at: new Date(at.getTime() + afterSeconds * 1000),
        })
        .execute();
    },
  };
}

/** Applies the due outcomes of test refunds; each is claimed in the transaction that applies it. */
export class RefundSimulations {
  constructor(
    private readonly deps: { db: Kysely<Database>; refunds: RefundService; clock: Clock; logger: Logger },
  ) {}

  /**
   * Ends a test refund now: SUCCESS (once it knows where the money goes: 409 REFUND_NOT_CLAIMED
   * before) or REFUSED with a payout's reason, or CLAIM_EXPIRED while its claim is open (the
   * claim's time running out, without the wait). 403 for a live refund, 409 once it has ended, but
   * for REFUSED on a paid one: the payer's bank returning it (docs/decisions/044).
   */
  async simulate(refund: Refund, request: SimulateRefundRequest): Promise<Refund> {
    if (!refund.isTest) throw new AppError('SANDBOX_ONLY', 'Only test refunds can be simulated.');
    const waiting = refund.destination === undefined;
    const refusals = [
      ...PAYOUT_PROCESSOR_STATUSES.filter((code) => code !== 'APPROVED'),
      ...(waiting ? [REFUND_CLAIM_EXPIRED] : []),
    ];
    const { processorStatus } = request;
    if (processorStatus !== undefined) {
      const fits =
        request.status === 'SUCCESS' ? processorStatus === 'APPROVED' : refusals.includes(processorStatus);
      if (!fits) {
        const message = `For ${request.status} use ${request.status === 'SUCCESS' ? 'APPROVED' : refusals.join(', ')}.`;
        throw new AppError('VALIDATION_FAILED', message, { errors: [{ field: 'processorStatus', message }] });
      }
    }
    if (refund.status === 'SUCCESS' && request.status === 'REFUSED' && !refund.returnedAt) {
      // A paid refund the payer's bank sends back later (docs/decisions/044), to test that path.
      const returned = await this.deps.refunds.returnPaid(refund, processorStatus ?? 'DECLINED');
      if (returned) return returned;
    }
    if (refund.status !== 'PENDING')
      throw new AppError('REFUND_FINAL', `The refund is already ${refund.status}.`);
    if (request.status === 'SUCCESS' && waiting)
      throw new AppError(
        'REFUND_NOT_CLAIMED',
        'The payer has not claimed this refund yet: nowhere to send it.',
      );
    return this.deps.refunds.finish(refund, request.status, { processorStatus });
  }

  async applyDue(): Promise<number> {
    const { db, refunds, logger, clock } = this.deps;
    return applyDueOutcomes({
      db,
      table: 'sandbox_refund_simulations',
      subjectColumn: 'refund_id',
      now: clock(),
      logger,
      finalCode: 'REFUND_FINAL',
      async apply(outcome, claim) {
        const subject = await findRefundById(db, outcome.subjectId);
        if (subject)
          await refunds.finish(subject, outcome.status, { processorStatus: outcome.processorStatus, claim });
      },
    });
  }
}
