// GET /payins?q= at a million payins (docs/decisions/046-payin-search.md): a fresh PostgreSQL
// database filled by generate_series (600,000 payins of one merchant, 400,000 of four others), the
// real runtime's PayinService.list, first pages of 20. Each kind of search is timed against the plain
// list of the same merchant in the same run (the baseline), then again without migration 0022's
// indexes, and every search's plan is checked for a sequential scan of payins. BENCH_SEARCH_PLANS=1
// prints each search's EXPLAIN ANALYZE; BENCH_SEARCH_PAYINS sets the size; BENCH_SEARCH_KEEP=1 stops
// once the database is filled and keeps it (its URL is printed) for EXPLAIN by hand.
import { randomBytes } from 'node:crypto';
import { createQueryId, type Kysely, type RootOperationNode } from 'kysely';
import pg from 'pg';
import { loadConfig } from '@/server/config';
import type { Database } from '@/server/db';
import { openPostgres } from '@/server/db';
import * as payinSearchMigration from '@/server/db/migrations/0022-payin-search';
import * as requiredAmountSearchMigration from '@/server/db/migrations/0029-required-amount-search-partial';
import { createLogger } from '@/server/logger';
import { provisionMerchants } from '@/server/merchants';
import type { PayinListFilter } from '@/server/payins';
import { createRuntime } from '@/server/runtime';
import { BENCH_ADMIN_URL as ADMIN_URL, postgresReachable } from './api-runtime.bench-support';
import { report, type Check } from './report';

const PAYINS = Number(process.env.BENCH_SEARCH_PAYINS ?? 1_000_000);
const RUNS = 25;
const UNINDEXED_RUNS = 3;
const SEARCH_INDEXES = [
  'payins_search_external_reference',
  'payins_search_amount',
  'payins_search_required_amount',
  'payins_search_payer_name',
  'payins_search_paid_by_name',
  'payins_search_payer_account',
  'payins_search_paid_from_account',
  'payins_search_payer_phone',
];

async function adminQuery(text: string): Promise<void> {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}

/**
 * Payin g of the series: 60 % are bench_big's, the rest spread over four merchants; 1 % PENDING, 14 %
 * REFUSED; references and idPayins unique; names from 20 first names × 25 surnames (each full name
 * about 1 in 500, "Somchai" 1 in 20), ten payins of one rare name; 70 % with a name, 40 % with an
 * account number and a phone; 5 % of all payins are THB 100.00 (a popular price), the rest spread over
 * 2,000 amounts per currency.
 */
const FILL = `
  insert into payins (
    merchant_code, id_payin, status, processor_status, payment_method_code, currency_code,
    amount_minor, required_amount_minor, fee_minor, is_test, callback_url, return_url, reference,
    customer, method_response, external_reference, customer_account_process, expire_at, created_at,
    processed_at, updated_at)
  select
    case when h.merchant < 6 then 'bench_big' else 'bench_m' || (h.merchant - 5) end,
    'order-' || g,
    s.status,
    case s.status when 'SUCCESS' then 'APPROVED' when 'REFUSED' then 'EXPIRED' end,
    c.method, c.currency, c.amount,
    case when c.method = 'OFFLINE' and s.status <> 'PENDING' then c.amount end,
    c.amount / 50, true, 'https://merchant.example/callbacks', 'https://merchant.example/return',
    lpad(upper(to_hex(g)), 10, '0'),
    (case
      when h.data < 4 then json_build_object('accountName', n.name, 'phoneNumber', n.phone,
        'accountNumber', case when g % 2 = 0 then n.account
          else substr(n.account, 1, 3) || '-' || substr(n.account, 4, 1) || '-' || substr(n.account, 5, 5) || '-' || substr(n.account, 10) end)
      when h.data < 7 then json_build_object('accountName', n.name)
      else json_build_object() end)::json,
    '{}'::json,
    case when c.method = 'P2A_V2' and s.status = 'SUCCESS' then (400000000000 + g)::text end,
    case when s.status = 'SUCCESS' then jsonb_build_object(
      'accountName', case when h.data < 7 then n.name else 'Sandbox Customer' end,
      'accountNumber', lpad((g * 104729 % 10000000000)::text, 10, '0'),
      'accountType', 'BANK_ACCOUNT') end,
    t.at + interval '1 day', t.at,
    case when s.status <> 'PENDING' then t.at + interval '5 minutes' end,
    t.at
  from generate_series($1::bigint, $2::bigint) g
  -- Independent draws per payin: merchant, status, which customer data, which name.
  cross join lateral (select abs(hashint8(g)) % 10 as merchant, abs(hashint8(-g)) % 100 as status,
    abs(hashint8(g + 7777777)) % 10 as data, abs(hashint8(g + 3333333)) % 500 as name) h
  cross join lateral (select case when h.status = 0 then 'PENDING' when h.status < 15 then 'REFUSED'
    else 'SUCCESS' end as status) s
  cross join lateral (select now() - ((${PAYINS} - g) * interval '1 second') as at) t
  cross join lateral (select
    case when g % 20 = 0 then 'QRTH' when g % 10 < 8 then 'OFFLINE' when g % 10 = 8 then 'P2A_V2'
      else 'CRYPTO_OFFLINE' end as method,
    case when g % 10 < 6 then 'THB' when g % 10 < 8 then 'VND' when g % 10 = 8 then 'INR' else 'USDT' end
      as currency,
    case when g % 20 = 0 then 10000::bigint
      when g % 10 < 6 then ((g / 10) % 2000 + 1) * 50
      when g % 10 < 8 then ((g / 10) % 2000 + 1) * 1000
      when g % 10 = 8 then ((g / 10) % 2000 + 1) * 100
      else ((g / 10) % 2000 + 1) * 1000000 end as amount) c
  cross join lateral (select
    case when g % 100000 = 3 then 'Zanzibar Quokka' else
      (array['Somchai','Malee','Nattaya','Kanya','Somsak','Prasert','Wichai','Suda','Anong','Boonmee',
        'Chaiya','Darunee','Ekachai','Fah','Ganya','Hathai','Isara','Jintana','Kittisak','Lamai'])[1 + h.name % 20]
      || ' ' ||
      (array['Jaidee','Srisuk','Wongsa','Thongdee','Saetang','Rattana','Chaiyaporn','Boonsri','Kaewmanee',
        'Phromma','Sombat','Intharat','Suwan','Yodying','Namwong','Panyadee','Ruangrit','Siriwan',
        'Thammasat','Wattana','Chanthara','Kongkaew','Pimsri','Rakdee','Meesuk'])[1 + h.name / 20]
    end as name,
    '+668' || lpad((g % 100000000)::text, 8, '0') as phone,
    lpad((g * 7919 % 10000000000)::text, 10, '0') as account) n`;

/** The queries run while `recording`, to EXPLAIN the list's (background work shares the pool). */
let recording = false;
const recorded: RootOperationNode[] = [];

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

function p90(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.9))]!;
}

if (!(await postgresReachable(ADMIN_URL))) {
  console.log(
    `  PostgreSQL at ${ADMIN_URL} is not reachable: the search bench is skipped (set BENCH_DATABASE_URL).`,
  );
  process.exit(0);
}

const name = `payin_search_bench_${randomBytes(5).toString('hex')}`;
await adminQuery(`create database ${name}`);
const url = new URL(ADMIN_URL);
url.pathname = `/${name}`;
const client = new pg.Client({ connectionString: url.toString() });
try {
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    BACKGROUND_WORKERS: 'false',
    DATABASE_URL: url.toString(),
  });
  const handle = openPostgres(url.toString(), config.DATABASE_POOL_SIZE);
  const capturing: Kysely<Database> = handle.db.withPlugin({
    transformQuery: ({ node }) => {
      if (recording) recorded.push(node);
      return node;
    },
    transformResult: ({ result }) => Promise.resolve(result),
  });
  const runtime = await createRuntime(config, {
    logger: createLogger('silent'),
    database: { ...handle, db: capturing },
  });
  await client.connect();
  const pepper = await client.query<{ value: string }>(
    `select value from server_secrets where name = 'secret-pepper'`,
  );
  const merchants = await provisionMerchants(
    handle.db,
    Buffer.from(pepper.rows[0]!.value, 'base64url'),
    ['bench_big', ...Array.from({ length: 4 }, (_, i) => `bench_m${i + 1}`)].map((merchantCode) => ({
      merchantCode,
      secret: `sk_test_${randomBytes(18).toString('base64url')}`,
      channelName: 'Bench Shop',
      test: true,
    })),
  );
  const big = merchants[0]!;

  // Filled without the search indexes, which are then built as migrations 0022 and 0029 build them.
  for (const index of SEARCH_INDEXES) await client.query(`drop index ${index}`);
  let started = performance.now();
  const CHUNK = 100_000;
  for (let from = 1; from <= PAYINS; from += CHUNK)
    await client.query(FILL, [from, Math.min(PAYINS, from + CHUNK - 1)]);
  const fillSecs = (performance.now() - started) / 1000;
  started = performance.now();
  await payinSearchMigration.up(handle.db as Kysely<unknown>);
  await requiredAmountSearchMigration.up(handle.db as Kysely<unknown>);
  const indexSecs = (performance.now() - started) / 1000;
  await client.query('analyze payins');
  const sizes = await client.query<{ bytes: string }>(
    `select coalesce(sum(pg_relation_size(indexrelid)), 0)::text as bytes from pg_index
     where indexrelid::regclass::text = any($1)`,
    [SEARCH_INDEXES],
  );
  console.log(
    `  (${PAYINS} payins in ${fillSecs.toFixed(1)} s; search indexes built in ${indexSecs.toFixed(1)} s, ` +
      `${(Number(sizes.rows[0]!.bytes) / 2 ** 20).toFixed(0)} MB)`,
  );
  if (process.env.BENCH_SEARCH_KEEP) {
    console.log(`  (kept: ${url.toString()})`);
    await runtime.close();
    await client.end();
    process.exit(0);
  }

  // An old paid payin of bench_big with customer data, to look up by each of its fields.
  const sample = await client.query<{
    id_payin: string;
    reference: string;
    account: string;
    phone: string;
    paid_from: string;
  }>(
    `select id_payin, reference, customer ->> 'accountNumber' as account, customer ->> 'phoneNumber' as phone,
       customer_account_process ->> 'accountNumber' as paid_from
     from payins where merchant_code = 'bench_big' and status = 'SUCCESS' and reference ~ '[A-F]'
       and customer ->> 'accountNumber' is not null order by id limit 1 offset 1000`,
  );
  const utr = await client.query<{ external_reference: string }>(
    `select external_reference from payins where merchant_code = 'bench_big' and external_reference is not null
     order by id limit 1`,
  );
  const row = sample.rows[0]!;
  const phone = row.phone.replace(/^\+66/, '0');

  /** The names a search's first page must hold, read the slow way (every payin of bench_big tested). */
  const byNameTheSlowWay = (prefix: string) =>
    `select id_payin from payins where merchant_code = 'bench_big' and (
       lower(customer ->> 'accountName') like '${prefix}%' or lower(customer_account_process ->> 'accountName') like '${prefix}%')
     order by id desc limit 20`;
  type Case = {
    label: string;
    filter: PayinListFilter;
    expectIndex?: string;
    unindexed?: boolean;
    truth?: string;
  };
  const cases: Case[] = [
    { label: 'plain list (baseline)', filter: {} },
    { label: 'idPayin', filter: { search: row.id_payin }, expectIndex: 'payins_merchant_order_unique' },
    {
      label: 'reference (lower case)',
      filter: { search: row.reference.toLowerCase() },
      expectIndex: 'payins_reference_unique',
    },
    {
      label: 'external reference (UTR)',
      filter: { search: utr.rows[0]!.external_reference },
      expectIndex: 'payins_search_external_reference',
      unindexed: true,
    },
    {
      label: 'amount, ~200 matches (500.00)',
      filter: { search: '500.00' },
      expectIndex: 'payins_search_amount',
      unindexed: true,
    },
    {
      label: 'amount, ~30,000 matches (100.00)',
      filter: { search: '100.00' },
      expectIndex: 'payins_search_amount',
    },
    {
      label: 'name prefix, ~30,000 matches (somchai)',
      filter: { search: 'somchai' },
      truth: byNameTheSlowWay('somchai'),
    },
    {
      label: 'full name, ~1,200 matches',
      filter: { search: 'Somchai Jaidee' },
      expectIndex: 'payins_search_payer_name',
      truth: byNameTheSlowWay('somchai jaidee'),
    },
    {
      label: 'rare name, a handful of matches',
      filter: { search: 'zanzibar' },
      expectIndex: 'payins_search_payer_name',
      unindexed: true,
      truth: byNameTheSlowWay('zanzibar'),
    },
    {
      label: 'name matching nothing',
      filter: { search: 'xylophone' },
      expectIndex: 'payins_search_payer_name',
      unindexed: true,
    },
    {
      label: 'account number (dashed)',
      filter: { search: `${row.account.slice(0, 3)}-${row.account.slice(3)}` },
      expectIndex: 'payins_search_payer_account',
      unindexed: true,
    },
    {
      label: 'account paid from',
      filter: { search: row.paid_from },
      expectIndex: 'payins_search_paid_from_account',
    },
    {
      label: 'phone, national form',
      filter: { search: phone },
      expectIndex: 'payins_search_payer_phone',
      unindexed: true,
    },
    {
      label: 'name prefix + status REFUSED',
      filter: { search: 'somchai', statuses: ['REFUSED'] },
    },
    {
      label: 'name prefix + status PENDING',
      filter: { search: 'somchai', statuses: ['PENDING'] },
    },
    {
      label: 'rare name + status SUCCESS',
      filter: { search: 'zanzibar', statuses: ['SUCCESS'] },
    },
  ];

  const list = (filter: PayinListFilter, cursor?: string) =>
    runtime.deps.payins.list(big, { limit: 20, filter, ...(cursor && { cursor }) });

  async function time(filter: PayinListFilter, runs: number, cursor?: string): Promise<number[]> {
    const times: number[] = [];
    for (let run = -2; run < runs; run++) {
      const begun = performance.now();
      await list(filter, cursor);
      if (run >= 0) times.push(performance.now() - begun);
    }
    return times;
  }

  /** The plan of the list's query, as EXPLAIN gives it; and what the list found. */
  async function planOf(filter: PayinListFilter) {
    recorded.length = 0;
    recording = true;
    const found = await list(filter);
    recording = false;
    const executor = handle.db.getExecutor();
    const compiled = recorded
      .map((node) => executor.compileQuery(node, createQueryId()))
      .findLast((query) => /\bfrom "?payins"?\b/.test(query.sql));
    if (!compiled) throw new Error('the list ran no query of payins');
    const plan = await client.query<{ 'QUERY PLAN': unknown }>(`explain (format json) ${compiled.sql}`, [
      ...compiled.parameters,
    ]);
    if (process.env.BENCH_SEARCH_PLANS) {
      const analyzed = await client.query<{ 'QUERY PLAN': string }>(
        `explain (analyze, buffers) ${compiled.sql}`,
        [...compiled.parameters],
      );
      console.log(analyzed.rows.map((line) => `    ${line['QUERY PLAN']}`).join('\n'));
    }
    return { found, plan: JSON.stringify(plan.rows[0]!['QUERY PLAN']) };
  }

  const results: Record<string, number | string> = {
    'payins (all merchants)': PAYINS,
    'filling them, s': fillSecs,
    'building the 8 search indexes, s': indexSecs,
    'search indexes, MB': Number(sizes.rows[0]!.bytes) / 2 ** 20,
  };
  const checks: Check[] = [];
  const medians = new Map<string, number>();
  for (const testCase of cases) {
    if (process.env.BENCH_SEARCH_PLANS) console.log(`  ${testCase.label}:`);
    const { found, plan } = await planOf(testCase.filter);
    const times = await time(testCase.filter, RUNS);
    medians.set(testCase.label, median(times));
    results[`${testCase.label}: median ms`] = median(times);
    results[`${testCase.label}: p90 ms`] = p90(times);
    results[`${testCase.label}: found`] = `${found.payins.length}${found.nextCursor ? '+' : ''}`;
    if (testCase.truth) {
      const truth = (await client.query<{ id_payin: string }>(testCase.truth)).rows.map(
        (one) => one.id_payin,
      );
      const same = JSON.stringify(found.payins.map((payin) => payin.idPayin)) === JSON.stringify(truth);
      checks.push({
        name: `${testCase.label}: the page a scan of every payin gives`,
        value: same ? 1 : 0,
        target: '= 1',
        pass: same,
      });
    }
    if (testCase.filter.search !== undefined) {
      checks.push({
        name: `${testCase.label}: no sequential scan of payins`,
        value: plan.includes('"Seq Scan"') ? 0 : 1,
        target: '= 1',
        pass: !plan.includes('"Seq Scan"'),
      });
      if (testCase.expectIndex)
        checks.push({
          name: `${testCase.label}: walks ${testCase.expectIndex}`,
          value: plan.includes(`"${testCase.expectIndex}"`) ? 1 : 0,
          target: '= 1',
          pass: plan.includes(`"${testCase.expectIndex}"`),
        });
    }
  }

  // The next page of the broadest search: keyset paging keeps it as cheap as the first.
  const firstPage = await list({ search: 'somchai' });
  const secondPage = await time({ search: 'somchai' }, RUNS, firstPage.nextCursor);
  results['name prefix (somchai), page 2: median ms'] = median(secondPage);

  const baseline = medians.get('plain list (baseline)')!;
  const slowest = Math.max(
    ...[...medians].filter(([label]) => label !== 'plain list (baseline)').map(([, ms]) => ms),
  );
  results['slowest search median / plain list median'] = slowest / baseline;
  checks.push({
    name: 'slowest search vs the plain list, medians',
    value: slowest / baseline,
    target: '≤ 25',
    pass: slowest / baseline <= 25,
  });

  // The same searches without the search indexes: what 0022 buys.
  for (const index of SEARCH_INDEXES) await client.query(`drop index ${index}`);
  for (const testCase of cases.filter((candidate) => candidate.unindexed)) {
    const times = await time(testCase.filter, UNINDEXED_RUNS);
    results[`without 0022: ${testCase.label}: median ms`] = median(times);
    const speedup = median(times) / medians.get(testCase.label)!;
    checks.push({
      name: `${testCase.label}: unindexed / indexed`,
      value: speedup,
      target: '≥ 10',
      pass: speedup >= 10,
    });
  }

  await runtime.close();
  report('payin-search', results, checks);
} finally {
  await client.end().catch(() => undefined);
  await adminQuery(`drop database if exists ${name} with (force)`);
}
