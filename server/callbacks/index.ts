import 'server-only';
import type { Kysely } from 'kysely';
import type { BackgroundWorker } from '../background';
import { systemClock, type Clock } from '../clock';
import type { Config } from '../config';
import type { Database } from '../db';
import type { Logger } from '../logger';
import type { MerchantDirectory } from '../merchants';
import type { HostAllowlist } from '../net';
import { OutboundGuard } from '../net';
import type { StatusChangeOutbox } from '../payins';
import type { UrlPolicy } from '../net';
import type { CallbackSender, CallbackSettings } from './callback';
import { CallbackReceiver } from './callback-receiver';
import { CallbackDispatcher, type CallbackDispatcherOptions } from './callback.dispatcher';
import type { PayoutStatusOutbox } from '../payouts';
import type { RefundStatusOutbox } from '../refunds';
import { createCallbackOutbox } from './callback.outbox';
import { CallbackLog } from './callback.log';
import { createGuardedSender, createReceiverAwareSender } from './callback.sender';
import { CallbackTester } from './callback.tester';
import { CallbackSigningSecretService } from './callback.secrets';

export type { CallbackSender, CallbackSettings, SendResult } from './callback';
export { CallbackDispatcher } from './callback.dispatcher';
export { CallbackLog } from './callback.log';
export { CallbackReceiver, receiverKeyIn, receiverPrefix } from './callback-receiver';
export { CallbackTester } from './callback.tester';
export { signCallback } from './callback.signer';
export { CallbackSigningSecretService, type SigningSecretView } from './callback.secrets';
export { deliveryBacklog } from './callback.repository';

export interface CallbacksModuleDependencies {
  config: Config;
  db: Kysely<Database>;
  logger: Logger;
  merchants: MerchantDirectory;
  allowlist: HostAllowlist;
  clock: Clock;
  /** The policy callback URLs are held to (test callbacks too). */
  urlPolicy: UrlPolicy;
  /** The server secret receiver keys derive from ('callback-receiver-key'). */
  receiverSecret: Buffer;
  /** Replaces real HTTP (unit tests); the default goes through the SSRF guard. */
  send?: CallbackSender;
  /** Hears each finished attempt (metrics). */
  onAttempt?: CallbackDispatcherOptions['onAttempt'];
  /**
   * Subscribes to new deliveries' commits (the database's NOTIFY, decision 047): the dispatcher
   * claims at once instead of at its next poll. Without it, it polls only.
   */
  listen?: (channel: string, onNotify: () => void) => Promise<() => Promise<void>>;
}

/** What migration 0024's trigger notifies when deliveries are inserted. */
export const CALLBACKS_DUE_CHANNEL = 'payin_callbacks_due';

export interface CallbacksModule {
  /** Writes the callback row in the status change's transaction. */
  outbox: StatusChangeOutbox & PayoutStatusOutbox & RefundStatusOutbox;
  /** The delivery log and redelivery, for the API's routes. */
  log: CallbackLog;
  /** Test callbacks, sent now. */
  tester: CallbackTester;
  /** The built-in receiver (its messages, and its URL per merchant). */
  receiver: CallbackReceiver;
  /** The signing secret and its rotation with an overlap. */
  secrets: CallbackSigningSecretService;
  /** The dispatcher. */
  workers: readonly BackgroundWorker[];
}

export const CALLBACK_DISPATCHER_WORKER = 'callback-dispatcher';
/** How often an idle dispatcher looks for due callbacks (a due callback waits at most this long). */
const POLL_INTERVAL_MS = 500;
/** After an attempt frees a slot, claim again this soon (settles close together share one claim). */
const REFILL_DELAY_MS = 10;
/** On shutdown, how long attempts in flight may take to finish before their leases are left to expire. */
const DRAIN_GRACE_MS = 5000;

/** The dispatcher worker, which tests can also drive one round at a time. */
export interface CallbackDispatcherWorker extends BackgroundWorker {
  /** One round of dispatch: returns how many deliveries were attempted. */
  runOnce(): Promise<number>;
}

export function isCallbackDispatcherWorker(worker: BackgroundWorker): worker is CallbackDispatcherWorker {
  return worker.name === CALLBACK_DISPATCHER_WORKER && 'runOnce' in worker;
}

/**
 * Keeps the dispatcher's slots busy: claims when a new delivery's commit is notified, shortly after
 * any attempt frees a slot, at once while claims come back full, and otherwise every poll interval
 * (retries falling due, and notifications lost while the listening connection was down). One claim
 * at a time: a wake during a claim claims again right after it.
 */
function dispatcherWorker(
  dispatcher: CallbackDispatcher,
  logger: Logger,
  listen: CallbacksModuleDependencies['listen'],
): CallbackDispatcherWorker {
  let stopped = true;
  let timer: NodeJS.Timeout | undefined;
  let dueAt = Number.POSITIVE_INFINITY;
  let claiming: Promise<void> | undefined;
  let again = false;
  let unlisten: (() => Promise<void>) | undefined;

  const schedule = (delayMs: number) => {
    if (stopped) return;
    if (claiming) {
      again ||= delayMs < POLL_INTERVAL_MS;
      return;
    }
    if (Date.now() + delayMs >= dueAt) return;
    clearTimeout(timer);
    dueAt = Date.now() + delayMs;
    timer = setTimeout(() => {
      dueAt = Number.POSITIVE_INFINITY;
      claiming = claim().finally(() => {
        claiming = undefined;
        const wake = again;
        again = false;
        // A claim that filled slots may have left more due rows behind: look again while there is room.
        schedule(wake || (lastStarted > 0 && dispatcher.freeSlots > 0) ? 0 : POLL_INTERVAL_MS);
      });
    }, delayMs);
    timer.unref();
  };
  let lastStarted = 0;
  const claim = async () => {
    lastStarted = 0;
    try {
      lastStarted = (await dispatcher.claimAndStart(() => schedule(REFILL_DELAY_MS))).length;
    } catch (error) {
      logger.error({ err: error, worker: CALLBACK_DISPATCHER_WORKER }, 'background work failed');
    }
  };

  return {
    name: CALLBACK_DISPATCHER_WORKER,
    start() {
      if (!stopped) return;
      stopped = false;
      schedule(0);
      if (listen && !unlisten)
        listen(CALLBACKS_DUE_CHANNEL, () => schedule(0)).then(
          (stop) => {
            if (stopped) void stop();
            else unlisten = stop;
          },
          (error: unknown) =>
            logger.warn(
              { err: error, worker: CALLBACK_DISPATCHER_WORKER },
              'callback wake-ups unavailable: polling',
            ),
        );
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await unlisten?.().catch(() => undefined);
      unlisten = undefined;
      await claiming;
      await dispatcher.drain(DRAIN_GRACE_MS);
    },
    runOnce: () => dispatcher.dispatchDue(),
  };
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
  const receiver = new CallbackReceiver({
    db: deps.db,
    merchants: deps.merchants,
    secret: deps.receiverSecret,
    publicUrl: deps.config.publicUrl,
    clock: deps.clock,
  });
  // Callbacks to the built-in receiver stay in this process; the rest go through the SSRF guard.
  const send = createReceiverAwareSender(
    receiver,
    deps.send ??
      createGuardedSender(
        new OutboundGuard({ allowlist: deps.allowlist, allowInsecureUrls: deps.config.ALLOW_INSECURE_URLS }),
        settings.timeoutMs,
        deps.logger,
      ),
  );
  const dispatcher = new CallbackDispatcher({
    db: deps.db,
    logger: deps.logger,
    merchants: deps.merchants,
    send,
    settings,
    clock: deps.clock,
    maxInFlight: deps.config.CALLBACK_CONCURRENCY,
    perEndpoint: deps.config.CALLBACK_ENDPOINT_CONCURRENCY,
    maxPerEndpoint: deps.config.CALLBACK_ENDPOINT_MAX_CONCURRENCY,
    onAttempt: deps.onAttempt,
  });
  return {
    outbox: createCallbackOutbox({ schedule: settings.schedule }),
    log: new CallbackLog({ db: deps.db, clock: deps.clock }),
    tester: new CallbackTester({
      send,
      urlPolicy: deps.urlPolicy,
      logger: deps.logger,
      wallClock: systemClock,
    }),
    receiver,
    secrets: new CallbackSigningSecretService({
      merchants: deps.merchants,
      wallClock: systemClock,
      defaultOverlapSeconds: deps.config.CALLBACK_SECRET_OVERLAP_SECS,
    }),
    workers: [dispatcherWorker(dispatcher, deps.logger, deps.listen)],
  };
}
