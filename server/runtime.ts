import 'server-only';
import type { Hono } from 'hono';
import type { Config } from './config';
import { migrateToLatest, openPglite, openPostgres, type DatabaseHandle } from './db';
import { AuditLog } from './audit-log';
import {
  apiKeyRoutes,
  auditRoutes,
  balanceRoutes,
  callbackReceiverRoutes,
  callbackRoutes,
  catalogueRoutes,
  collectionRoutes,
  createApiApp,
  payoutRoutes,
  payoutSandboxRoutes,
  sandboxRoutes,
  type ApiDependencies,
  type ApiEnv,
} from './http';
import { loadServerSecret } from './keys';
import type { Logger } from './logger';
import {
  MerchantClientAddresses,
  MerchantDirectory,
  provisionDemoMerchant,
  provisionMerchants,
  readMerchantsFile,
} from './merchants';
import { HostAllowlist, UrlPolicy } from './net';
import { createExpirySweeper, liveGaps, PayinService } from './payins';
import {
  AuthFailureGuard,
  MemoryRateLimitStore,
  PostgresRateLimitStore,
  RedisRateLimitStore,
  SharedRateLimitStore,
  type RateLimitStore,
} from './ratelimit';
import { importTokenKey, TokenService } from './tokens';
import { periodicWorker, type BackgroundWorker } from './background';
import { createCallbacksModule, receiverKeyIn, receiverPrefix } from './callbacks';
import { systemClock, type Clock } from './clock';
import { createSandboxModule, magicAmountPlanner, payoutPlanner, type PayoutSimulations } from './sandbox';
import { LedgerService } from './ledger';
import { PayoutService } from './payouts';
import { appliedToPayin, collectionApplications, ReconciliationService } from './reconciliation';
import { CustomerSessionService } from './customer-sessions';

/** The assembled service: database, services and the API app, with one way to shut it all down. */
export interface Runtime {
  config: Config;
  database: DatabaseHandle;
  deps: ApiDependencies;
  api: Hono<ApiEnv>;
  /** The money ledger (balances, settlements) and payouts, for tests and tools that drive them directly. */
  ledger: LedgerService;
  payouts: PayoutService;
  /** Reconciliation of collection accounts' incoming transactions. */
  collection: ReconciliationService;
  payoutSimulations: PayoutSimulations;
  /** Background work (callback dispatcher, expiry sweeper); main starts it unless BACKGROUND_WORKERS=false. */
  workers: readonly BackgroundWorker[];
  /** Seals the merchant console's session cookies (bff/console/session.ts), shared by every instance. */
  consoleSessionKey: Buffer;
  /** Set when no MERCHANTS_FILE was given: the demo merchant's fresh credentials. */
  demoCredentials: { merchantCode: string; secret: string } | undefined;
  close(): Promise<void>;
}

export interface RuntimeOptions {
  logger: Logger;
  /** Use this database instead of opening one from the configuration (tests). */
  database?: DatabaseHandle;
  /** The clock for payins and background work (tests control time with it). */
  clock?: Clock;
  /**
   * The clock tokens and customer sessions expire by (their iat and exp). Apart from `clock` so a test
   * can move a payin's time while the merchant's tokens keep wall time, or move both together.
   */
  tokenClock?: Clock;
  /**
   * The clock the in-process rate-limit stores count their windows by (wall time by default; Redis
   * and the exact PostgreSQL store count by their server's), so a test can hold a second still.
   */
  rateLimitClock?: Clock;
}

async function chooseRateLimitStore(
  config: Config,
  database: DatabaseHandle,
  logger: Logger,
  clock: Clock | undefined,
): Promise<RateLimitStore> {
  const now = clock && (() => clock().getTime());
  if (config.REDIS_URL) {
    return RedisRateLimitStore.open(config.REDIS_URL, (error) =>
      logger.error({ err: error }, 'Redis unreachable at start; rate limits not enforced until it is'),
    );
  }
  // PGlite is one process by construction, so memory is exact there; PostgreSQL may serve many instances.
  if (database.kind !== 'postgres') return new MemoryRateLimitStore(now);
  if (config.RATE_LIMIT_SHARING === 'exact') return new PostgresRateLimitStore(database.db);
  const shared = new SharedRateLimitStore(database.db, logger, now);
  await shared.start();
  return shared;
}

/**
 * Opens the database, applies migrations, loads the server keys, provisions merchants and builds
 * the API: everything done once at start so no request repeats it.
 */
export async function createRuntime(config: Config, options: RuntimeOptions): Promise<Runtime> {
  const { logger } = options;
  const database =
    options.database ??
    (config.DATABASE_URL
      ? openPostgres(config.DATABASE_URL, config.DATABASE_POOL_SIZE, (error) =>
          logger.warn({ err: error }, 'idle database connection lost'),
        )
      : await openPglite(config.DATA_DIR));
  try {
    await migrateToLatest(database.db);
    const signingKey = await loadServerSecret(database.db, 'token-signing-key', config.TOKEN_SIGNING_KEY);
    const pepper = await loadServerSecret(database.db, 'secret-pepper', config.SECRET_PEPPER);
    const consoleSessionKey = await loadServerSecret(database.db, 'console-session-key', undefined);

    let demoCredentials: Runtime['demoCredentials'];
    if (config.MERCHANTS_FILE) {
      const merchants = await provisionMerchants(
        database.db,
        pepper,
        await readMerchantsFile(config.MERCHANTS_FILE),
      );
      logger.info({ merchants: merchants.map((merchant) => merchant.code) }, 'merchants provisioned');
      // Not an error: the methods are simply not offered live until their coordinates are configured.
      for (const merchant of merchants) {
        const gaps = liveGaps(merchant);
        if (gaps.length === 0) continue;
        logger.warn(
          {
            merchantCode: merchant.code,
            notOffered: gaps.map((gap) => `${gap.method} (${gap.currency}): ${gap.missing}`),
          },
          'live merchant has payment methods it cannot be offered; configure collectionAccounts (or a live processor connector) for them',
        );
      }
    } else {
      const demo = await provisionDemoMerchant(database.db, pepper);
      demoCredentials = { merchantCode: demo.merchant.code, secret: demo.secret };
    }
    const merchants = new MerchantDirectory(database.db, pepper);
    await merchants.load();

    const clock = options.clock ?? systemClock;
    const allowlist = new HostAllowlist(config.CALLBACK_ALLOWLIST);
    const rateLimit = await chooseRateLimitStore(config, database, logger, options.rateLimitClock);
    // The built-in receiver's URLs are accepted as callback URLs and delivered in-process (decision 025).
    const inProcessPrefix = receiverPrefix(config.publicUrl);
    const urlPolicy = new UrlPolicy(
      config.ALLOW_INSECURE_URLS,
      allowlist,
      (url) => receiverKeyIn(inProcessPrefix, url) !== undefined,
      new URL(config.publicUrl).origin,
    );
    const callbacks = createCallbacksModule({
      config,
      db: database.db,
      logger,
      merchants,
      allowlist,
      clock,
      urlPolicy,
      receiverSecret: await loadServerSecret(database.db, 'callback-receiver-key', undefined),
    });
    const ledger: LedgerService = new LedgerService({
      db: database.db,
      logger,
      clock,
      cursorSecret: signingKey,
      settingsOf: async (code) => (merchants.known(code) ?? (await merchants.require(code))).settings,
      // The ledger names payins, payouts and collection transactions by id; their owners say the rest.
      subjects: {
        idPayins: (ids) => payins.idPayins(ids),
        idPayouts: (ids) => payouts.idPayouts(ids),
        appliedToPayin,
      },
    });
    const payins = new PayinService({
      db: database.db,
      publicUrl: config.publicUrl,
      urlPolicy,
      // A status change posts its money (a success's credit) and announces itself, in one transaction.
      outbox: {
        async record(tx, change) {
          // A success first takes its amount from its incoming collection transactions (reconciliation).
          await collectionApplications.record(tx, change);
          await ledger.payinPostings.record(tx, change);
          await callbacks.outbox.record(tx, change);
        },
      },
      clock,
      readConcurrency: database.kind === 'postgres' ? config.DATABASE_POOL_SIZE : 1,
      // Test payins of magic amounts play an outcome by themselves (docs/decisions/021).
      planner: magicAmountPlanner,
      cursorSecret: signingKey,
    });
    const collection = new ReconciliationService({
      db: database.db,
      payins,
      ledger,
      merchants,
      logger,
      clock,
      cursorSecret: signingKey,
    });
    const tokenClock = options.tokenClock ?? systemClock;
    const tokens = new TokenService(await importTokenKey(signingKey), config.TOKEN_MAX_VALIDITY_SECS, () =>
      tokenClock().getTime(),
    );
    const deps: ApiDependencies = {
      db: database.db,
      logger,
      merchants,
      tokens,
      payins,
      sessions: new CustomerSessionService({
        tokens,
        payins,
        urlPolicy,
        clock,
        tokenNow: () => tokenClock().getTime(),
        settings: {
          checkoutWindowSecs: config.CHECKOUT_WINDOW_SECS,
          graceSecs: config.CUSTOMER_SESSION_GRACE_SECS,
        },
      }),
      rateLimit,
      authFailures: new AuthFailureGuard(
        rateLimit,
        {
          perAddress: config.AUTH_FAILURES_PER_ADDRESS,
          perMerchant: config.AUTH_FAILURES_PER_MERCHANT,
          windowMs: config.AUTH_FAILURE_WINDOW_SECS * 1000,
        },
        new MerchantClientAddresses(database.db, logger),
        logger,
      ),
      paymentCeiling: config.RATE_LIMIT_MERCHANT_CEILING,
      trustProxy: config.TRUST_PROXY,
      auditLog: new AuditLog(database.db, signingKey),
    };
    const payouts: PayoutService = new PayoutService({
      db: database.db,
      ledger,
      outbox: callbacks.outbox,
      urlPolicy,
      clock,
      planner: payoutPlanner(config.SANDBOX_PAYOUT_SECS),
      cursorSecret: signingKey,
    });
    const sandbox = createSandboxModule({ db: database.db, logger, payins, payouts, clock });
    const api = createApiApp({
      deps,
      publicUrl: config.publicUrl,
      routes: [
        ...catalogueRoutes,
        ...sandboxRoutes(sandbox.simulations),
        ...payoutSandboxRoutes(sandbox.payoutSimulations, payouts),
        ...payoutRoutes(payouts, callbacks.log),
        ...balanceRoutes(ledger, deps.payins, payouts),
        ...apiKeyRoutes,
        ...auditRoutes,
        ...collectionRoutes(collection),
        ...callbackRoutes(callbacks),
        ...callbackReceiverRoutes(callbacks.receiver),
      ],
    });
    const workers = [
      createExpirySweeper({ db: database.db, payins, clock, logger }),
      // Merchants changed by other instances (a new merchants file, a rotated callback secret):
      // every instance signs and authenticates with the same values within seconds.
      periodicWorker({
        name: 'merchant-directory-refresh',
        intervalMs: 2_000,
        logger,
        tick: async () => {
          await merchants.refresh();
          return false;
        },
      }),
      ...sandbox.workers,
      ...callbacks.workers,
      periodicWorker({
        name: 'collection-matching',
        intervalMs: 2000,
        logger,
        tick: async () => (await collection.matchPending()) > 0,
      }),
      periodicWorker({
        name: 'ledger-settlements',
        intervalMs: 1000,
        logger,
        tick: async () => (await ledger.settleDue()) > 0,
      }),
    ];
    logger.info({ database: database.kind, rateLimitStore: rateLimit.kind }, 'runtime ready');
    return {
      config,
      database,
      deps,
      api,
      ledger,
      payouts,
      collection,
      payoutSimulations: sandbox.payoutSimulations,
      workers,
      consoleSessionKey,
      demoCredentials,
      close: async () => {
        await Promise.all(workers.map((worker) => worker.stop()));
        await rateLimit.close?.();
        await database.close();
      },
    };
  } catch (error) {
    await database.close().catch(() => undefined);
    throw error;
  }
}
