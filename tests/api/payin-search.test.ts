import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PayinListResponse } from '@/lib/api/payin-list-responses';
import { ALL_PAYIN_OPERATIONS } from '../support/api-client';
import { newIdPayin } from '../support/builders';
import { methodRequest } from '../support/method-requests';
import { expectProblem, fieldsOf } from '../support/problem';
import { politely } from '../support/server-process';
import { startTestApi, type TestApi } from '../support/test-api';

// GET /payins?q= over real HTTP, on the real database (docs/decisions/046-payin-search.md).
let api: TestApi;

beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const LIST_OPERATIONS = [...ALL_PAYIN_OPERATIONS, 'GET /payins', 'POST /payins/[^/]+/!cancel'];

interface Shop {
  token: string;
}

async function shop(): Promise<Shop> {
  const merchant = await api.createMerchant();
  return { token: await api.client.token(merchant, LIST_OPERATIONS) };
}

interface Created {
  idPayin: string;
  reference: string;
  moneyRequired: number | undefined;
}

/** Creates a payin of a method, currency and amount, with customer data (paymentMethod fields). */
async function create(
  { token }: Shop,
  options: {
    method?: string;
    currency?: string;
    amount?: number;
    customer?: Record<string, unknown>;
    idPayin?: string;
  } = {},
): Promise<Created> {
  const idPayin = options.idPayin ?? newIdPayin('srch');
  const body = methodRequest(options.method ?? 'OFFLINE', options.currency ?? 'THB', options.customer);
  if (options.amount !== undefined) body.paymentRequested.money.amount = options.amount;
  const created = await politely(() =>
    api.client.request<{ paymentMethodResponse: Record<string, unknown> }>('POST', `/payins/${idPayin}`, {
      token,
      body,
    }),
  );
  expect(created.status, created.text).toBe(201);
  const response = created.body.paymentMethodResponse;
  return {
    idPayin,
    reference: response.reference as string,
    moneyRequired: (response.moneyRequired as { amount: number } | undefined)?.amount,
  };
}

async function call({ token }: Shop, method: string, path: string, body?: unknown) {
  const response = await politely(() => api.client.request(method, path, { token, body }));
  expect(response.status, response.text).toBe(200);
  return response.body;
}

function list({ token }: Shop, raw: string) {
  return politely(() => api.client.request<PayinListResponse>('GET', `/payins?${raw}`, { token }));
}

/** The idPayins of one page of a search (and other parameters), asserting it is 200. */
async function search(owner: Shop, q: string, more: Record<string, string> = {}): Promise<string[]> {
  const page = await list(owner, new URLSearchParams({ q, ...more }).toString());
  expect(page.status, `${q}: ${page.text}`).toBe(200);
  return page.body.data.map((item) => item.idPayin);
}

describe('what a search finds', () => {
  let owner: Shop;
  const p = {} as Record<
    'somchai' | 'usdt' | 'malee' | 'yen' | 'underscore' | 'letterX' | 'utr' | 'paid' | 'twin',
    Created
  >;

  beforeAll(async () => {
    owner = await shop();
    p.somchai = await create(owner, {
      amount: 1500.5,
      customer: {
        phoneNumber: '081 234 5678',
        account: { accountName: 'Somchai Jaidee', accountNumber: '123-4-56789-0' },
      },
    });
    p.usdt = await create(owner, { method: 'CRYPTO_OFFLINE', currency: 'USDT', amount: 1500 });
    p.malee = await create(owner, {
      method: 'QRTH',
      amount: 1500,
      customer: { account: { accountName: 'Malee Srisuk', accountNumber: '9876543210' } },
    });
    p.yen = await create(owner, { currency: 'JPY', amount: 1500 });
    p.underscore = await create(owner, { amount: 25, customer: { account: { accountName: 'A_B Trading' } } });
    p.letterX = await create(owner, { amount: 26, customer: { account: { accountName: 'AxB Trading' } } });
    p.utr = await create(owner, { method: 'P2A_V2', currency: 'INR', amount: 2000 });
    await call(owner, 'POST', `/payins/${p.utr.idPayin}/!setExternalReference`, {
      reference: '412345678901',
    });
    // Paid without customer data: the sandbox's payer account is all there is to find it by.
    p.paid = await create(owner, { amount: 42 });
    await call(owner, 'POST', `/sandbox/payins/${p.paid.idPayin}/!simulate`, { status: 'SUCCESS' });
    // A second order of 777.77 THB while the first is open: asked to pay another amount.
    await create(owner, { amount: 777.77 });
    p.twin = await create(owner, { amount: 777.77 });
  });

  it('an idPayin, exactly', async () => {
    expect(await search(owner, p.somchai.idPayin)).toEqual([p.somchai.idPayin]);
    expect(await search(owner, p.somchai.idPayin.slice(0, -1))).toEqual([]);
  });

  it('a reference, as a person writes it back: any case, spaced or dashed, O for 0 and I or L for 1', async () => {
    const reference = p.somchai.reference;
    expect(reference).toMatch(/^[0-9A-Z]{10}$/);
    expect(await search(owner, reference)).toEqual([p.somchai.idPayin]);
    const written = `${reference.slice(0, 5)}-${reference.slice(5)}`
      .toLowerCase()
      .replace(/0/g, 'o')
      .replace(/1/g, 'l');
    expect(await search(owner, written)).toEqual([p.somchai.idPayin]);
  });

  it("the customer's external reference", async () => {
    expect(await search(owner, '412345678901')).toEqual([p.utr.idPayin]);
  });

  it('an exact amount in every currency whose precision holds it, with or without thousands separators', async () => {
    const all1500 = [p.yen.idPayin, p.malee.idPayin, p.usdt.idPayin];
    expect(await search(owner, '1500.50')).toEqual([p.somchai.idPayin]);
    expect(await search(owner, '1,500.50')).toEqual([p.somchai.idPayin]);
    expect(await search(owner, '1500.5')).toEqual([p.somchai.idPayin]);
    // 1500 is THB 1,500.00, JPY 1,500 and USDT 1,500.000000 alike; never THB 1,500.50.
    expect(await search(owner, '1500')).toEqual(all1500);
    expect(await search(owner, '1,500.00')).toEqual(all1500);
    expect(await search(owner, '1500.000000')).toEqual(all1500);
    // Past a currency's precision: no amount of it (USDT takes six decimals, THB two, JPY none).
    expect(await search(owner, '1500.000001')).toEqual([]);
    expect(await search(owner, '15,00')).toEqual([]);
  });

  it('an amount in one currency, by its code beside the number or the currency filter', async () => {
    expect(await search(owner, 'THB 1,500.50')).toEqual([p.somchai.idPayin]);
    expect(await search(owner, 'THB 1500')).toEqual([p.malee.idPayin]);
    expect(await search(owner, '1500 usdt')).toEqual([p.usdt.idPayin]);
    expect(await search(owner, '1500', { currencyCode: 'USDT' })).toEqual([p.usdt.idPayin]);
    expect(await search(owner, '1500', { currencyCode: 'JPY,VND' })).toEqual([p.yen.idPayin]);
    expect(await search(owner, 'XYZ 1500')).toEqual([]);
  });

  it('the amount asked (moneyRequired) as well as the order', async () => {
    const asked = p.twin.moneyRequired!;
    expect(asked).toBeLessThan(777.77);
    expect(await search(owner, asked.toFixed(2))).toEqual([p.twin.idPayin]);
  });

  it("the beginning of the payer's name, without case, white space squeezed", async () => {
    for (const q of ['somchai', 'SOMCHAI JAI', 'Somchai   Jaidee', 'som'])
      expect(await search(owner, q), q).toEqual([p.somchai.idPayin]);
    expect(await search(owner, 'jaidee')).toEqual([]);
    expect(await search(owner, 'malee s')).toEqual([p.malee.idPayin]);
  });

  it('% and _ in a search stand for themselves', async () => {
    expect(await search(owner, 'a_b')).toEqual([p.underscore.idPayin]);
    expect(await search(owner, 'a')).toEqual([p.letterX.idPayin, p.underscore.idPayin]);
    expect(await search(owner, '%')).toEqual([]);
    expect(await search(owner, '_')).toEqual([]);
    expect(await search(owner, 'a%b')).toEqual([]);
  });

  it("the payer's account number, separators ignored", async () => {
    for (const q of ['1234567890', '123-4-56789-0', '123 4 56789 0'])
      expect(await search(owner, q), q).toEqual([p.somchai.idPayin]);
    expect(await search(owner, '123456789')).toEqual([]);
  });

  it("the payer's phone, written nationally or internationally", async () => {
    for (const q of ['0812345678', '081 234 5678', '+66 81 234 5678', '66812345678', '+66812345678'])
      expect(await search(owner, q), q).toEqual([p.somchai.idPayin]);
    expect(await search(owner, '0812345679')).toEqual([]);
  });

  it('the account a payment came from (customerAccountProcess): its name and number', async () => {
    const accounts = (await call(owner, 'GET', `/payins/${p.paid.idPayin}/accounts`)) as {
      customerAccountProcess: { accountName: string; accountNumber: string };
    };
    const { accountName, accountNumber } = accounts.customerAccountProcess;
    expect(accountName).toBe('Sandbox Customer');
    expect(await search(owner, 'sandbox cust')).toEqual([p.paid.idPayin]);
    expect(await search(owner, accountNumber)).toEqual([p.paid.idPayin]);
  });

  it('a text that stands for nothing finds nothing', async () => {
    expect(await search(owner, 'nobody here')).toEqual([]);
    expect(await search(owner, '!!!')).toEqual([]);
  });
});

describe('a search with the other filters', () => {
  let owner: Shop;
  let n: Record<1 | 2 | 3, string>;

  beforeAll(async () => {
    owner = await shop();
    const nattaya = { account: { accountName: 'Nattaya Wongsa', accountNumber: '5550001111' } };
    n = {
      1: (await create(owner, { customer: nattaya })).idPayin,
      2: (await create(owner, { method: 'QRTH', customer: nattaya })).idPayin,
      3: (await create(owner, { customer: nattaya })).idPayin,
    };
    const other = await create(owner, { customer: { account: { accountName: 'Other Person' } } });
    await call(owner, 'POST', `/sandbox/payins/${n[2]}/!simulate`, { status: 'SUCCESS' });
    await call(owner, 'POST', `/sandbox/payins/${other.idPayin}/!simulate`, { status: 'SUCCESS' });
    await call(owner, 'POST', `/payins/${n[3]}/!cancel`);
  });

  it('combines: every filter and the search must hold', async () => {
    expect(await search(owner, 'nattaya')).toEqual([n[3], n[2], n[1]]);
    expect(await search(owner, 'nattaya', { status: 'SUCCESS' })).toEqual([n[2]]);
    expect(await search(owner, 'nattaya', { status: 'PENDING,REFUSED' })).toEqual([n[3], n[1]]);
    expect(await search(owner, 'nattaya', { paymentMethodCode: 'OFFLINE' })).toEqual([n[3], n[1]]);
    expect(await search(owner, 'nattaya', { paymentMethodCode: 'QRTH' })).toEqual([n[2]]);
    expect(await search(owner, '5550001111', { status: 'SUCCESS', paymentMethodCode: 'QRTH' })).toEqual([
      n[2],
    ]);
    expect(await search(owner, 'nattaya', { status: 'SUCCESS', paymentMethodCode: 'OFFLINE' })).toEqual([]);
    expect(await search(owner, 'nattaya', { currencyCode: 'VND' })).toEqual([]);
    expect(await search(owner, 'nattaya', { isTest: 'false' })).toEqual([]);
  });

  it('still refuses a bad filter beside a good search, naming it', async () => {
    const response = await list(owner, 'q=nattaya&status=PAID');
    expectProblem(response, 400, 'VALIDATION_FAILED');
    expect(fieldsOf(response)).toEqual(['status']);
  });
});

describe('paging a search', () => {
  it('walks the matches newest first without repeats or skips, a payin matched twice listed once', async () => {
    const owner = await shop();
    // Name and account number both match "pager42": every payin is found by two readings.
    const pager = { account: { accountName: 'PAGER42 Co', accountNumber: 'PAGER-42' } };
    const matching: string[] = [];
    for (let i = 0; i < 7; i++) {
      matching.push((await create(owner, { customer: pager })).idPayin);
      if (i % 2 === 0) await create(owner, { customer: { account: { accountName: 'Someone Else' } } });
    }
    const walked: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await list(
        owner,
        new URLSearchParams({ q: 'pager42', limit: '3', ...(cursor && { cursor }) }).toString(),
      );
      expect(page.status, page.text).toBe(200);
      expect(page.body.data.length).toBeLessThanOrEqual(3);
      walked.push(...page.body.data.map((item) => item.idPayin));
      cursor = page.body.nextCursor;
      pages++;
      // Created meanwhile: newer than the walk, never on its later pages.
      await create(owner, { customer: pager });
    } while (cursor !== undefined);
    expect(walked).toEqual([...matching].reverse());
    expect(pages).toBe(3);
    // An exactly full last page says it is the last.
    const all = await list(owner, 'q=pager42&limit=10');
    expect(all.body.data).toHaveLength(10);
    expect(all.body.nextCursor).toBeUndefined();
  });
});

describe("another merchant's payins", () => {
  it('are never found, whatever the search names of them', async () => {
    const mine = await shop();
    const theirs = await shop();
    const sharedId = newIdPayin('shared');
    const customer = {
      phoneNumber: '0899999999',
      account: { accountName: 'Shared Name', accountNumber: '1112223334' },
    };
    const theirPayin = await create(theirs, { amount: 4321.25, customer, idPayin: sharedId });
    const theirOther = await create(theirs, { amount: 4321.25, customer });
    const myPayin = await create(mine, { amount: 10, customer, idPayin: sharedId });

    for (const q of [theirOther.idPayin, theirPayin.reference, '4321.25'])
      expect(await search(mine, q), q).toEqual([]);
    for (const q of [sharedId, 'shared name', '1112223334', '0899999999'])
      expect(await search(mine, q), q).toEqual([sharedId]);
    const page = await list(mine, `q=${sharedId}`);
    expect(page.body.data[0]!.paymentMethodResponse.reference).toBe(myPayin.reference);
    expect(await search(theirs, 'shared name')).toEqual([theirOther.idPayin, sharedId]);
    expect(await search(theirs, myPayin.reference)).toEqual([]);
  });
});

describe('a bad search', () => {
  let owner: Shop;
  beforeAll(async () => {
    owner = await shop();
    await create(owner);
  });

  it('answers 400 VALIDATION_FAILED naming q: empty, blank, too long, control characters, given twice', async () => {
    for (const raw of [
      'q=',
      'q=%20%20',
      `q=${'a'.repeat(101)}`,
      'q=abc%00',
      'q=a%07b',
      'q=a%0Ab',
      'q=a%C2%85b',
      'q=a%7Fb',
      'q=a&q=b',
    ]) {
      const response = await list(owner, raw);
      expectProblem(response, 400, 'VALIDATION_FAILED');
      expect(fieldsOf(response), raw).toEqual(['q']);
    }
  });

  it('takes 100 characters, surrounding white space aside', async () => {
    expect(await search(owner, 'a'.repeat(100))).toEqual([]);
    expect(await search(owner, `  ${'a'.repeat(100)}  `)).toEqual([]);
  });
});
