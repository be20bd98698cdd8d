// Resident memory of one instance (docs/decisions/050): `node dist/server/main.js` as `npm start`
// runs it (the API, Next.js for the hosted pages and console, background workers), on a fresh
// PostgreSQL database, after 50,000 mixed requests (token requests, creates, reads, lists, API
// GETs, RedirectURLs followed to the hosted page), then left alone until its memory is steady.
// Figures from /proc (RSS) and from its own /metrics (heap, external). The same on PGlite (the
// embedded default) for the record: idle, and after a smaller load. BENCH_HEAP_SNAPSHOT=1 writes a
// heap snapshot of the PostgreSQL instance at the end (.cache/bench/memory/*.heapsnapshot);
// BENCH_MEMORY_NODE_FLAGS replaces the instances' heap flags (NODE_FLAGS below).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import { BENCH_ADMIN_URL, freshPostgres, postgresReachable } from './api-runtime.bench-support';
import { report, type Check } from './report';

const REQUESTS = Number(process.env.BENCH_MEMORY_REQUESTS ?? 50_000);
const PGLITE_REQUESTS = Number(process.env.BENCH_MEMORY_PGLITE_REQUESTS ?? 10_000);
const CONCURRENCY = 16;
const MERCHANTS = 100;
const STEADY_MS = 15_000;
const TARGET_MB = 256;
const WORK_DIR = resolve('.cache/bench/memory');
/**
 * The heap flags production instances are given (README, docs/decisions/050): without a limit V8
 * grows the heap to about 0.5 GB under load and keeps it. BENCH_MEMORY_NODE_FLAGS='' measures without.
 */
const NODE_FLAGS = process.env.BENCH_MEMORY_NODE_FLAGS ?? '--max-old-space-size=160 --max-semi-space-size=4';
const OPERATIONS = ['POST /payins/.*', 'GET /payins.*', 'GET /merchant-info', 'GET /currencies'];

const mb = (bytes: number) => bytes / 1024 / 1024;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  await new Promise((done) => server.close(done));
  return port;
}

function residentBytes(pid: number): number {
  const line = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return line ? Number(line[1]) * 1024 : Number.NaN;
}

interface Instance {
  child: ChildProcess;
  base: string;
  merchants: { merchantCode: string; secret: string }[];
  stop: () => Promise<void>;
}

/** `node dist/server/main.js` on its own port, with MERCHANTS sandbox merchants; ready once /api/health/ready answers 200. */
async function startInstance(databaseUrl: string | undefined, name: string): Promise<Instance> {
  const dir = resolve(WORK_DIR, name);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const merchants = Array.from({ length: MERCHANTS }, (_, index) => ({
    merchantCode: `mem${index}`,
    secret: `sk_test_${randomBytes(18).toString('base64url')}`,
    channelName: 'Memory Shop',
    test: true,
  }));
  writeFileSync(`${dir}/merchants.json`, JSON.stringify({ merchants }));
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    MERCHANTS_FILE: `${dir}/merchants.json`,
    DATA_DIR: `${dir}/data`,
    MAX_CONNECTIONS_PER_ADDRESS: '0',
  };
  if (databaseUrl === undefined) delete env.DATABASE_URL;
  else env.DATABASE_URL = databaseUrl;
  const flags = NODE_FLAGS.split(' ').filter(Boolean);
  const child = spawn(
    process.execPath,
    [...flags, '--heapsnapshot-signal=SIGUSR2', resolve('dist/server/main.js')],
    {
      cwd: dir,
      stdio: ['ignore', 'ignore', 'inherit'],
      env,
    },
  );
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`instance (${name}) exited with ${child.exitCode}`);
    const ready = await fetch(`${base}/api/health/ready`).then(
      (response) => response.status === 200,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) throw new Error(`instance (${name}) not ready in 120 s`);
    await new Promise((done) => setTimeout(done, 250));
  }
  return {
    child,
    base,
    merchants,
    stop: async () => {
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

interface Answer {
  status: number;
  headers: Headers;
  text: string;
}

function tokenIn(answer: Answer): { token?: string } {
  try {
    return JSON.parse(answer.text) as { token?: string };
  } catch {
    return {};
  }
}

const json = (body: unknown) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', 'x-api-version': '2' },
  body: JSON.stringify(body),
});

/**
 * `total` requests from CONCURRENCY workers, each taking the next merchant in turn for a cycle: a
 * token request, two creates, three reads, a list, an API GET; every fifth cycle also a payment
 * link (auth-tokens-by-action) followed as a browser does, to the hosted page. Statuses counted.
 */
async function mixedLoad(instance: Instance, total: number): Promise<Record<string, number>> {
  const statuses: Record<string, number> = {};
  let sent = 0;
  let cycle = 0;
  const started = performance.now();
  const count = async (response: Response): Promise<Answer> => {
    const text = await response.text();
    statuses[response.status] = (statuses[response.status] ?? 0) + 1;
    if (++sent % 5000 === 0)
      console.log(`  (${sent} requests in ${((performance.now() - started) / 1000).toFixed(0)} s)`);
    return { status: response.status, headers: response.headers, text };
  };
  const api = (path: string, init: RequestInit = {}) =>
    fetch(`${instance.base}/api${path}`, init).then(count);
  const worker = async () => {
    while (sent < total) {
      const index = cycle++;
      const merchant = instance.merchants[index % instance.merchants.length]!;
      const answer = await fetch(
        `${instance.base}/api/auth-tokens`,
        json({ ...merchant, operations: OPERATIONS }),
      ).then(count);
      const issued = tokenIn(answer);
      if (!issued.token) continue;
      const auth = { authorization: `Bearer ${issued.token}`, 'x-api-version': '2' };
      const ids = [0, 1].map((n) => `mem-${index}-${n}`);
      for (const [n, idPayin] of ids.entries())
        await api(`/payins/${idPayin}`, {
          method: 'POST',
          headers: { ...auth, 'content-type': 'application/json' },
          body: JSON.stringify({
            paymentRequested: {
              money: { amount: 100 + ((index * 2 + n) % 90_000) + 0.5, currencyCode: 'THB' },
            },
            paymentMethod: { paymentMethodCode: 'OFFLINE' },
            callbackUrl: 'https://merchant.example/callbacks',
            returnUrl: 'https://merchant.example/return',
          }),
        });
      for (const idPayin of [...ids, ids[0]!]) await api(`/payins/${idPayin}`, { headers: auth });
      await api('/payins?limit=20', { headers: auth });
      const gets = ['/merchant-info', '/currencies', '/openapi.json'];
      await api(gets[index % gets.length]!, { headers: auth });
      if (index % 5 === 0) await hostedPage(instance, merchant, `mem-page-${index}`, count);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return statuses;
}

/** A payment link for a new order, followed as a browser follows it: to the hosted page, with its cookie. */
async function hostedPage(
  instance: Instance,
  merchant: { merchantCode: string; secret: string },
  idPayin: string,
  count: (response: Response) => Promise<Answer>,
): Promise<void> {
  const money = { amount: 250.5, currencyCode: 'THB' };
  const terms = {
    callbackUrl: 'https://merchant.example/callbacks',
    returnUrl: 'https://merchant.example/return',
  };
  const issued = await fetch(
    `${instance.base}/api/auth-tokens-by-action`,
    json({ ...merchant, action: 'PAYIN_CREATE', idPayment: idPayin, money, terms }),
  ).then(count);
  const { token } = tokenIn(issued);
  if (!token) return;
  const link = new URL(instance.base);
  for (const [name, value] of Object.entries({
    merchantCode: merchant.merchantCode,
    idPayin,
    token,
    amount: '250.50',
    currencyCode: 'THB',
    ...terms,
  }))
    link.searchParams.set(name, value);
  let response = await fetch(link, { redirect: 'manual' }).then(count);
  const cookie = response.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ');
  for (let hops = 0; hops < 3 && response.status >= 300 && response.status < 400; hops++) {
    const location = new URL(response.headers.get('location')!, instance.base);
    response = await fetch(location, { redirect: 'manual', headers: { cookie } }).then(count);
  }
}

async function metricValues(instance: Instance): Promise<Record<string, number>> {
  const text = await fetch(`${instance.base}/metrics`).then((response) => response.text());
  const values: Record<string, number> = {};
  for (const line of text.split('\n')) {
    const match =
      /^payin_(nodejs_heap_size_used_bytes|nodejs_heap_size_total_bytes|nodejs_external_memory_bytes) (\S+)/.exec(
        line,
      );
    if (match) values[match[1]!] = Number(match[2]);
  }
  return values;
}

/** RSS once it stops moving: sampled every second for STEADY_MS, the last sample. */
async function steady(instance: Instance): Promise<{ rss: number; samples: number[] }> {
  const samples: number[] = [];
  for (let waited = 0; waited < STEADY_MS; waited += 1000) {
    await new Promise((done) => setTimeout(done, 1000));
    samples.push(residentBytes(instance.child.pid!));
  }
  return { rss: samples.at(-1)!, samples };
}

async function heapSnapshot(instance: Instance, name: string): Promise<string | undefined> {
  const dir = resolve(WORK_DIR, name);
  const before = new Set(readdirSync(dir));
  instance.child.kill('SIGUSR2');
  for (let waited = 0; waited < 60_000; waited += 500) {
    await new Promise((done) => setTimeout(done, 500));
    const written = readdirSync(dir).find((file) => file.endsWith('.heapsnapshot') && !before.has(file));
    // The file is complete when its size stops changing.
    if (written) {
      const path = `${dir}/${written}`;
      let size = -1;
      while (size !== readFileSync(path).length) {
        size = readFileSync(path).length;
        await new Promise((done) => setTimeout(done, 1000));
      }
      return path;
    }
  }
  return undefined;
}

if (!existsSync('dist/server/main.js') || !existsSync('.next/BUILD_ID')) {
  if (!existsSync('.next/BUILD_ID')) {
    console.log('  No Next.js build (.next): run `npm run build` first; the memory bench is skipped.');
    process.exit(0);
  }
  spawnSync(process.execPath, ['scripts/build-server.mjs'], { stdio: 'inherit' });
}
if (!(await postgresReachable())) {
  console.log(`  PostgreSQL at ${BENCH_ADMIN_URL} is not reachable: the memory bench needs it.`);
  process.exit(0);
}

const results: Record<string, number | string> = { 'node flags of the instances': NODE_FLAGS || '(none)' };
const database = await freshPostgres(BENCH_ADMIN_URL);
const onPostgres = await startInstance(database.url, 'postgres');
results['PostgreSQL: RSS idle after start, MB'] = mb(residentBytes(onPostgres.child.pid!));
const statuses = await mixedLoad(onPostgres, REQUESTS);
results['PostgreSQL: RSS right after the load, MB'] = mb(residentBytes(onPostgres.child.pid!));
const settled = await steady(onPostgres);
const heap = await metricValues(onPostgres);
results['PostgreSQL: steady RSS after the load, MB'] = mb(settled.rss);
results['PostgreSQL: heap used / total, MB'] =
  `${mb(heap.nodejs_heap_size_used_bytes ?? 0).toFixed(1)} / ${mb(heap.nodejs_heap_size_total_bytes ?? 0).toFixed(1)}`;
results['PostgreSQL: external (incl. array buffers), MB'] = mb(heap.nodejs_external_memory_bytes ?? 0);
results['PostgreSQL: statuses of the load'] = JSON.stringify(statuses);
if (process.env.BENCH_HEAP_SNAPSHOT)
  results['PostgreSQL: heap snapshot'] = (await heapSnapshot(onPostgres, 'postgres')) ?? 'not written';
await onPostgres.stop();
await database.drop();

const onPglite = await startInstance(undefined, 'pglite');
await new Promise((done) => setTimeout(done, 5000));
results['PGlite: RSS idle after start, MB'] = mb(residentBytes(onPglite.child.pid!));
const pgliteStatuses = await mixedLoad(onPglite, PGLITE_REQUESTS);
const pgliteSettled = await steady(onPglite);
results[`PGlite: steady RSS after ${PGLITE_REQUESTS} mixed requests, MB`] = mb(pgliteSettled.rss);
results['PGlite: statuses of the load'] = JSON.stringify(pgliteStatuses);
await onPglite.stop();

const steadyMb = mb(settled.rss);
const checks: Check[] = [
  {
    name: `steady RSS on PostgreSQL after ${REQUESTS} mixed requests, MB`,
    value: steadyMb,
    target: `≤ ${TARGET_MB}`,
    pass: steadyMb <= TARGET_MB,
  },
];
report('memory', results, checks);
