import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALLBACKS_DUE_CHANNEL } from '@/server/callbacks';
import { CLAIM_ENDPOINTS, claimDueDeliveries } from '@/server/callbacks/callback.repository';
import { ALL_PAYIN_OPERATIONS } from '../support/api-client';
import { newIdPayin, payinRequest } from '../support/builders';
import { startTestApi, type TestApi } from '../support/test-api';

// Callbacks at volume (docs/decisions/047): a claim is fair by endpoint (one endpoint's backlog
// never fills the claim window), walks every endpoint in turn however many there are, and a new
// delivery's commit is notified to the dispatchers listening, on PostgreSQL and PGlite alike.
let api: TestApi;
let payinId: bigint;
let merchantCode: string;
let sequence = 0;

beforeAll(async () => {
  api = await startTestApi();
  const merchant = await api.createMerchant({});
  merchantCode = merchant.merchantCode;
  const token = await api.client.token(merchant, ALL_PAYIN_OPERATIONS);
  const idPayin = newIdPayin('claims');
  expect(
    (await api.client.request('POST', `/payins/${idPayin}`, { token, body: payinRequest() })).status,
  ).toBe(201);
  const row = await api.runtime.deps.db
    .selectFrom('payins')
    .select('id')
    .where('id_payin', '=', idPayin)
    .executeTakeFirstOrThrow();
  payinId = row.id;
});
afterAll(async () => {
  await api.close();
});

const db = () => api.runtime.deps.db;
const NOW = new Date('2026-11-27T10:00:00Z');

/** `count` due deliveries to `endpoint`, due `minutesAgo` minutes before NOW (older first). */
async function due(endpoint: string, count: number, minutesAgo = 0): Promise<void> {
  const first = ++sequence * 1_000_000;
  await sql`
    insert into callback_deliveries
      (event_id, event_type, merchant_code, payin_id, id_payin, url, endpoint, payload, status,
       next_attempt_at, created_at, updated_at)
    select 'evt_claims_' || n, 'payin.status_changed', ${merchantCode}, ${payinId}, 'claims', ${endpoint} || '/cb',
           ${endpoint}, '{}', 'PENDING', ${NOW}::timestamptz - make_interval(mins => ${minutesAgo}) + (n - ${first}::int) * interval '1 ms',
           ${NOW}, ${NOW}
    from generate_series(${first}::int, ${first + count - 1}::int) as n`.execute(db());
}

async function clear(): Promise<void> {
  await sql`delete from callback_deliveries`.execute(db());
}

const claim = (input: Partial<Parameters<typeof claimDueDeliveries>[1]> = {}) =>
  claimDueDeliveries(db(), {
    now: NOW,
    leaseUntil: new Date(NOW.getTime() + 60_000),
    token: `lease-${++sequence}`,
    limit: 32,
    roomOf: () => 2,
    ...input,
  });

const countBy = (rows: readonly { endpoint: string }[]) =>
  Object.fromEntries(
    [...new Set(rows.map((row) => row.endpoint))].map((endpoint) => [
      endpoint,
      rows.filter((row) => row.endpoint === endpoint).length,
    ]),
  );

describe('claiming due callbacks', () => {
  it("gives a fresh delivery its turn behind another endpoint's old backlog of thousands", async () => {
    await clear();
    await due('http://backlog.example', 5000, 60);
    await due('http://fresh.example', 3, 1);
    const { rows } = await claim();
    expect(countBy(rows)).toEqual({ 'http://backlog.example': 2, 'http://fresh.example': 2 });
    // The backlog's two are its oldest.
    const backlog = rows.filter((row) => row.endpoint === 'http://backlog.example');
    expect(backlog.map((row) => row.event_id)).toEqual(
      [...backlog]
        .sort((a, b) => a.next_attempt_at!.getTime() - b.next_attempt_at!.getTime())
        .map((r) => r.event_id),
    );
    // Leased: a second claim at once takes the next ones, never the same.
    const again = await claim();
    expect(countBy(again.rows)).toEqual({ 'http://backlog.example': 2, 'http://fresh.example': 1 });
    expect(again.rows.some((row) => rows.some((taken) => taken.id === row.id))).toBe(false);
  });

  it("takes each endpoint's room: none where it has none, more where it has more, and the limit overall", async () => {
    await clear();
    await due('http://busy.example', 10, 10);
    await due('http://fast.example', 10, 5);
    await due('http://new.example', 10, 1);
    const rooms = new Map([
      ['http://busy.example', 0],
      ['http://fast.example', 6],
    ]);
    const { rows } = await claim({ roomOf: (endpoint) => rooms.get(endpoint) ?? 2 });
    expect(countBy(rows)).toEqual({ 'http://fast.example': 6, 'http://new.example': 2 });
    const limited = await claim({
      limit: 3,
      roomOf: (endpoint) => (endpoint === 'http://fast.example' ? 6 : 2),
    });
    // The oldest due first: busy's (room 2 by default now), then fast's.
    expect(limited.rows.map((row) => row.endpoint)).toEqual([
      'http://busy.example',
      'http://busy.example',
      'http://fast.example',
    ]);
  });

  it('leaves what is not due yet, or leased to another dispatcher', async () => {
    await clear();
    await due('http://later.example', 3, -5);
    await due('http://leased.example', 2, 3);
    await sql`update callback_deliveries set locked_until = ${new Date(NOW.getTime() + 1000)}, lease_token = 'other'
              where endpoint = 'http://leased.example'`.execute(db());
    expect((await claim()).rows).toEqual([]);
  });

  it('walks every endpoint in turn when there are more than one claim looks at', async () => {
    await clear();
    const count = CLAIM_ENDPOINTS + 50;
    for (let index = 0; index < count; index++)
      await due(`http://shop-${String(index).padStart(4, '0')}.example`, 1, 1);
    const first = await claim({ limit: 1000 });
    expect(first.rows).toHaveLength(CLAIM_ENDPOINTS);
    expect(first.lastEndpoint).toBe(`http://shop-${String(CLAIM_ENDPOINTS - 1).padStart(4, '0')}.example`);
    const second = await claim({ limit: 1000, after: first.lastEndpoint });
    expect(second.rows).toHaveLength(50);
    expect(second.lastEndpoint).toBeUndefined();
    const all = new Set([...first.rows, ...second.rows].map((row) => row.endpoint));
    expect(all.size).toBe(count);
  });
});

describe('wake-ups', () => {
  it('notifies listeners when a delivery is committed, and not when its transaction rolls back', async () => {
    let heard = 0;
    const stop = await api.database.listen(CALLBACKS_DUE_CHANNEL, () => heard++);
    try {
      await db()
        .transaction()
        .execute(async (tx) => {
          await sql`insert into callback_deliveries
            (event_id, event_type, merchant_code, payin_id, id_payin, url, endpoint, payload, status,
             next_attempt_at, created_at, updated_at)
            values ('evt_rolled_back', 'payin.status_changed', ${merchantCode}, ${payinId}, 'claims',
                    'http://x.example/cb', 'http://x.example', '{}', 'PENDING', ${NOW}, ${NOW}, ${NOW})`.execute(
            tx,
          );
          throw new Error('roll back');
        })
        .catch(() => undefined);
      await due('http://committed.example', 2);
      // Notifications arrive asynchronously: wait for the committed one (the test's timeout bounds it).
      while (heard === 0) await new Promise((resolve) => setTimeout(resolve, 10));
      // One statement, one notification; the rolled-back insert sent none.
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(heard).toBe(1);
    } finally {
      await stop();
    }
    // Stopped: no more.
    await due('http://after.example', 1);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(heard).toBe(1);
  });
});
