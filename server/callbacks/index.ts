import 'server-only';
import type { Kysely } from 'kysely';
import { periodicWorker, type BackgroundWorker } from '../background/worker';
import type { Clock } from '../clock';
import type { Config } from '../config';
import type { Database } from '../db';
import type { ApiRoute } from '../http/route';
import type { Logger } from '../logger';
import type { MerchantDirectory } from '../merchants';
import type { HostAllowlist } from '../net/allowlist';
import { OutboundGuard } from '../net';
import type { StatusChangeOutbox } from '../payins/status-outbox';
import type { CallbackSender, CallbackSettings } from './callback';
import { CallbackDispatcher } from './callback.dispatcher';
import { createCallbackOutbox } from './callback.outbox';
import { createCallbackRoutes } from './callback.routes';
import { createGuardedSender } from './callback.sender';

export type { CallbackSender, CallbackSettings, SendResult } from './callback';
export { CallbackDispatcher } from './callback.dispatcher';
export { signCallback } from './callback.signer';

export interface CallbacksModuleDependencies {
  config: Config;
  db: Kysely<Database>;
  logger: Logger;
  merchants: MerchantDirectory;
  allowlist: HostAllowlist;
  clock: Clock;
  /** Replaces real HTTP (unit tests); the default goes through the SSRF guard. */
  send?: CallbackSender;
}

export interface CallbacksModule {
  /** Writes the callback row in the status change's transaction. */
  outbox: StatusChangeOutbox;
  /** Delivery log and redelivery endpoints. */
  routes: readonly ApiRoute[];
  /** The dispatcher. */
  workers: readonly BackgroundWorker[];
}

export const CALLBACK_DISPATCHER_WORKER = 'callback-dispatcher';
/** How often an idle dispatcher looks for due callbacks. */
const POLL_INTERVAL_MS = 1000;

/** The dispatcher worker, which tests can also drive one round at a time. */
export interface CallbackDispatcherWorker extends BackgroundWorker {
  /** One round of dispatch: returns how many deliveries were attempted. */
  runOnce(): Promise<number>;
}

export function isCallbackDispatcherWorker(worker: BackgroundWorker): worker is CallbackDispatcherWorker {
  return worker.name === CALLBACK_DISPATCHER_WORKER && 'runOnce' in worker;
}

/** The operator's callback settings, from the configuration. */
export function callbackSettings(config: Config): CallbackSettings {
  return {
    schedule: config.CALLBACK_RETRY_SCHEDULE,
    timeoutMs: config.CALLBACK_TIMEOUT_SECS * 1000,
    leaseMs: config.CALLBACK_LEASE_SECS * 1000,
    retentionMs: config.CALLBACK_LOG_RETENTION_DAYS * 86_400_000,
  };
}

/** Callbacks: transactional outbox, Standard Webhooks signing, durable retried delivery (issue 4). */
export function createCallbacksModule(deps: CallbacksModuleDependencies): CallbacksModule {
  const settings = callbackSettings(deps.config);
  const send =
    deps.send ??
    createGuardedSender(
      new OutboundGuard({ allowlist: deps.allowlist, allowInsecureUrls: deps.config.ALLOW_INSECURE_URLS }),
      settings.timeoutMs,
    );
  const dispatcher = new CallbackDispatcher({
    db: deps.db,
    logger: deps.logger,
    merchants: deps.merchants,
    send,
    settings,
    clock: deps.clock,
  });
  const worker: CallbackDispatcherWorker = {
    ...periodicWorker({
      name: CALLBACK_DISPATCHER_WORKER,
      intervalMs: POLL_INTERVAL_MS,
      logger: deps.logger,
      // A full batch means more may be due: go again at once.
      tick: async () => (await dispatcher.dispatchDue()) === dispatcher.batchSize,
    }),
    runOnce: () => dispatcher.dispatchDue(),
  };
  return {
    outbox: createCallbackOutbox({ schedule: settings.schedule }),
    routes: createCallbackRoutes({ db: deps.db, clock: deps.clock }),
    workers: [worker],
  };
}
