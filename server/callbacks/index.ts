import 'server-only';
import type { Kysely } from 'kysely';
import type { BackgroundWorker } from '../background/worker';
import type { Clock } from '../clock';
import type { Config } from '../config';
import type { Database } from '../db';
import type { ApiRoute } from '../http/route';
import type { Logger } from '../logger';
import type { MerchantDirectory } from '../merchants';
import type { HostAllowlist } from '../net/allowlist';
import type { StatusChangeOutbox } from '../payins/status-outbox';

export interface CallbacksModuleDependencies {
  config: Config;
  db: Kysely<Database>;
  logger: Logger;
  merchants: MerchantDirectory;
  allowlist: HostAllowlist;
  clock: Clock;
}

export interface CallbacksModule {
  /** Writes the callback row in the status change's transaction. */
  outbox: StatusChangeOutbox;
  /** Delivery log and redelivery endpoints. */
  routes: readonly ApiRoute[];
  /** The dispatcher. */
  workers: readonly BackgroundWorker[];
}

/** Callbacks: transactional outbox, Standard Webhooks signing, durable retried delivery (issue 4). */
export function createCallbacksModule(_deps: CallbacksModuleDependencies): CallbacksModule {
  // Filled in by the callbacks work (issue 4): until then status changes record nothing.
  return { outbox: { record: () => Promise.resolve() }, routes: [], workers: [] };
}
