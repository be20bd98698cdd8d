import 'server-only';
import { MAX_MINOR } from '@/lib/money';
import { magicOutcomeOf, type MagicOutcome } from '@/lib/sandbox/magic-amounts';
import { simulatedPaymentAmount } from '@/lib/sandbox/simulated-payments';
import { amountToPay, type Payin, type PayinPlan, type PayinPlanner } from '../payins';
import { scheduleSimulation, type SimulatedAction } from './simulation.repository';

export {
  magicCodeOf,
  magicOutcomeOf,
  MAGIC_AMOUNTS,
  MAGIC_CODES,
  type MagicCode,
} from '@/lib/sandbox/magic-amounts';

type Scheduled = NonNullable<MagicOutcome['scheduled']>;

/** The simulation a magic amount schedules, for the payin as inserted (its amount to pay is known). */
export function scheduledAction(payin: Payin, scheduled: Scheduled): SimulatedAction | undefined {
  if ('refusal' in scheduled)
    return { kind: 'status', status: 'REFUSED', processorStatus: scheduled.refusal };
  const amount = simulatedPaymentAmount(scheduled.payment, amountToPay(payin));
  // An amount to pay of one minor unit has no short payment; one near the largest amount, no over one.
  return amount && amount.minor <= MAX_MINOR ? { kind: 'payment', amountMinor: amount.minor } : undefined;
}

/**
 * The sandbox's plan for a new payin (docs/decisions/021-sandbox-payments-and-magic-amounts.md):
 * a test payin whose order amount is magic gets the shortened validity and its scheduled outcome,
 * written in the insert's transaction. Live payins and other amounts get nothing.
 */
export const magicAmountPlanner: PayinPlanner = {
  plan({ merchant, money }): PayinPlan | undefined {
    const magic = merchant.isTest ? magicOutcomeOf(money) : undefined;
    if (!magic) return undefined;
    const { expireAfterSeconds, scheduled } = magic;
    return {
      ...(expireAfterSeconds !== undefined && { validityMs: expireAfterSeconds * 1000 }),
      ...(scheduled && {
        record: async (tx, payin) => {
          const action = scheduledAction(payin, scheduled);
          if (!action) return;
          const dueAt = new Date(payin.createdAt.getTime() + scheduled.afterSeconds * 1000);
          await scheduleSimulation(tx, { payinId: payin.id, action, dueAt });
        },
      }),
    };
  },
};
