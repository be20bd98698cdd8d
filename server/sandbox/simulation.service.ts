import 'server-only';
import type { Kysely } from 'kysely';
import { describeAmountProblem, MAX_MINOR, moneyOf, parseAmount, type Money } from '@/lib/money';
import type { SimulateRequest } from '@/lib/schemas';
import { simulatedPaymentAmount, type SimulatedPayment } from '@/lib/sandbox/simulated-payments';
import type { Clock } from '../clock';
import type { Database } from '../db';
import { AppError, isAppError } from '../errors';
import type { Logger } from '../logger';
import {
  amountToPay,
  findPayinById,
  isFinal,
  type ChangeOptions,
  type Payin,
  type PayinService,
} from '../payins';
import {
  claimSimulation,
  deleteSimulation,
  findDueSimulations,
  postponeSimulation,
  scheduleSimulation,
  type SimulatedAction,
} from './simulation.repository';

export type SimulationOutcome =
  { kind: 'applied'; payin: Payin } | { kind: 'scheduled'; dueAt: Date; action: SimulatedAction };

const BATCH = 50;
/** How long a delayed success waits before trying again for the customer's external reference. */
export const REFERENCE_RETRY_MS = 2000;

/**
 * The amount a simulated payment pays for a payin: an amount in the payin's currency, or EXACT,
 * SHORT or OVER relative to the amount to pay. 400 VALIDATION_FAILED when there is none.
 */
export function resolvePayment(payin: Payin, payment: SimulatedPayment | { amount: number }): Money {
  const currency = payin.money.currency;
  if (typeof payment !== 'string') {
    const parsed = parseAmount(payment.amount, currency);
    if (parsed.ok) return parsed.money;
    const message = describeAmountProblem(parsed.problem, currency);
    throw new AppError('VALIDATION_FAILED', message, { errors: [{ field: 'payment.amount', message }] });
  }
  const amount = simulatedPaymentAmount(payment, amountToPay(payin));
  if (amount && amount.minor <= MAX_MINOR) return amount;
  const message = amount
    ? 'The amount to pay is too large to pay over.'
    : 'The amount to pay is a single minor unit: there is nothing to pay short of it.';
  throw new AppError('VALIDATION_FAILED', message, { errors: [{ field: 'payment', message }] });
}

/**
 * Drives test payins to an outcome, now or after a delay: the sandbox's stand-in for the payment
 * institution and the customer's bank. Only test payins (of sandbox merchants) can be simulated.
 */
export class SimulationService {
  constructor(
    private readonly deps: { db: Kysely<Database>; payins: PayinService; clock: Clock; logger: Logger },
  ) {}

  async simulate(payin: Payin, request: SimulateRequest): Promise<SimulationOutcome> {
    if (!payin.isTest)
      throw new AppError('SANDBOX_ONLY', 'Only test payins of sandbox merchants can be simulated.');
    const action: SimulatedAction =
      request.kind === 'payment'
        ? { kind: 'payment', amountMinor: resolvePayment(payin, request.payment).minor }
        : { kind: 'status', status: request.status, processorStatus: request.processorStatus };
    // A payment may arrive after the end (a late payment); a status only applies to an open payin.
    if (action.kind === 'status' && isFinal(payin.status))
      throw new AppError('PAYIN_FINAL', `The payin is already ${payin.status}.`);
    if (request.delaySeconds) {
      const dueAt = new Date(this.deps.clock().getTime() + request.delaySeconds * 1000);
      await scheduleSimulation(this.deps.db, { payinId: payin.id, action, dueAt });
      return { kind: 'scheduled', dueAt, action };
    }
    return { kind: 'applied', payin: await this.apply(payin, action) };
  }

  /**
   * Applies simulations whose time has come, each claimed in the transaction that applies it, so it
   * is applied once. A success refused for want of the customer's external reference (P2A_V2) is
   * tried again a little later, until the reference arrives or the payin ends (then a payment is
   * recorded as late, a status dropped).
   */
  async applyDue(): Promise<number> {
    const now = this.deps.clock();
    const due = await findDueSimulations(this.deps.db, now, BATCH);
    for (const simulation of due) {
      const payin = await findPayinById(this.deps.db, simulation.payinId);
      try {
        if (!payin) throw new AppError('PAYIN_NOT_FOUND', 'The payin is gone.');
        await this.apply(payin, simulation.action, {
          claim: (tx) => claimSimulation(tx, simulation.id),
        });
      } catch (error) {
        if (!isAppError(error)) throw error;
        if (error.code === 'EXTERNAL_REFERENCE_REQUIRED') {
          await postponeSimulation(this.deps.db, simulation.id, new Date(now.getTime() + REFERENCE_RETRY_MS));
          continue;
        }
        if (error.code !== 'PAYIN_FINAL')
          this.deps.logger.warn(
            { idPayin: payin?.idPayin, code: error.code },
            'scheduled simulation not applied',
          );
        await deleteSimulation(this.deps.db, simulation.id);
      }
    }
    return due.length;
  }

  private apply(payin: Payin, action: SimulatedAction, options: ChangeOptions = {}): Promise<Payin> {
    const { payins } = this.deps;
    if (action.kind === 'payment')
      return payins.recordPayment(payin, moneyOf(payin.money.currency, action.amountMinor), options);
    if (action.status === 'SUCCESS')
      return payins.transition(payin, 'approve', { ...options, processorStatus: action.processorStatus });
    // REFUSED with EXPIRED means "expire now": UNDERPAID when part of the amount was received.
    if (action.processorStatus === 'EXPIRED') return payins.expire(payin, options);
    return payins.transition(payin, 'decline', { ...options, processorStatus: action.processorStatus });
  }
}
