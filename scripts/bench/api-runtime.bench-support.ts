// Built by run.mjs next to the benchmarks: the real runtime behind the real front door (as `npm
// start` serves the API), on an in-memory PGlite or a fresh PostgreSQL database, with payins of
// many merchants to read and a payment-scoped token for each.
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import pg from 'pg';
import { createScratchDatabase } from '../scratch-database.mjs';
import { loadConfig } from '@/server/config';
import { openPglite, openPostgres, type DatabaseHandle } from '@/server/db';
import { createFrontDoor } from '@/server/http/front-door';
import { createLogger } from '@/server/logger';
import { provisionMerchants, type Merchant, type MerchantEntry } from '@/server/merchants';
import type { TokenGrant } from '@/server/tokens';
import { createRuntime, type Runtime } from '@/server/runtime';

export interface BenchRequest {
  path: string;
  headers: Record<string, string>;
}

/** A fresh PostgreSQL database for the run, dropped by the returned function. */
export function freshPostgres(adminUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  return createScratchDatabase(adminUrl, 'payin_bench');
}

/** The PostgreSQL server benchmarks make their databases on. */
export const BENCH_ADMIN_URL =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/test';

/** Whether a PostgreSQL server answers at `url` (else its figures are skipped). */
export async function postgresReachable(url = BENCH_ADMIN_URL): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

/** The runtime behind the front door, listening on a port of its own, on a database of its own. */
export interface BenchRuntime {
  runtime: Runtime;
  database: DatabaseHandle;
  port: number;
  /** The PostgreSQL database's name, when on PostgreSQL. */
  db?: string;
  /** Provisions merchants as the merchants file would, remembered by the runtime. */
  provision: (entries: MerchantEntry[]) => Promise<Merchant[]>;
  close: () => Promise<void>;
}

/** Starts the real runtime (as `npm start` serves the API) on an in-memory PGlite or a fresh PostgreSQL database. */
export async function startBenchRuntime(options: {
  database: 'pglite' | 'postgres';
  adminUrl: string;
}): Promise<BenchRuntime> {
  const postgres = options.database === 'postgres' ? await freshPostgres(options.adminUrl) : undefined;
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    BACKGROUND_WORKERS: 'false',
    MAX_CONNECTIONS_PER_ADDRESS: '0',
    ...(postgres && { DATABASE_URL: postgres.url }),
  });
  const database: DatabaseHandle = postgres
    ? openPostgres(postgres.url, config.DATABASE_POOL_SIZE)
    : await openPglite('memory://');
  const runtime = await createRuntime(config, { logger: createLogger('silent'), database });
  const door = createFrontDoor({
    logger: runtime.deps.logger,
    api: getRequestListener(runtime.api.fetch),
    web: undefined,
    publicUrl: config.publicUrl,
    trustProxy: false,
    headersTimeoutMs: 10_000,
    requestTimeoutMs: 10_000,
    maxConnectionsPerAddress: 0,
  });
  await new Promise<void>((resolve) => door.server.listen(0, '127.0.0.1', () => resolve()));
  return {
    runtime,
    database,
    port: (door.server.address() as AddressInfo).port,
    ...(postgres && { db: new URL(postgres.url).pathname.slice(1) }),
    provision: async (entries) => {
      const pepper = await runtime.deps.db
        .selectFrom('server_secrets')
        .select('value')
        .where('name', '=', 'secret-pepper')
        .executeTakeFirstOrThrow();
      const merchants = await provisionMerchants(
        runtime.deps.db,
        Buffer.from(pepper.value, 'base64url'),
        entries,
      );
      for (const merchant of merchants) runtime.deps.merchants.remember(merchant);
      return merchants;
    },
    close: async () => {
      await door.stop({ idleGraceMs: 0, deadlineMs: 1000 });
      await runtime.close();
      await postgres?.drop();
    },
  };
}

/** `count` sandbox merchants with fresh secrets, as a merchants file names them. */
export function benchMerchantEntries(count: number): MerchantEntry[] {
  return Array.from({ length: count }, (_, index) => ({
    merchantCode: `bench${index}`,
    secret: `sk_test_${randomBytes(18).toString('base64url')}`,
    channelName: 'Bench Shop',
    test: true,
  }));
}

/**
 * Starts the API for creates (creates.bench.ts): `merchants` sandbox merchants, each with a token
 * allowing POST /payins/.*, so load spread over them stays inside the merchant rate limit.
 */
export async function startCreateBenchApi(options: {
  adminUrl: string;
  merchants: number;
}): Promise<{ port: number; tokens: string[]; db?: string; close: () => Promise<void> }> {
  const { runtime, port, db, provision, close } = await startBenchRuntime({
    ...options,
    database: 'postgres',
  });
  const merchants = await provision(benchMerchantEntries(options.merchants));
  const tokens: string[] = [];
  for (const merchant of merchants)
    tokens.push(
      await runtime.deps.tokens.issue({
        merchantCode: merchant.code,
        operations: ['POST /payins/.*'],
        validitySecs: 3600,
      }),
    );
  return { port, tokens, ...(db && { db }), close };
}

/**
 * Starts the API and prepares `merchants × payinsEach` payins, each read with its own
 * payment-scoped token: load spread this way stays inside every rate limit (10 per second per
 * payment, 100 per second per merchant), so the figure measures answered 200s.
 */
export async function startBenchApi(options: {
  database: 'pglite' | 'postgres';
  adminUrl: string;
  merchants: number;
  payinsEach: number;
}): Promise<{ port: number; requests: BenchRequest[]; db?: string; close: () => Promise<void> }> {
  const { runtime, port, db, provision, close } = await startBenchRuntime(options);
  const merchants = await provision(benchMerchantEntries(options.merchants));
  const requests: BenchRequest[] = [];
  for (const merchant of merchants) {
    for (let index = 0; index < options.payinsEach; index++) {
      const idPayin = `order-${index}-${randomBytes(4).toString('hex')}`;
      const grant: TokenGrant = {
        merchantCode: merchant.code,
        jti: 'bench',
        operations: [],
        money: undefined,
        paymentScope: undefined,
        terms: undefined,
        expiresAt: Number.MAX_SAFE_INTEGER,
        keyId: undefined,
        link: undefined,
        console: undefined,
        session: undefined,
        allows: () => true,
      };
      await runtime.deps.payins.create({
        merchant,
        grant,
        idPayin,
        request: {
          paymentRequested: { money: { currency: 'THB', minor: 150_050n } },
          paymentMethod: { paymentMethodCode: 'OFFLINE' },
          callbackUrl: 'https://merchant.example/callbacks',
          returnUrl: 'https://merchant.example/return',
        },
      });
      const token = await runtime.deps.tokens.issue({
        merchantCode: merchant.code,
        operations: [`GET /payins/${idPayin}`],
        validitySecs: 3600,
      });
      requests.push({
        path: `/api/payins/${idPayin}`,
        headers: { 'x-api-version': '2', authorization: `Bearer ${token}` },
      });
    }
  }
  // Interleave merchants so concurrent requests hit different buckets and rows.
  requests.sort(() => Math.random() - 0.5);

  return { port, requests, ...(db && { db }), close };
}
