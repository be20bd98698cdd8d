// Exports stream in constant memory (docs/decisions/045): GET /api/exports/payins through the real
// front door, read by a slow client (a pause after every chunk, so the server has to wait for the
// socket), of 10,000 and of 100,000 payins filled by generate_series, on PGlite and on PostgreSQL
// (BENCH_DATABASE_URL, else TEST_DATABASE_URL, else the local `test` database; skipped when none
// answers). Memory is what the process holds (heap and array buffers right after a full
// collection, so garbage not yet collected does not count) above the same before the export,
// sampled every 100 ms. Baseline: the same 100,000-payin file held whole, as an export built in
// memory would hold it. Targets: the streamed export's peak ≤ 0.25 of the held file's, and the
// 100,000 export's peak ≤ 3 × the 10,000 one's (at least 2 MB: a page or two in flight), where
// growing with the rows would make it 10 ×. Also the rows per second of a client reading as fast as
// it can.
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import type { DatabaseHandle } from '@/server/db';
import { BENCH_ADMIN_URL, postgresReachable, startBenchRuntime } from './api-runtime.bench-support';
import { report, type Check } from './report';

const SMALL = 10_000;
const LARGE = 100_000;
/** What a page or two of rows in flight holds: smaller peaks are noise, compared as this. */
const PAGE_MB = 2;

interface Measured {
  rows: number;
  peakMb: number;
  ms: number;
}

const collect = () => (globalThis as { gc?: () => void }).gc?.();
const used = () => {
  const memory = process.memoryUsage();
  return memory.heapUsed + memory.arrayBuffers;
};

/** `count` payins of the merchant a second apart from `start`, inserted by SQL. */
async function fill(database: DatabaseHandle, merchantCode: string, start: string, count: number) {
  await sql`
    insert into payins (merchant_code, id_payin, status, payment_method_code, currency_code, amount_minor,
      fee_minor, vat_minor, is_test, callback_url, return_url, reference, customer, method_response,
      expire_at, created_at, updated_at)
    select ${merchantCode}, ${start} || '-' || g, 'SUCCESS', 'OFFLINE', 'THB', 150050 + g, 3001, 210, true,
      'https://merchant.example/callbacks', 'https://merchant.example/return', ${`${merchantCode}-${start}-`} || g,
      '{"accountName":"SOMCHAI JAIDEE","emailAddress":"somchai@example.com"}'::json, '{}'::json,
      ${start}::timestamptz + (g + 3600) * interval '1 second', ${start}::timestamptz + g * interval '1 second',
      ${start}::timestamptz + g * interval '1 second'
    from generate_series(0, ${count - 1}) as g`.execute(database.db);
}

/**
 * One export read to the end: streamed (a pause after each chunk, nothing kept) or held whole (the
 * baseline), with the most memory held meanwhile above what was held before.
 */
async function measure(url: string, token: string, mode: 'stream' | 'hold' | 'time'): Promise<Measured> {
  collect();
  await sleep(50);
  collect();
  const base = used();
  let peak = base;
  const sample = () => {
    collect();
    peak = Math.max(peak, used());
  };
  // Timed alone: collections every 100 ms would slow what they measure.
  const sampler = mode === 'time' ? undefined : setInterval(sample, 100);
  const started = performance.now();
  const response = await fetch(url, { headers: { 'x-api-version': '2', authorization: `Bearer ${token}` } });
  if (response.status !== 200)
    throw new Error(`export answered ${response.status}: ${await response.text()}`);
  let rows = 0;
  if (mode !== 'hold') {
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      for (const byte of chunk) if (byte === 10) rows++;
      if (mode === 'stream') await sleep(1);
    }
  } else {
    const text = await response.text();
    for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) rows++;
    sample();
  }
  const ms = performance.now() - started;
  clearInterval(sampler);
  if (mode !== 'time') sample();
  return { rows, peakMb: (peak - base) / 1e6, ms };
}

async function run(kind: 'pglite' | 'postgres'): Promise<Record<string, Measured>> {
  const bench = await startBenchRuntime({ database: kind, adminUrl: BENCH_ADMIN_URL });
  try {
    const [merchant] = await bench.provision([
      {
        merchantCode: 'bench_exports',
        secret: `sk_test_${randomBytes(18).toString('base64url')}`,
        channelName: 'Bench Shop',
        test: true,
        timeZone: 'Asia/Bangkok',
      },
    ]);
    await fill(bench.database, merchant!.code, '2026-04-01 00:00:00+07', SMALL);
    await fill(bench.database, merchant!.code, '2026-05-01 00:00:00+07', LARGE);
    const token = await bench.runtime.deps.tokens.issue({
      merchantCode: merchant!.code,
      operations: ['GET /exports/.*'],
      validitySecs: 3600,
    });
    const base = `http://127.0.0.1:${bench.port}/api/exports/payins`;
    const small = `${base}?from=2026-04-01&to=2026-04-01`;
    const large = `${base}?from=2026-05-01&to=2026-05-02`;
    // Warm-up: code compiled, pools open, and PGlite's memory grown to what a large read needs once.
    await measure(large, token, 'time');
    return {
      small: await measure(small, token, 'stream'),
      large: await measure(large, token, 'stream'),
      held: await measure(large, token, 'hold'),
      timed: await measure(large, token, 'time'),
    };
  } finally {
    await bench.close();
  }
}

const results: Record<string, number | string> = {};
const checks: Check[] = [];
const kinds: ('pglite' | 'postgres')[] = ['pglite'];
if (await postgresReachable()) kinds.push('postgres');
else results['PostgreSQL'] = `not reachable at ${new URL(BENCH_ADMIN_URL).host}: skipped`;
for (const kind of kinds) {
  const { small, large, held, timed } = await run(kind);
  for (const [name, measured] of Object.entries({ small, large, held, timed }))
    if (measured!.rows !== (name === 'small' ? SMALL : LARGE) + 1)
      throw new Error(`${kind}: the ${name} export has ${measured!.rows} lines`);
  results[`${kind}: 10,000 payins streamed, peak MB`] = small!.peakMb;
  results[`${kind}: 100,000 payins streamed, peak MB`] = large!.peakMb;
  results[`${kind}: 100,000 payins held whole (baseline), peak MB`] = held!.peakMb;
  results[`${kind}: 100,000 payins streamed to a fast client, rows/s`] = (LARGE / timed!.ms) * 1000;
  checks.push(
    {
      name: `${kind}: streamed 100,000 / held whole, peak memory`,
      value: large!.peakMb / held!.peakMb,
      target: '≤ 0.25',
      pass: large!.peakMb <= 0.25 * held!.peakMb,
    },
    {
      name: `${kind}: streamed 100,000 / streamed 10,000, peak memory`,
      value: large!.peakMb / Math.max(small!.peakMb, PAGE_MB),
      target: '≤ 3 (×10 if it grew with the rows)',
      pass: large!.peakMb <= 3 * Math.max(small!.peakMb, PAGE_MB),
    },
  );
}
report('exports', results, checks);
