import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { createFrontDoor, type FrontDoor } from '@/server/http/front-door';
import type { Clock } from '@/server/clock';
import { loadConfig } from '@/server/config';
import { createLogger } from '@/server/logger';
import { merchantEntrySchema, provisionMerchants, type MerchantEntry } from '@/server/merchants';
import { createRuntime, type Runtime } from '@/server/runtime';
import { ApiClient } from './api-client';
import { openTestDatabase } from './test-database';
import type { DatabaseHandle } from '@/server/db';
import type { ChainReaderFactory, HotWallet } from '@/server/chain';
import { isCallbackDispatcherWorker, type CallbackDispatcherWorker } from '@/server/callbacks';

/** A clock tests move by hand: `clock.advance(ms)`. */
export function manualClock(
  start = new Date(),
): Clock & { advance(ms: number): void; set(date: Date): void } {
  let now = start.getTime();
  const clock = () => new Date(now);
  return Object.assign(clock, {
    advance: (ms: number) => {
      now += ms;
    },
    set: (date: Date) => {
      now = date.getTime();
    },
  });
}

/** Polls `read` until `accept` holds or the deadline passes (waiting on a condition, not a sleep). */
export async function eventually<T>(
  read: () => Promise<T>,
  accept: (value: T) => boolean,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (accept(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export interface TestMerchant {
  merchantCode: string;
  secret: string;
  callbackSecret: string;
}

/** The instance's callback dispatcher, to run a round of deliveries when a test says so. */
export function callbackDispatcherOf(api: Pick<TestApi, 'runtime'>): CallbackDispatcherWorker {
  const worker = api.runtime.workers.find(isCallbackDispatcherWorker);
  if (!worker) throw new Error('no callback dispatcher');
  return worker;
}

export interface TestApi {
  /** http://127.0.0.1:<port>/api */
  baseUrl: string;
  client: ApiClient;
  runtime: Runtime;
  /** The HTTP server in front of the API. */
  door: FrontDoor;
  /** The database this instance runs on (another instance may share it: `startTestApi({}, { sharing })`). */
  database: DatabaseHandle;
  /** Provisions a fresh merchant (its own rate-limit budget), sandbox by default. */
  createMerchant(overrides?: Partial<MerchantEntry>): Promise<TestMerchant>;
  close(): Promise<void>;
}

let merchantSequence = 0;

/**
 * What a live test merchant collects into unless a test gives its own: THB bank transfers at KBANK
 * and PromptPay (a live merchant is offered only what it has an account for, docs/decisions/028).
 */
const LIVE_ACCOUNTS: NonNullable<MerchantEntry['collectionAccounts']> = [
  {
    id: 'kbank',
    type: 'BANK_ACCOUNT',
    currency: 'THB',
    bank: 'KBANK',
    accountNumber: '1234567890',
    accountName: 'Live Shop',
  },
  {
    id: 'promptpay',
    type: 'PROMPTPAY',
    currency: 'THB',
    promptPayId: '0105550123451',
    accountName: 'Live Shop',
  },
];

/**
 * The real API (the same runtime as `npm start`, minus Next) on a real socket, on a database of its
 * own. Tests talk to it over HTTP only.
 */
export async function startTestApi(
  env: Record<string, string> = {},
  options: {
    clock?: Clock;
    /** The clock tokens and customer sessions expire by (default: wall time). */
    tokenClock?: Clock;
    /** The clock rate-limit windows are counted by (default: wall time). */
    rateLimitClock?: Clock;
    /** Listen on this address instead of 127.0.0.1 (e.g. 0.0.0.0). */ host?: string;
    /** Collects the log lines (JSON) here, at LOG_LEVEL (give one: tests log nothing by default). */
    logLines?: string[];
    /**
     * Another instance on this instance's database (its own runtime, directory and socket): the
     * database stays open when this one closes.
     */
    sharing?: TestApi;
    /** Read chains through this (a fault injected in a round of the chain watcher). */
    chainReader?: ChainReaderFactory;
    /** Wrap the hot wallets (a watch on what an instance sends). */
    hotWallet?: (network: string, real: HotWallet) => HotWallet;
  } = {},
): Promise<TestApi> {
  const database = options.sharing
    ? { ...options.sharing.database, close: () => Promise.resolve() }
    : await openTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    CALLBACK_ALLOWLIST: '127.0.0.1,localhost',
    LOG_LEVEL: 'silent',
    BACKGROUND_WORKERS: 'false',
    ...env,
  });
  const runtime = await createRuntime(config, {
    logger: createLogger(
      config.LOG_LEVEL,
      options.logLines && { write: (line: string) => void options.logLines!.push(line) },
    ),
    database,
    ...(options.clock && { clock: options.clock }),
    ...(options.tokenClock && { tokenClock: options.tokenClock }),
    ...(options.rateLimitClock && { rateLimitClock: options.rateLimitClock }),
    ...(options.chainReader && { chainReader: options.chainReader }),
    ...(options.hotWallet && { hotWallet: options.hotWallet }),
  });
  // The same front door as `npm start` (API only: the hosted app is tested end to end).
  const door = createFrontDoor({
    logger: runtime.deps.logger,
    api: getRequestListener(runtime.api.fetch),
    web: undefined,
    publicUrl: config.publicUrl,
    trustProxy: config.TRUST_PROXY,
    headersTimeoutMs: config.HTTP_HEADERS_TIMEOUT_SECS * 1000,
    requestTimeoutMs: config.HTTP_REQUEST_TIMEOUT_SECS * 1000,
    maxConnectionsPerAddress: config.MAX_CONNECTIONS_PER_ADDRESS,
  });
  await new Promise<void>((resolve) => door.server.listen(0, options.host ?? '127.0.0.1', () => resolve()));
  // Listening, as main has it once it listens (the tests run background work themselves).
  runtime.deps.lifecycle.markReady();
  const { port } = door.server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}/api`;
  const pepper = await runtime.deps.db
    .selectFrom('server_secrets')
    .select('value')
    .where('name', '=', 'secret-pepper')
    .executeTakeFirstOrThrow();

  return {
    baseUrl,
    client: new ApiClient(baseUrl),
    runtime,
    async createMerchant(overrides = {}) {
      // Read as the merchants file is (its defaults and rules), so tests provision what a file would.
      const entry: MerchantEntry = merchantEntrySchema.parse({
        merchantCode: `m${++merchantSequence}_${randomBytes(4).toString('hex')}`,
        secret: `sk_test_${randomBytes(18).toString('base64url')}`,
        channelName: 'Test Shop',
        test: true,
        ...(overrides.test === false && { collectionAccounts: LIVE_ACCOUNTS }),
        ...overrides,
      });
      const [merchant] = await provisionMerchants(runtime.deps.db, Buffer.from(pepper.value, 'base64url'), [
        entry,
      ]);
      if (!merchant) throw new Error('merchant not provisioned');
      runtime.deps.merchants.remember(merchant);
      return { merchantCode: merchant.code, secret: entry.secret, callbackSecret: merchant.callbackSecret };
    },
    door,
    database,
    async close() {
      await door.stop({ idleGraceMs: 0, deadlineMs: 2000 });
      await runtime.close();
    },
  };
}
