// Callbacks at volume (docs/decisions/047): how long after a status change's commit its callback's
// first attempt reaches a healthy endpoint (answering in 5 ms), at 200 status changes per second,
// alone and while another endpoint has 10,000 due deliveries that fail after 3 s. The real runtime
// and dispatcher on a fresh PostgreSQL database; the outbox rows are written as a status change
// writes them (one transaction each, open loop: latency counts from the scheduled time), after a
// 2 s warm-up at the same rate.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { isCallbackDispatcherWorker } from '@/server/callbacks';
import { loadConfig } from '@/server/config';
import { openPostgres } from '@/server/db';
import { createLogger } from '@/server/logger';
import { provisionMerchants } from '@/server/merchants';
import { createRuntime } from '@/server/runtime';
import type { TokenGrant } from '@/server/tokens';
import { BENCH_ADMIN_URL as ADMIN_URL, freshPostgres, postgresReachable } from './api-runtime.bench-support';
import { report, type Check } from './report';

const RATE = 200;
const DURATION_MS = 10_000;
const BACKLOG = 10_000;
const WARMUP_MS = 2_000;

/** An endpoint that answers every callback after `delayMs` with `status`, noting when each arrived. */
async function endpoint(
  delayMs: number,
  status: number,
): Promise<{ url: string; arrivals: Map<string, number>; server: Server }> {
  const arrivals = new Map<string, number>();
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const id = request.headers['webhook-id'];
    if (typeof id === 'string' && !arrivals.has(id)) arrivals.set(id, performance.now());
    request.resume();
    request.on('end', () => {
      setTimeout(() => response.writeHead(status).end(), delayMs);
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/callbacks`, arrivals, server };
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function scenario(
  withBacklog: boolean,
): Promise<{ p50: number; p95: number; p99: number; delivered: number; sent: number }> {
  const postgres = await freshPostgres(ADMIN_URL);
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    BACKGROUND_WORKERS: 'false',
    CALLBACK_ALLOWLIST: '127.0.0.1',
    CALLBACK_TIMEOUT_SECS: '10',
    DATABASE_URL: postgres.url,
  });
  const database = openPostgres(postgres.url, config.DATABASE_POOL_SIZE);
  const runtime = await createRuntime(config, { logger: createLogger('silent'), database });
  const healthy = await endpoint(5, 200);
  const failing = await endpoint(3000, 500);
  try {
    const pepper = await runtime.deps.db
      .selectFrom('server_secrets')
      .select('value')
      .where('name', '=', 'secret-pepper')
      .executeTakeFirstOrThrow();
    const [merchant] = await provisionMerchants(runtime.deps.db, Buffer.from(pepper.value, 'base64url'), [
      {
        merchantCode: 'bench',
        secret: `sk_test_${randomBytes(18).toString('base64url')}`,
        channelName: 'Bench',
        test: true,
      },
    ]);
    runtime.deps.merchants.remember(merchant!);
    const grant = { merchantCode: 'bench', allows: () => true } as unknown as TokenGrant;
    await runtime.deps.payins.create({
      merchant: merchant!,
      grant,
      idPayin: 'bench-1',
      request: {
        paymentRequested: { money: { currency: 'THB', minor: 150_050n } },
        paymentMethod: { paymentMethodCode: 'OFFLINE' },
        callbackUrl: healthy.url,
        returnUrl: 'https://merchant.example/return',
      },
    });
    const payin = await runtime.deps.db.selectFrom('payins').select('id').executeTakeFirstOrThrow();
    const insert = (eventId: string, url: string, dueAt: Date) =>
      sql`insert into callback_deliveries
            (event_id, event_type, merchant_code, payin_id, id_payin, url, endpoint, payload, status,
             next_attempt_at, created_at, updated_at)
          values (${eventId}, 'payin.status_changed', 'bench', ${payin.id}, 'bench-1', ${url},
                  ${new URL(url).origin}, ${JSON.stringify({ type: 'payin.status_changed', eventId, idPayin: 'bench-1' })},
                  'PENDING', ${dueAt}, ${dueAt}, ${dueAt})`.execute(runtime.deps.db);
    if (withBacklog) {
      const now = new Date();
      await sql`
        insert into callback_deliveries
          (event_id, event_type, merchant_code, payin_id, id_payin, url, endpoint, payload, status,
           next_attempt_at, created_at, updated_at)
        select 'backlog_' || n, 'payin.status_changed', 'bench', ${payin.id}, 'bench-1', ${failing.url},
               ${new URL(failing.url).origin}, '{}', 'PENDING', ${now}::timestamptz - interval '1 minute' + n * interval '1 ms',
               ${now}, ${now}
        from generate_series(1, ${BACKLOG}) as n`.execute(runtime.deps.db);
    }
    const worker = runtime.workers.find(isCallbackDispatcherWorker)!;
    worker.start();
    // Let the backlog's endpoint fill its slots first.
    await new Promise((resolve) => setTimeout(resolve, 1000));

    /** Status changes at RATE per second for `durationMs`, open loop: when each was due to commit. */
    const load = async (durationMs: number, prefix: string) => {
      const scheduled = new Map<string, number>();
      const start = performance.now();
      const inserts: Promise<unknown>[] = [];
      for (let index = 0; index < (RATE * durationMs) / 1000; index++) {
        const at = start + (index * 1000) / RATE;
        const wait = at - performance.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        const eventId = `${prefix}_${index}_${randomBytes(4).toString('hex')}`;
        scheduled.set(eventId, at);
        inserts.push(insert(eventId, healthy.url, new Date()));
      }
      await Promise.all(inserts);
      return scheduled;
    };
    // A warm-up (JIT, connections, the endpoint's adapted limit), not measured: steady state is.
    const warm = await load(WARMUP_MS, 'warm');
    const warmDeadline = performance.now() + 10_000;
    while ([...warm.keys()].some((id) => !healthy.arrivals.has(id)) && performance.now() < warmDeadline)
      await new Promise((resolve) => setTimeout(resolve, 50));
    const scheduled = await load(DURATION_MS, 'evt');
    // Give the tail its time to arrive.
    const deadline = performance.now() + 10_000;
    while ([...scheduled.keys()].some((id) => !healthy.arrivals.has(id)) && performance.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 50));
    await worker.stop();
    const latencies = [...scheduled]
      .map(([eventId, at]) => {
        const arrived = healthy.arrivals.get(eventId);
        return arrived === undefined ? Number.POSITIVE_INFINITY : arrived - at;
      })
      .sort((a, b) => a - b);
    return {
      p50: percentile(latencies, 50),
      p95: percentile(latencies, 95),
      p99: percentile(latencies, 99),
      delivered: [...scheduled.keys()].filter((id) => healthy.arrivals.has(id)).length,
      sent: scheduled.size,
    };
  } finally {
    healthy.server.closeAllConnections();
    failing.server.closeAllConnections();
    healthy.server.close();
    failing.server.close();
    await runtime.close();
    await postgres.drop();
  }
}

if (!(await postgresReachable(ADMIN_URL))) {
  console.log(
    `  PostgreSQL at ${ADMIN_URL} is not reachable: the callback bench is skipped (set BENCH_DATABASE_URL).`,
  );
  report('callbacks', {}, []);
} else {
  const alone = await scenario(false);
  const beside = await scenario(true);
  const checks: Check[] = [
    {
      name: `first attempt p95, ${RATE}/s to one endpoint answering in 5 ms (ms)`,
      value: alone.p95,
      target: '≤ 250',
      pass: alone.p95 <= 250,
    },
    {
      name: `first attempt p95, the same beside ${BACKLOG} due failing after 3 s (ms)`,
      value: beside.p95,
      target: '≤ 500',
      pass: beside.p95 <= 500,
    },
  ];
  report(
    'callbacks',
    {
      'alone: first attempt p50 ms': alone.p50,
      'alone: first attempt p95 ms': alone.p95,
      'alone: first attempt p99 ms': alone.p99,
      'alone: delivered / sent': `${alone.delivered} / ${alone.sent}`,
      'beside a failing backlog: p50 ms': beside.p50,
      'beside a failing backlog: p95 ms': beside.p95,
      'beside a failing backlog: p99 ms': beside.p99,
      'beside a failing backlog: delivered / sent': `${beside.delivered} / ${beside.sent}`,
    },
    checks,
  );
}
process.exit(process.exitCode ?? 0);
