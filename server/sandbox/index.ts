import 'server-only';
import type { Kysely } from 'kysely';
import { periodicWorker, type BackgroundWorker } from '../background';
import type { Clock } from '../clock';
import type { Database } from '../db';
import type { Logger } from '../logger';
import type { PayinService } from '../payins';
import type { PayoutService } from '../payouts';
import type { RefundService } from '../refunds';
import { PayoutSimulations } from './payout-simulations';
import { RefundSimulations } from './refund-simulations';
import { SimulationService } from './simulation.service';

export { SimulationService } from './simulation.service';
export { PayoutSimulations, payoutPlanner } from './payout-simulations';
export { RefundSimulations, refundPlanner } from './refund-simulations';

export {
  magicAmountPlanner,
  magicCodeOf,
  magicOutcomeOf,
  MAGIC_AMOUNTS,
  MAGIC_CODES,
  type MagicCode,
} from './magic-amounts';

export interface SandboxModuleDependencies {
  db: Kysely<Database>;
  logger: Logger;
  payins: PayinService;
  payouts: PayoutService;
  refunds: RefundService;
  clock: Clock;
}

export interface SandboxModule {
  simulations: SimulationService;
  payoutSimulations: PayoutSimulations;
  refundSimulations: RefundSimulations;
  /** The delayed-simulation workers. */
  workers: readonly BackgroundWorker[];
}

export function createSandboxModule(deps: SandboxModuleDependencies): SandboxModule {
  const simulations = new SimulationService(deps);
  const payoutSimulations = new PayoutSimulations(deps);
  const refundSimulations = new RefundSimulations(deps);
  return {
    simulations,
    payoutSimulations,
    refundSimulations,
    workers: [
      periodicWorker({
        name: 'sandbox-payout-simulations',
        intervalMs: 500,
        logger: deps.logger,
        tick: async () => (await payoutSimulations.applyDue()) > 0,
      }),
      periodicWorker({
        name: 'sandbox-refund-simulations',
        intervalMs: 500,
        logger: deps.logger,
        tick: async () => (await refundSimulations.applyDue()) > 0,
      }),
      periodicWorker({
        name: 'sandbox-simulations',
        intervalMs: 500,
        logger: deps.logger,
        tick: async () => (await simulations.applyDue()) > 0,
      }),
    ],
  };
}
