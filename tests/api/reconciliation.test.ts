import { randomBytes } from 'node:crypto';
import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CollectionIngestResource, CollectionTransactionResource } from '@/lib/api/collection-responses';
import type { BalancesResource, BalanceTransactionsResource } from '@/lib/api/payout-responses';
import { checkLedgerInvariants } from '@/server/audit';
import type { MerchantEntry } from '@/server/merchants';
import { thaiIdCheckDigit } from '@/server/rails';
import { ALL_PAYIN_OPERATIONS, ApiClient, PacedApiClient } from '../support/api-client';
import { newIdPayin, payinRequest } from '../support/builders';
import { expectProblem, fieldsOf } from '../support/problem';
import { scrapeMetrics } from '../support/prometheus';
import { manualClock, startTestApi, type TestApi, type TestMerchant } from '../support/test-api';

// Reconciliation over real HTTP on the real database (docs/decisions/028): a live merchant's
// PromptPay and VietQR collection accounts, bank-feed deliveries and statements, every matching
// outcome, the review queue, and the books after each.
const OPERATIONS = [
  ...ALL_PAYIN_OPERATIONS,
  'GET /collection/.*',
  'POST /collection/.*',
  'GET /balances',
  'GET /balance-transactions',
];

const clock = manualClock();
let api: TestApi;
let client: PacedApiClient;

beforeAll(async () => {
  api = await startTestApi({}, { clock });
  client = new PacedApiClient(api.baseUrl);
});
afterAll(async () => {
  expect(await checkLedgerInvariants(api.runtime.deps.db)).toEqual([]);
  await api.close();
});

const first12 = '010556100001';
const PROMPTPAY_ID = first12 + thaiIdCheckDigit(first12);

interface Shop {
  merchant: TestMerchant;
  feedKey: string;
  vndFeedKey: string;
  webhookSecret: string;
  token(): Promise<string>;
}

/** A live merchant collecting THB by PromptPay and VND by VietQR, each account with its own feed. */
async function liveShop(overrides: Partial<MerchantEntry> = {}): Promise<Shop> {
  const feedKey = `feed_${randomBytes(24).toString('base64url')}`;
  const vndFeedKey = `feed_${randomBytes(24).toString('base64url')}`;
  const webhookSecret = `whsec_${randomBytes(32).toString('base64')}`;
  const merchant = await api.createMerchant({
    test: false,
    paymentMethods: ['QRTH', 'QRVN', 'OFFLINE', 'ONLINE'],
    fees: { default: { percent: 2 } },
    collectionAccounts: [
      {
        id: 'kbank-promptpay',
        type: 'PROMPTPAY',
        promptPayId: PROMPTPAY_ID,
        accountName: 'Bangkok Books Co., Ltd.',
        feed: { apiKey: feedKey, webhookSecret },
      },
      {
        id: 'vcb-vietqr',
        type: 'VIETQR',
        bin: '970436',
        accountNumber: '0071001234567',
        accountName: 'CONG TY SACH HA NOI',
        feed: { apiKey: vndFeedKey },
      },
    ],
    ...overrides,
  } as Partial<MerchantEntry>);
  return { merchant, feedKey, vndFeedKey, webhookSecret, token: () => client.token(merchant, OPERATIONS) };
}

interface Created {
  id: string;
  reference: string;
  /** moneyRequired.amount: what the customer is asked to pay. */
  toPay: number;
  expireAt: string;
}

async function qrth(shop: Shop, amount = 500): Promise<Created> {
  const id = newIdPayin('live');
  const created = await client.request<{
    paymentMethodResponse: { reference: string; moneyRequired: { amount: number }; expireAt: string };
  }>('POST', `/payins/${id}`, {
    token: await shop.token(),
    body: payinRequest({
      paymentRequested: { money: { amount, currencyCode: 'THB' } },
      paymentMethod: {
        paymentMethodCode: 'QRTH',
        account: { accountName: 'Somchai Jaidee', accountNumber: '1234567890' },
      },
    }),
  });
  expect(created.status, created.text).toBe(201);
  const response = created.body.paymentMethodResponse;
  return {
    id,
    reference: response.reference,
    toPay: response.moneyRequired.amount,
    expireAt: response.expireAt,
  };
}

let bankSequence = 0;
function bankId(): string {
  return `FT${Date.now()}${++bankSequence}${randomBytes(2).toString('hex')}`;
}

function credit(amount: number | string, note: string, id = bankId()) {
  return {
    id,
    amount: typeof amount === 'number' ? amount.toFixed(2) : amount,
    currency: 'THB',
    bookedAt: clock().toISOString(),
    note,
    payer: { name: 'SOMCHAI JAIDEE', accountNumber: 'xxx-x-x1234-x', bank: 'SCB' },
  };
}

async function deliver(key: string, body: unknown) {
  return client.request<CollectionIngestResource>('POST', '/collection/transactions', {
    version: null,
    headers: { authorization: `Apikey ${key}` },
    body,
  });
}

async function feed(shop: Shop, ...transactions: ReturnType<typeof credit>[]) {
  const response = await deliver(shop.feedKey, { transactions });
  expect(response.status, response.text).toBe(200);
  return response.body.transactions.map((entry) => entry.transaction);
}

async function payin(shop: Shop, id: string) {
  const read = await client.request<{
    process: {
      status: string;
      processorStatus?: string;
      moneyReceived?: { amount: number };
      moneyReceivedLate?: { amount: number };
    };
  }>('GET', `/payins/${id}`, { token: await shop.token() });
  expect(read.status, read.text).toBe(200);
  return read.body.process;
}

async function thb(shop: Shop) {
  const response = await client.request<BalancesResource>('GET', '/balances?currencies=THB', {
    token: await shop.token(),
  });
  const [balance] = response.body.data;
  return {
    available: balance!.available.amount,
    unapplied: (balance as { unapplied?: { amount: number } }).unapplied?.amount,
  };
}

/** Of the THB unapplied money, what waits in the review queue (GET /balances forReview). */
async function forReview(shop: Shop): Promise<number | undefined> {
  const response = await client.request<{ data: { forReview?: { amount: number } }[] }>(
    'GET',
    '/balances?currencies=THB',
    { token: await shop.token() },
  );
  return response.body.data[0]?.forReview?.amount;
}

async function review(shop: Shop): Promise<CollectionTransactionResource[]> {
  const response = await client.request<{ data: CollectionTransactionResource[] }>(
    'GET',
    '/collection/transactions?review=true',
    { token: await shop.token() },
  );
  expect(response.status, response.text).toBe(200);
  return response.body.data;
}

describe('matching an incoming transaction', () => {
  it('exact by the reference in the note: SUCCESS, credited from the money received, announced', async () => {
    const shop = await liveShop();
    const created = await qrth(shop, 500);
    const [transaction] = await feed(shop, credit(created.toPay, `PROMPTPAY ${created.reference}`));
    expect(transaction).toMatchObject({
      outcome: 'APPLIED',
      matchedBy: 'REFERENCE',
      idPayin: created.id,
      needsReview: false,
      unapplied: { amount: 0 },
      source: 'FEED',
    });
    expect(await payin(shop, created.id)).toMatchObject({ status: 'SUCCESS', processorStatus: 'APPROVED' });
    // 2 % fee on 500.00: 490.00 is the merchant's; nothing is left unapplied.
    expect(await thb(shop)).toEqual({ available: 490, unapplied: 0 });
    const ledger = await client.request<BalanceTransactionsResource>(
      'GET',
      `/balance-transactions?idPayin=${created.id}`,
      { token: await shop.token() },
    );
    expect(ledger.body.data.map((transfer) => transfer.type)).toEqual(['PAYIN_SETTLEMENT', 'PAYIN_CREDIT']);
    const callbacks = await client.request<{ data: unknown[] }>('GET', `/payins/${created.id}/callbacks`, {
      token: await shop.token(),
    });
    expect(callbacks.body.data).toHaveLength(1);
  });

  it('exact by amount among the open payins of the account when the note names nothing', async () => {
    const shop = await liveShop();
    const created = await qrth(shop, 321);
    const [transaction] = await feed(shop, credit(created.toPay, 'TRANSFER FROM SOMCHAI'));
    expect(transaction).toMatchObject({ outcome: 'APPLIED', matchedBy: 'AMOUNT', idPayin: created.id });
    expect(await payin(shop, created.id)).toMatchObject({ status: 'SUCCESS' });
  });

  it('short: the payin stays open with the partial amount, and the rest completes it', async () => {
    const shop = await liveShop();
    const created = await qrth(shop, 500);
    const [part] = await feed(shop, credit(200, `ref ${created.reference}`));
    expect(part).toMatchObject({ outcome: 'PARTIAL', needsReview: false, unapplied: { amount: 200 } });
    expect(await payin(shop, created.id)).toMatchObject({
      status: 'PENDING',
      moneyReceived: { amount: 200 },
    });
    expect(await review(shop)).toEqual([]);
    // Unapplied, yet not the merchant's to review: it counts on the open payin.
    expect(await thb(shop)).toMatchObject({ unapplied: 200 });
    expect(await forReview(shop)).toBe(0);
    const rest = Math.round((created.toPay - 200) * 100) / 100;
    const [last] = await feed(shop, credit(rest, `ref ${created.reference}`));
    expect(last).toMatchObject({ outcome: 'APPLIED' });
    expect(await payin(shop, created.id)).toMatchObject({ status: 'SUCCESS', processorStatus: 'APPROVED' });
    expect((await thb(shop)).unapplied).toBe(Math.round((created.toPay - 500) * 100) / 100);
  });

  it('short until expiry: REFUSED UNDERPAID, the partial money waits for review', async () => {
    const shop = await liveShop();
    const created = await qrth(shop, 500);
    await feed(shop, credit(100, created.reference));
    const merchant = await api.runtime.deps.merchants.require(shop.merchant.merchantCode);
    const open = await api.runtime.deps.payins.get(merchant, created.id);
    clock.set(new Date(Date.parse(created.expireAt) + 1000));
    await api.runtime.deps.payins.expire(open);
    expect(await payin(shop, created.id)).toMatchObject({
      status: 'REFUSED',
      processorStatus: 'UNDERPAID',
      moneyReceived: { amount: 100 },
    });
    const queue = await review(shop);
    expect(queue).toHaveLength(1);
    expect(queue[0]).toMatchObject({ outcome: 'PARTIAL', idPayin: created.id, unapplied: { amount: 100 } });
    expect((await thb(shop)).unapplied).toBe(100);
  });

  it('over: SUCCESS OVERPAID, the excess booked unapplied, refunded by an operator with the ledger naming them', async () => {
    const shop = await liveShop();
    const created = await qrth(shop, 500);
    const [transaction] = await feed(shop, credit(created.toPay + 50, `QR ${created.reference}`));
    expect(transaction).toMatchObject({ outcome: 'OVERPAID', needsReview: true, unapplied: { amount: 50 } });
    expect(await payin(shop, created.id)).toMatchObject({ status: 'SUCCESS', processorStatus: 'OVERPAID' });
    expect(await thb(shop)).toEqual({ available: 490, unapplied: 50 });

    const token = await shop.token();
    const link = await client.request('POST', `/collection/transactions/${transaction!.id}/!link`, {
      token,
      body: { idPayin: (await qrth(shop)).id },
    });
    expectProblem(link, 409, 'COLLECTION_TRANSACTION_RESOLVED');

    const refunded = await client.request<CollectionTransactionResource>(
      'POST',
      `/collection/transactions/${transaction!.id}/!refund`,
      { token, body: { by: 'Nok (finance)', note: 'KBANK refund 20261124-778' } },
    );
    expect(refunded.status, refunded.text).toBe(200);
    expect(refunded.body).toMatchObject({
      needsReview: false,
      unapplied: { amount: 0 },
      resolution: {
        kind: 'REFUNDED',
        by: `Nok (finance) (${shop.merchant.merchantCode})`,
        note: 'KBANK refund 20261124-778',
      },
    });
    expect((await thb(shop)).unapplied).toBe(0);
    const ledger = await client.request<BalanceTransactionsResource>('GET', '/balance-transactions', {
      token,
    });
    const refund = ledger.body.data.find((transfer) => transfer.type === 'COLLECTION_REFUND');
    expect(refund).toMatchObject({
      idCollectionTransaction: transaction!.id,
      actor: `Nok (finance) (${shop.merchant.merchantCode})`,
    });
    const again = await client.request('POST', `/collection/transactions/${transaction!.id}/!refund`, {
      token,
    });
    expectProblem(again, 409, 'COLLECTION_TRANSACTION_RESOLVED');
  });

  it('after expiry: booked late, the status unchanged; linked by an operator to an open payin it pays that one', async () => {
    const shop = await liveShop();
    const expired = await qrth(shop, 500);
    clock.set(new Date(Date.parse(expired.expireAt) + 1000));
    const [late] = await feed(shop, credit(expired.toPay, `pay ${expired.reference}`));
    expect(late).toMatchObject({ outcome: 'LATE', idPayin: expired.id, needsReview: true });
    expect(await payin(shop, expired.id)).toMatchObject({
      status: 'REFUSED',
      processorStatus: 'EXPIRED',
      moneyReceivedLate: { amount: expired.toPay },
    });

    const again = await qrth(shop, 500);
    // The late money is more than the new payin's unique amount asks when it is above it; less is short.
    const linked = await client.request<CollectionTransactionResource>(
      'POST',
      `/collection/transactions/${late!.id}/!link`,
      { token: await shop.token(), body: { idPayin: again.id, by: 'Nok' } },
    );
    expect(linked.status, linked.text).toBe(200);
    expect(linked.body).toMatchObject({
      matchedBy: 'LINKED',
      idPayin: again.id,
      resolution: { kind: 'LINKED' },
    });
    const status = await payin(shop, again.id);
    if (late!.money.amount >= again.toPay) {
      expect(status.status).toBe('SUCCESS');
      const ledger = await client.request<BalanceTransactionsResource>(
        'GET',
        `/balance-transactions?idPayin=${again.id}`,
        { token: await shop.token() },
      );
      expect(ledger.body.data.find((t) => t.type === 'PAYIN_CREDIT')).toMatchObject({
        actor: `Nok (${shop.merchant.merchantCode})`,
      });
    } else expect(status).toMatchObject({ status: 'PENDING', moneyReceived: { amount: late!.money.amount } });
    const final = await client.request('POST', `/collection/transactions/${late!.id}/!link`, {
      token: await shop.token(),
      body: { idPayin: expired.id },
    });
    expect([409]).toContain(final.status);
  });

  it('unmatched: no reference, no open payin of that amount; the review queue lists it until refunded', async () => {
    const shop = await liveShop();
    await qrth(shop, 500);
    // The operator's view of the same (GET /metrics): receipts by source and outcome, the queue's size.
    const metrics = async () => {
      const scrape = await scrapeMetrics(api.baseUrl);
      return {
        unmatched:
          scrape.value('payin_reconciliation_receipts_total', { source: 'FEED', outcome: 'UNMATCHED' }) ?? 0,
        queue: scrape.value('payin_reconciliation_review_queue', { currency: 'THB' }) ?? 0,
      };
    };
    const before = await metrics();
    const [unmatched] = await feed(shop, credit(12.34, 'GIFT'));
    expect(await metrics()).toEqual({ unmatched: before.unmatched + 1, queue: before.queue + 1 });
    expect(unmatched).toMatchObject({
      outcome: 'UNMATCHED',
      needsReview: true,
      unapplied: { amount: 12.34 },
    });
    expect((await review(shop)).map((t) => t.id)).toEqual([unmatched!.id]);
    expect(await forReview(shop)).toBe(12.34);
    const token = await shop.token();
    const toFinal = await client.request('POST', `/collection/transactions/${unmatched!.id}/!link`, {
      token,
      body: { idPayin: 'no-such-payin' },
    });
    expectProblem(toFinal, 404, 'PAYIN_NOT_FOUND');
    await client.request('POST', `/collection/transactions/${unmatched!.id}/!refund`, { token, body: {} });
    expect(await review(shop)).toEqual([]);
    expect(await metrics()).toEqual({ unmatched: before.unmatched + 1, queue: before.queue });
    expect(await forReview(shop)).toBe(0);
  });
});

describe('ingestion', () => {
  it('stores each bank transaction once: a redelivery answers how it stands and moves no money', async () => {
    const shop = await liveShop();
    const created = await qrth(shop, 500);
    const entry = credit(created.toPay, created.reference);
    const first = await deliver(shop.feedKey, { transactions: [entry] });
    const second = await deliver(shop.feedKey, { transactions: [entry, credit(1, 'other')] });
    expect(first.body).toMatchObject({ success: true, stored: 1, duplicates: 0 });
    expect(second.body).toMatchObject({ stored: 1, duplicates: 1 });
    expect(second.body.transactions[0]).toMatchObject({
      duplicate: true,
      transaction: { id: first.body.transactions[0]!.transaction.id, outcome: 'APPLIED' },
    });
    expect(await thb(shop)).toEqual({ available: 490, unapplied: 1 });
  });

  it('refuses a delivery with any unreadable record whole, naming each problem', async () => {
    const shop = await liveShop();
    const response = await deliver(shop.feedKey, {
      transactions: [
        credit(10, 'fine'),
        { ...credit(10, 'x'), amount: '1.005' },
        { ...credit(5, 'y'), bookedAt: 'yesterday' },
      ],
    });
    expectProblem(response, 400, 'VALIDATION_FAILED');
    expect(fieldsOf(response).length).toBeGreaterThanOrEqual(2);
    const all = await client.request<{ data: unknown[] }>('GET', '/collection/transactions', {
      token: await shop.token(),
    });
    expect(all.body.data).toEqual([]);
  });

  it('refuses a VND amount that reads as 12 dong or 12,000 dong, naming the record, never guessing', async () => {
    const shop = await liveShop();
    const response = await deliver(shop.vndFeedKey, {
      transactions: [{ ...credit(0, 'CK'), amount: '12.000', currency: 'VND' }],
    });
    expectProblem(response, 400, 'VALIDATION_FAILED');
    expect(response.body.errors).toEqual([
      {
        field: 'transactions[0].amount',
        message:
          '"12.000" is ambiguous in VND (a decimal dot or a thousands dot): write 12000, or 12 without the zeros.',
      },
    ]);
  });

  it('refuses a NUL in a note or a payer, naming the field, and stores nothing (no 500)', async () => {
    const shop = await liveShop();
    const response = await deliver(shop.feedKey, {
      transactions: [credit(10, 'fine'), { ...credit(10, 'PAY\u0000'), payer: { name: 'A\u0000' } }],
    });
    expectProblem(response, 400, 'VALIDATION_FAILED');
    expect(fieldsOf(response)).toEqual(['transactions[1].note', 'transactions[1].payer.name']);
    const bytes = Buffer.concat([
      Buffer.from(
        `{"transactions":[{"id":"${bankId()}","amount":"5.00","currency":"THB","bookedAt":"${clock().toISOString()}","note":"caf`,
      ),
      Buffer.from([0xe9]),
      Buffer.from('"}]}'),
    ]);
    const latin1 = await client.request('POST', '/collection/transactions', {
      version: null,
      headers: { authorization: `Apikey ${shop.feedKey}`, 'content-type': 'application/json' },
      rawBody: bytes,
    });
    expectProblem(latin1, 400, 'MALFORMED_JSON');
    expect(latin1.body).toMatchObject({ detail: 'The delivery is not valid UTF-8.' });
    const all = await client.request<{ data: unknown[] }>('GET', '/collection/transactions', {
      token: await shop.token(),
    });
    expect(all.body.data).toEqual([]);
  });

  it("locks an address out after 20 wrong feed keys, even for the right one, and not the bank's own sender", async () => {
    const shop = await liveShop();
    // Not the pacing client: a 429 is the answer under test, not one to wait out.
    const unpaced = new ApiClient(client.baseUrl);
    const from = (address: string, key: string) =>
      unpaced.request('POST', '/collection/transactions', {
        version: null,
        headers: { authorization: `Apikey ${key}`, 'x-forwarded-for': address },
        body: { transactions: [credit(5, 'guess')] },
      });
    const guesser = '203.0.113.77';
    for (let i = 0; i < 20; i++) expectProblem(await from(guesser, `wrong-${i}`), 401, 'INVALID_CREDENTIALS');
    const locked = await from(guesser, 'wrong-last');
    expectProblem(locked, 429, 'TOO_MANY_FAILED_ATTEMPTS');
    expect(locked.headers.get('retry-after')).toMatch(/^\d+$/);
    expectProblem(await from(guesser, shop.feedKey), 429, 'TOO_MANY_FAILED_ATTEMPTS');
    const bank = await from('198.51.100.10', shop.feedKey);
    expect(bank.status, bank.text).toBe(200);
  });

  it('authenticates per account: API key, Standard Webhooks signature, and nothing else', async () => {
    const shop = await liveShop();
    const body = JSON.stringify({ transactions: [credit(5, 'signed')] });
    const none = await client.request('POST', '/collection/transactions', { version: null, rawBody: body });
    expectProblem(none, 401, 'AUTHENTICATION_REQUIRED');
    const wrong = await deliver(`feed_${randomBytes(24).toString('base64url')}`, JSON.parse(body));
    expectProblem(wrong, 401, 'INVALID_CREDENTIALS');
    // Another account's key does not open this one.
    const otherKey = await client.request(
      'POST',
      `/collection/transactions?merchant=${shop.merchant.merchantCode}&account=kbank-promptpay`,
      {
        version: null,
        headers: { authorization: `Apikey ${shop.vndFeedKey}` },
        rawBody: body,
      },
    );
    expectProblem(otherKey, 401, 'INVALID_CREDENTIALS');

    const webhookId = `msg_${randomBytes(8).toString('hex')}`;
    const timestamp = new Date();
    const signature = new Webhook(shop.webhookSecret).sign(webhookId, timestamp, body);
    const path = `/collection/transactions?merchant=${shop.merchant.merchantCode}&account=kbank-promptpay`;
    const signed = await client.request<CollectionIngestResource>('POST', path, {
      version: null,
      headers: {
        'webhook-id': webhookId,
        'webhook-timestamp': String(Math.floor(timestamp.getTime() / 1000)),
        'webhook-signature': signature,
      },
      rawBody: body,
    });
    expect(signed.status, signed.text).toBe(200);
    expect(signed.body.stored).toBe(1);
    const tampered = await client.request('POST', path, {
      version: null,
      headers: {
        'webhook-id': webhookId,
        'webhook-timestamp': String(Math.floor(timestamp.getTime() / 1000)),
        'webhook-signature': signature,
      },
      rawBody: body.replace('5.00', '500.00'),
    });
    expectProblem(tampered, 401, 'INVALID_CREDENTIALS');
  });

  it('takes a SePay webhook for a VietQR account and skips outgoing transfers', async () => {
    const shop = await liveShop();
    const id = newIdPayin('vnd');
    const created = await client.request<{
      paymentMethodResponse: { reference: string; moneyRequired?: { amount: number } };
    }>('POST', `/payins/${id}`, {
      token: await shop.token(),
      body: payinRequest({
        paymentRequested: { money: { amount: 250000, currencyCode: 'VND' } },
        paymentMethod: { paymentMethodCode: 'QRVN' },
      }),
    });
    expect(created.status, created.text).toBe(201);
    const { reference, moneyRequired } = created.body.paymentMethodResponse;
    const sepay = {
      id: Number(`9${Date.now() % 1e9}`),
      gateway: 'Vietcombank',
      transactionDate: '2026-11-24 14:02:37',
      accountNumber: '0071001234567',
      code: null,
      content: `THANH TOAN ${reference}`,
      transferType: 'in',
      transferAmount: moneyRequired?.amount ?? 250000,
      accumulated: 19077000,
      subAccount: null,
      referenceCode: 'MBVCB.3278907687',
      description: '',
    };
    const response = await deliver(shop.vndFeedKey, sepay);
    expect(response.status, response.text).toBe(200);
    expect(response.body.transactions[0]!.transaction).toMatchObject({
      source: 'SEPAY',
      outcome: 'APPLIED',
      idPayin: id,
    });
    const out = await deliver(shop.vndFeedKey, { ...sepay, id: sepay.id + 1, transferType: 'out' });
    expect(out.body).toMatchObject({ stored: 0, skipped: 1 });
  });

  it('matches what a crash left stored and unmatched in the next round, once', async () => {
    const shop = await liveShop();
    const created = await qrth(shop, 500);
    // As if the process died between the insert's commit and matching.
    await api.runtime.deps.db
      .insertInto('collection_transactions')
      .values({
        merchant_code: shop.merchant.merchantCode,
        account_id: 'kbank-promptpay',
        bank_transaction_id: bankId(),
        currency_code: 'THB',
        amount_minor: BigInt(Math.round(created.toPay * 100)),
        booked_at: clock(),
        note: created.reference,
        payer: null,
        to_address: null,
        source: 'FEED',
        raw: '{}',
        received_at: clock(),
      })
      .execute();
    expect(await api.runtime.collection.matchPending()).toBe(0); // still within the storing request's grace
    clock.advance(6000);
    const [a, b] = await Promise.all([
      api.runtime.collection.matchPending(),
      api.runtime.collection.matchPending(),
    ]);
    expect(a + b).toBe(1);
    expect(await payin(shop, created.id)).toMatchObject({ status: 'SUCCESS' });
  });
});

describe('statements', () => {
  it('imports a CSV statement: credits stored and matched, debits skipped, a second import only duplicates', async () => {
    const shop = await liveShop();
    const created = await qrth(shop, 500);
    const csv = [
      'Transaction ID,Date,Description,Credit,Debit,Currency',
      `${bankId()},2026-11-24 10:15:00,"PROMPTPAY, ${created.reference}",${created.toPay.toFixed(2)},,THB`,
      `${bankId()},2026-11-24 11:00:00,ATM withdrawal,,1000.00,THB`,
      `${bankId()},2026-11-24 12:30:00,"GIFT ""FROM"" MOM",75.00,,THB`,
    ].join('\r\n');
    const path = '/collection/statements?account=kbank-promptpay&timeZone=%2B07:00';
    const imported = await client.request<CollectionIngestResource>('POST', path, {
      token: await shop.token(),
      headers: { 'content-type': 'text/csv' },
      rawBody: csv,
    });
    expect(imported.status, imported.text).toBe(200);
    expect(imported.body).toMatchObject({ stored: 2, duplicates: 0, skipped: 1 });
    expect(imported.body.transactions.map((t) => t.transaction.outcome)).toEqual(['APPLIED', 'UNMATCHED']);
    expect(imported.body.transactions[0]!.transaction.bookedAt).toBe('2026-11-24T03:15:00.000Z');
    const again = await client.request<CollectionIngestResource>('POST', path, {
      token: await shop.token(),
      headers: { 'content-type': 'text/csv' },
      rawBody: csv,
    });
    expect(again.body).toMatchObject({ stored: 0, duplicates: 2, skipped: 1 });
    expect(await payin(shop, created.id)).toMatchObject({ status: 'SUCCESS' });
  });

  it('refuses a statement that is not UTF-8 or holds a NUL, naming the line, and stores nothing', async () => {
    const shop = await liveShop();
    const path = '/collection/statements?account=kbank-promptpay&timeZone=%2B07:00';
    const header = 'Transaction ID,Date,Description,Credit,Debit,Currency';
    const post = async (rawBody: string | Uint8Array) =>
      client.request('POST', path, {
        token: await shop.token(),
        headers: { 'content-type': 'text/csv' },
        rawBody,
      });
    const windows1252 = Buffer.concat([
      Buffer.from(
        `${header}\r\n${bankId()},2026-11-24 10:15:00,ok,5.00,,THB\r\n${bankId()},2026-11-24 10:16:00,Caf`,
      ),
      Buffer.from([0xe9]),
      Buffer.from(',5.00,,THB\r\n'),
    ]);
    const notUtf8 = await post(windows1252);
    expectProblem(notUtf8, 400, 'VALIDATION_FAILED');
    expect(notUtf8.body).toMatchObject({
      errors: [
        {
          field: 'line 3',
          message: expect.stringMatching(/^Byte 0xE9 \(byte \d+ of the file\) is not UTF-8/) as string,
        },
      ],
    });
    const nul = await post(`${header}\r\n${bankId()},2026-11-24 10:15:00,PAY\0,5.00,,THB\r\n`);
    expectProblem(nul, 400, 'VALIDATION_FAILED');
    expect(nul.body).toMatchObject({
      errors: [{ field: 'line 2', message: 'A NUL character (U+0000) is not text.' }],
    });
    const all = await client.request<{ data: unknown[] }>('GET', '/collection/transactions', {
      token: await shop.token(),
    });
    expect(all.body.data).toEqual([]);
  });

  it('imports the fixture statements (CSV and camt.053), and refuses a broken one naming the lines', async () => {
    const shop = await liveShop({
      collectionAccounts: [
        {
          id: 'vcb-vietqr',
          type: 'VIETQR',
          bin: '970436',
          accountNumber: '0071000123456',
          accountName: 'CONG TY SACH HA NOI',
        },
        {
          id: 'vcb-other',
          type: 'VIETQR',
          bin: '970436',
          accountNumber: '0071001234567',
          accountName: 'CONG TY SACH HA NOI',
        },
        {
          id: 'kbank-promptpay',
          type: 'PROMPTPAY',
          promptPayId: PROMPTPAY_ID,
          accountName: 'Bangkok Books Co., Ltd.',
        },
      ],
    } as Partial<MerchantEntry>);
    const token = await shop.token();
    const camt = readFileSync('tests/fixtures/statements/vcb-camt053.xml', 'utf8');
    const fromCamt = await client.request<CollectionIngestResource>(
      'POST',
      '/collection/statements?account=vcb-vietqr',
      {
        token,
        headers: { 'content-type': 'application/xml' },
        rawBody: camt,
      },
    );
    expect(fromCamt.status, fromCamt.text).toBe(200);
    expect(fromCamt.body.stored).toBeGreaterThan(0);
    expect(fromCamt.body.skipped).toBeGreaterThan(0);
    expect(
      fromCamt.body.transactions.every(
        (t) => t.transaction.source === 'CAMT053' && t.transaction.raw.includes('Ntry'),
      ),
    ).toBe(true);
    // The same file for another account of the merchant: refused, since its credits are not that account's.
    const elsewhere = await client.request('POST', '/collection/statements?account=vcb-other', {
      token,
      headers: { 'content-type': 'application/xml' },
      rawBody: camt,
    });
    expectProblem(elsewhere, 400, 'VALIDATION_FAILED');
    expect(fieldsOf(elsewhere)).toEqual(['Stmt.Acct.Id']);
    const csv = readFileSync('tests/fixtures/statements/kbank-statement.csv', 'utf8');
    const fromCsv = await client.request<CollectionIngestResource>(
      'POST',
      '/collection/statements?account=kbank-promptpay&format=csv&timeZone=%2B07:00',
      { token, headers: { 'content-type': 'text/csv' }, rawBody: csv },
    );
    expect(fromCsv.status, fromCsv.text).toBe(200);
    expect(fromCsv.body.stored).toBeGreaterThan(0);

    const broken = await client.request('POST', '/collection/statements?account=kbank-promptpay', {
      token,
      headers: { 'content-type': 'text/csv' },
      rawBody: 'id,date,amount,note\nA1,2026-11-24,12.345,x\nA2,yesterday,5,y\n',
    });
    expectProblem(broken, 400, 'VALIDATION_FAILED');
    expect(fieldsOf(broken).join(' ')).toMatch(/line 2.*line 3|line 3.*line 2/);
    const unknown = await client.request('POST', '/collection/statements?account=nope', {
      token,
      headers: { 'content-type': 'text/csv' },
      rawBody: csv,
    });
    expectProblem(unknown, 400, 'VALIDATION_FAILED');
  });

  it('imports from the command line (npm run collection:import), secret from the environment', async () => {
    const shop = await liveShop();
    const created = await qrth(shop, 500);
    const file = `${process.cwd()}/dist/statement-${randomBytes(4).toString('hex')}.csv`;
    mkdirSync('dist', { recursive: true });
    writeFileSync(
      file,
      `Reference,Value date,Narrative,Amount\n${bankId()},2026-11-24T09:00:00+07:00,${created.reference},${created.toPay.toFixed(2)}\n`,
    );
    try {
      const { stdout } = await promisify(execFile)(
        process.execPath,
        [
          'scripts/import-statement.mjs',
          '--url',
          api.baseUrl.replace(/\/api$/, ''),
          '--merchant',
          shop.merchant.merchantCode,
          '--account',
          'kbank-promptpay',
          file,
        ],
        { env: { ...process.env, PAYIN_MERCHANT_SECRET: shop.merchant.secret } },
      );
      const printed = JSON.parse(stdout) as CollectionIngestResource;
      expect(printed).toMatchObject({ stored: 1, duplicates: 0 });
      expect(printed.transactions[0]!.transaction).toMatchObject({ source: 'CSV', outcome: 'APPLIED' });
      expect(await payin(shop, created.id)).toMatchObject({ status: 'SUCCESS' });
    } finally {
      rmSync(file, { force: true });
    }
  });
});
