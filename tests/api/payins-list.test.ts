import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PayinListResponse } from '@/lib/api/payin-list-responses';
import { ALL_PAYIN_OPERATIONS } from '../support/api-client';
import { newIdPayin } from '../support/builders';
import { methodRequest } from '../support/method-requests';
import { expectProblem, fieldsOf } from '../support/problem';
import { politely } from '../support/server-process';
import { manualClock, startTestApi, type TestApi, type TestMerchant } from '../support/test-api';

// GET /payins over real HTTP, on the real database (docs/decisions/024). Payins are created at
// times the test sets (a manual clock), so date boundaries are exact.
const SECOND = 1000;
const T0 = new Date(Math.floor(Date.now() / SECOND) * SECOND);
const clock = manualClock(T0);
let api: TestApi;

beforeAll(async () => {
  api = await startTestApi({}, { clock });
});
afterAll(() => api.close());

const LIST_OPERATIONS = [...ALL_PAYIN_OPERATIONS, 'GET /payins', 'POST /payins/[^/]+/!cancel'];
const at = (seconds: number) => new Date(T0.getTime() + seconds * SECOND);

interface Shop {
  merchant: TestMerchant;
  token: string;
}

async function shop(overrides: { test?: boolean } = {}): Promise<Shop> {
  const merchant = await api.createMerchant(overrides);
  return { merchant, token: await api.client.token(merchant, LIST_OPERATIONS) };
}

/** Creates a payin (at `when`, if given), waiting out the 10 requests per second. */
async function create(
  { token }: Shop,
  options: { method?: string; currency?: string; when?: Date } = {},
): Promise<string> {
  if (options.when) clock.set(options.when);
  const id = newIdPayin();
  const created = await politely(() =>
    api.client.request('POST', `/payins/${id}`, {
      token,
      body: methodRequest(options.method ?? 'OFFLINE', options.currency ?? 'THB'),
    }),
  );
  expect(created.status, created.text).toBe(201);
  return id;
}

function list({ token }: Shop, query: Record<string, string> = {}, raw?: string) {
  const search = raw ?? new URLSearchParams(query).toString();
  return politely(() =>
    api.client.request<PayinListResponse>('GET', `/payins${search ? `?${search}` : ''}`, { token }),
  );
}

/** The idPayins of one page, asserting it is 200. */
async function ids(owner: Shop, query: Record<string, string> = {}): Promise<string[]> {
  const page = await list(owner, query);
  expect(page.status, page.text).toBe(200);
  return page.body.data.map((item) => item.idPayin);
}

describe('listing payins', () => {
  it("gives the merchant's payins newest first, each exactly as GET /payins/{idPayin} reads it, idPayin first", async () => {
    const owner = await shop();
    const first = await create(owner, { method: 'OFFLINE', currency: 'THB' });
    const second = await create(owner, { method: 'QRTH', currency: 'THB' });
    const third = await create(owner, { method: 'OFFLINE', currency: 'VND' });
    await api.client.request('POST', `/sandbox/payins/${second}/!simulate`, {
      token: owner.token,
      body: { status: 'SUCCESS' },
    });

    const page = await list(owner);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('application/json');
    expect(Object.keys(page.body)).toEqual(['data']); // the last page has no nextCursor
    expect(page.body.data.map((item) => item.idPayin)).toEqual([third, second, first]);
    for (const item of page.body.data) {
      const read = await api.client.request('GET', `/payins/${item.idPayin}`, { token: owner.token });
      expect(item).toEqual({ idPayin: item.idPayin, ...read.body });
      expect(Object.keys(item)).toEqual(['idPayin', ...Object.keys(read.body)]);
    }
    expect(page.body.data[1]!.process).toMatchObject({ status: 'SUCCESS' });
  });

  it('is empty, with no nextCursor, for a merchant without payins', async () => {
    const page = await list(await shop());
    expect(page.status).toBe(200);
    expect(page.body).toEqual({ data: [] });
  });

  it('walks every page without duplicates or skips while payins are created concurrently', async () => {
    const owner = await shop();
    const existing: string[] = [];
    for (let i = 0; i < 23; i++) existing.push(await create(owner));

    // Twenty by default, then a cursor.
    const firstDefault = await list(owner);
    expect(firstDefault.body.data).toHaveLength(20);
    expect(firstDefault.body.nextCursor).toEqual(expect.any(String));

    const createdMeanwhile: string[] = [];
    let walking = true;
    const inserter = (async () => {
      while (walking) createdMeanwhile.push(await create(owner));
    })();
    const walked: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    try {
      do {
        const page = await list(owner, { limit: '4', ...(cursor && { cursor }) });
        expect(page.status, page.text).toBe(200);
        expect(page.body.data.length).toBeLessThanOrEqual(4);
        walked.push(...page.body.data.map((item) => item.idPayin));
        cursor = page.body.nextCursor;
        pages++;
        // At least one payin is created between every two page reads.
        createdMeanwhile.push(await create(owner));
      } while (cursor !== undefined);
    } finally {
      walking = false;
      await inserter;
    }

    expect(new Set(walked).size).toBe(walked.length);
    // Everything that existed is there, newest first; of what was created meanwhile, at most what
    // was committed before the first page was read, and only at its top.
    expect(walked.filter((id) => existing.includes(id))).toEqual([...existing].reverse());
    const extra = walked.filter((id) => !existing.includes(id));
    for (const id of extra) expect(createdMeanwhile).toContain(id);
    expect(walked.slice(0, extra.length)).toEqual(extra);
    expect(pages).toBeGreaterThanOrEqual(6);
    // The payins created during the walk are all there for the next walk.
    const all = await list(owner, { limit: '100' });
    expect(all.body.data.map((item) => item.idPayin).sort()).toEqual(
      [...existing, ...createdMeanwhile].sort(),
    );
  });

  it('pages a filtered listing too, and ends on an exactly full page without a cursor', async () => {
    const owner = await shop();
    const thb: string[] = [];
    for (let i = 0; i < 6; i++) {
      thb.push(await create(owner, { currency: 'THB' }));
      await create(owner, { currency: 'VND' });
    }
    const first = await list(owner, { currencyCode: 'THB', limit: '3' });
    expect(first.body.data.map((item) => item.idPayin)).toEqual(thb.slice(3).reverse());
    const second = await list(owner, { currencyCode: 'THB', limit: '3', cursor: first.body.nextCursor! });
    expect(second.body.data.map((item) => item.idPayin)).toEqual(thb.slice(0, 3).reverse());
    // One row more than the page is read: a full last page says it is the last.
    expect(second.body.nextCursor).toBeUndefined();
  });
});

describe('limit', () => {
  it('takes 1 to 100', async () => {
    const owner = await shop();
    const made = [await create(owner), await create(owner)];
    expect(await ids(owner, { limit: '1' })).toEqual([made[1]]);
    expect(await ids(owner, { limit: '100' })).toEqual([...made].reverse());
  });

  it('answers 400 VALIDATION_FAILED naming limit otherwise', async () => {
    const owner = await shop();
    for (const limit of ['0', '101', '1.5', '-1', 'abc', '', '1e2', ' 5', '99999999']) {
      const response = await list(owner, { limit });
      expectProblem(response, 400, 'VALIDATION_FAILED');
      expect(fieldsOf(response), limit).toEqual(['limit']);
    }
    const repeated = await list(owner, {}, 'limit=1&limit=2');
    expectProblem(repeated, 400, 'VALIDATION_FAILED');
    expect(fieldsOf(repeated)).toEqual(['limit']);
  });
});

describe('filters', () => {
  let owner: Shop;
  /** p1 OFFLINE THB PENDING, p2 QRTH THB SUCCESS, p3 OFFLINE VND REFUSED, p4 ONLINE MYR PENDING, p5 OFFLINE THB SUCCESS; created 1 s apart. */
  let p: Record<1 | 2 | 3 | 4 | 5, string>;

  beforeAll(async () => {
    owner = await shop();
    p = {
      1: await create(owner, { method: 'OFFLINE', currency: 'THB', when: at(1) }),
      2: await create(owner, { method: 'QRTH', currency: 'THB', when: at(2) }),
      3: await create(owner, { method: 'OFFLINE', currency: 'VND', when: at(3) }),
      4: await create(owner, { method: 'ONLINE', currency: 'MYR', when: at(4) }),
      5: await create(owner, { method: 'OFFLINE', currency: 'THB', when: at(5) }),
    };
    clock.set(at(10));
    for (const id of [p[2], p[5]]) {
      const simulated = await api.client.request('POST', `/sandbox/payins/${id}/!simulate`, {
        token: owner.token,
        body: { status: 'SUCCESS' },
      });
      expect(simulated.status).toBe(200);
    }
    expect((await api.client.request('POST', `/payins/${p[3]}/!cancel`, { token: owner.token })).status).toBe(
      200,
    );
  });

  const iso = (seconds: number, extraMs = 0) => new Date(at(seconds).getTime() + extraMs).toISOString();

  it('by status, one or several', async () => {
    expect(await ids(owner, { status: 'PENDING' })).toEqual([p[4], p[1]]);
    expect(await ids(owner, { status: 'SUCCESS' })).toEqual([p[5], p[2]]);
    expect(await ids(owner, { status: 'REFUSED' })).toEqual([p[3]]);
    expect(await ids(owner, { status: 'SUCCESS,REFUSED' })).toEqual([p[5], p[3], p[2]]);
    expect(await ids(owner, { status: 'PENDING,SUCCESS,REFUSED' })).toHaveLength(5);
  });

  it('by payment method and by currency, one or several', async () => {
    expect(await ids(owner, { paymentMethodCode: 'OFFLINE' })).toEqual([p[5], p[3], p[1]]);
    expect(await ids(owner, { paymentMethodCode: 'QRTH,ONLINE' })).toEqual([p[4], p[2]]);
    expect(await ids(owner, { paymentMethodCode: 'EWALLET' })).toEqual([]);
    expect(await ids(owner, { currencyCode: 'THB' })).toEqual([p[5], p[2], p[1]]);
    expect(await ids(owner, { currencyCode: 'VND, MYR' })).toEqual([p[4], p[3]]);
    // A repeated parameter is one list.
    const repeated = await list(owner, {}, 'currencyCode=VND&currencyCode=MYR');
    expect(repeated.body.data.map((item) => item.idPayin)).toEqual([p[4], p[3]]);
  });

  it('by creation time: createdFrom inclusive, createdTo exclusive, to the millisecond', async () => {
    expect(await ids(owner, { createdFrom: iso(2) })).toEqual([p[5], p[4], p[3], p[2]]);
    expect(await ids(owner, { createdFrom: iso(2, 1) })).toEqual([p[5], p[4], p[3]]);
    expect(await ids(owner, { createdTo: iso(4) })).toEqual([p[3], p[2], p[1]]);
    expect(await ids(owner, { createdTo: iso(4, 1) })).toEqual([p[4], p[3], p[2], p[1]]);
    expect(await ids(owner, { createdFrom: iso(2), createdTo: iso(4) })).toEqual([p[3], p[2]]);
    expect(await ids(owner, { createdFrom: iso(3), createdTo: iso(3) })).toEqual([]);
  });

  it('reads any offset, with "+" encoded or left as the space it becomes', async () => {
    const bangkok = (seconds: number) => {
      const local = new Date(at(seconds).getTime() + 7 * 3600 * SECOND).toISOString().slice(0, 23);
      return `${local}+07:00`;
    };
    expect(await ids(owner, { createdFrom: bangkok(2), createdTo: bangkok(4) })).toEqual([p[3], p[2]]);
    const raw = `createdFrom=${bangkok(2)}&createdTo=${encodeURIComponent(bangkok(4))}`;
    const unencoded = await list(owner, {}, raw);
    expect(unencoded.status, unencoded.text).toBe(200);
    expect(unencoded.body.data.map((item) => item.idPayin)).toEqual([p[3], p[2]]);
  });

  it('by isTest', async () => {
    expect(await ids(owner, { isTest: 'true' })).toHaveLength(5);
    expect(await ids(owner, { isTest: 'false' })).toEqual([]);
    const live = await shop({ test: false });
    const livePayin = await create(live);
    expect(await ids(live, { isTest: 'false' })).toEqual([livePayin]);
    expect(await ids(live, { isTest: 'true' })).toEqual([]);
  });

  it('all together: every filter must hold', async () => {
    expect(
      await ids(owner, {
        status: 'PENDING,SUCCESS',
        paymentMethodCode: 'OFFLINE',
        currencyCode: 'THB',
        createdFrom: iso(1),
        createdTo: iso(5),
        isTest: 'true',
      }),
    ).toEqual([p[1]]);
    expect(
      await ids(owner, { status: 'SUCCESS', paymentMethodCode: 'OFFLINE,QRTH', createdFrom: iso(2) }),
    ).toEqual([p[5], p[2]]);
    expect(await ids(owner, { status: 'REFUSED', currencyCode: 'THB' })).toEqual([]);
    expect(await ids(owner, { status: 'PENDING', limit: '1' })).toEqual([p[4]]);
  });

  it('refuses what it cannot read: 400 VALIDATION_FAILED naming the parameter', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ status: 'pending' }, 'status'],
      [{ status: 'PENDING,EXPIRED' }, 'status'],
      [{ status: '' }, 'status'],
      [{ status: 'PENDING,' }, 'status'],
      [{ paymentMethodCode: 'CASH' }, 'paymentMethodCode'],
      [{ currencyCode: 'USD' }, 'currencyCode'],
      [{ currencyCode: 'THB,usd' }, 'currencyCode'],
      [{ isTest: 'yes' }, 'isTest'],
      [{ isTest: '' }, 'isTest'],
      [{ createdFrom: '2025-01-01' }, 'createdFrom'],
      [{ createdFrom: '2025-01-01T00:00:00' }, 'createdFrom'],
      [{ createdTo: '2025-02-30T00:00:00Z' }, 'createdTo'],
      [{ createdTo: 'yesterday' }, 'createdTo'],
      [{ createdFrom: iso(4), createdTo: iso(2) }, 'createdFrom'],
    ];
    for (const [query, field] of cases) {
      const response = await list(owner, query);
      expectProblem(response, 400, 'VALIDATION_FAILED');
      expect(fieldsOf(response), JSON.stringify(query)).toEqual([field]);
    }
    const several = await list(owner, { status: 'NEW', currencyCode: 'USD', limit: '0' });
    expect(fieldsOf(several).sort()).toEqual(['currencyCode', 'limit', 'status']);
    // Parameters it does not know are ignored.
    expect(await ids(owner, { sort: 'oldest', status: 'REFUSED' })).toEqual([p[3]]);
  });
});

describe('cursor', () => {
  it('answers 400 VALIDATION_FAILED naming cursor for anything the API did not give', async () => {
    const owner = await shop();
    await create(owner);
    await create(owner);
    const page = await list(owner, { limit: '1' });
    const cursor = page.body.nextCursor!;
    // The id changed by one, with the MAC left as it was.
    const bytes = Buffer.from(cursor, 'base64url');
    const id = /^p1:(\d+)/.exec(bytes.toString('latin1'))![1]!;
    const forged = Buffer.concat([
      Buffer.from(`p1:${BigInt(id) + 1n}`),
      bytes.subarray(bytes.length - 16),
    ]).toString('base64url');
    const flipped = `${cursor.slice(0, 6)}${cursor[6] === 'A' ? 'B' : 'A'}${cursor.slice(7)}`;
    for (const bad of [
      '',
      'abc',
      '!!!!',
      `${cursor}=`,
      `${cursor}x`,
      flipped,
      forged,
      Buffer.from('p1:0').toString('base64url'),
      Buffer.from('{"id":1}').toString('base64url'),
      'x'.repeat(5000),
    ]) {
      const response = await list(owner, { cursor: bad });
      expectProblem(response, 400, 'VALIDATION_FAILED');
      expect(fieldsOf(response), bad.slice(0, 20)).toEqual(['cursor']);
    }
  });
});

describe('who sees what', () => {
  it("never lists another merchant's payins, nor takes that merchant's cursor", async () => {
    const a = await shop();
    const b = await shop();
    const ofA = [await create(a), await create(a), await create(a)];
    const ofB = [await create(b), await create(b)];
    expect(await ids(a)).toEqual([...ofA].reverse());
    expect(await ids(b)).toEqual([...ofB].reverse());
    // A's cursor means nothing to B.
    const cursorOfA = (await list(a, { limit: '1' })).body.nextCursor!;
    const borrowed = await list(b, { cursor: cursorOfA });
    expectProblem(borrowed, 400, 'VALIDATION_FAILED');
    expect(fieldsOf(borrowed)).toEqual(['cursor']);
    expect(await ids(b, { paymentMethodCode: 'OFFLINE', currencyCode: 'THB', limit: '100' })).toEqual(
      [...ofB].reverse(),
    );
  });

  it('needs the GET /payins operation: 403 OPERATION_NOT_PERMITTED without it', async () => {
    const owner = await shop();
    const general = await api.client.token(owner.merchant, ALL_PAYIN_OPERATIONS);
    expectProblem(await list({ ...owner, token: general }), 403, 'OPERATION_NOT_PERMITTED');
    const listOnly = await api.client.token(owner.merchant, ['GET /payins']);
    expect((await list({ ...owner, token: listOnly })).status).toBe(200);
  });

  it('refuses a token confined to one payin (it may be in a browser): 403 PAYMENT_NOT_PERMITTED', async () => {
    const owner = await shop();
    const id = await create(owner);
    const confined = await api.client.token(owner.merchant, ['GET /payins', `GET /payins/${id}`]);
    expectProblem(await list({ ...owner, token: confined }), 403, 'PAYMENT_NOT_PERMITTED');
    const byAction = await api.client.tokenByAction(owner.merchant, 'PAYIN_CREATE', id);
    expectProblem(await list({ ...owner, token: byAction }), 403, 'OPERATION_NOT_PERMITTED');
  });

  it('keeps the API rules: X-API-Version, authentication, 405 for other methods', async () => {
    const owner = await shop();
    expectProblem(
      await api.client.request('GET', '/payins', { token: owner.token, version: null }),
      404,
      'API_VERSION_UNSUPPORTED',
    );
    expectProblem(await api.client.request('GET', '/payins'), 401, 'AUTHENTICATION_REQUIRED');
    const post = await api.client.request('POST', '/payins', { token: owner.token, body: {} });
    expectProblem(post, 405, 'METHOD_NOT_ALLOWED');
    expect(post.headers.get('allow')).toBe('GET, OPTIONS');
  });
});
