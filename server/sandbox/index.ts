import 'server-only';
import type { Kysely } from 'kysely';
import { periodicWorker, type BackgroundWorker } from '../background/worker';
import type { Clock } from '../clock';
import type { Database } from '../db';
import type { Logger } from '../logger';
import type { PayinService } from '../payins';
import { SimulationService } from './simulation.service';

export { SimulationService } from './simulation.service';

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
  clock: Clock;
}

export interface SandboxModule {
  simulations: SimulationService;
  /** The delayed-simulation worker. */
  workers: readonly BackgroundWorker[];
}

export function createSandboxModule(deps: SandboxModuleDependencies): SandboxModule {
  const simulations = new SimulationService(deps);
  return {
    simulations,
    workers: [
      periodicWorker({
        name: 'sandbox-simulations',
        intervalMs: 500,
        logger: deps.logger,
        tick: async () => (await simulations.applyDue()) > 0,
      }),
    ],
  };
}
