import 'server-only';
import type { Kysely } from 'kysely';
import type { BackgroundWorker } from '../background/worker';
import type { Clock } from '../clock';
import type { Database } from '../db';
import type { ApiRoute } from '../http/route';
import type { Logger } from '../logger';
import type { PayinService } from '../payins';

export interface SandboxModuleDependencies {
  db: Kysely<Database>;
  logger: Logger;
  payins: PayinService;
  clock: Clock;
}

export interface SandboxModule {
  routes: readonly ApiRoute[];
  workers: readonly BackgroundWorker[];
}

export function createSandboxModule(_deps: SandboxModuleDependencies): SandboxModule {
  return { routes: [], workers: [] };
}
