import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BalancesResource, BalanceTransactionsResource } from '@/lib/api/payout-responses';
import type { RefundClaim, RefundList, RefundResource } from '@/lib/api/refund-responses';
import type { CallbackDeliveryResource, PayinResource } from '@/lib/api/responses';
import { checkLedgerInvariants } from '@/server/audit';
import type { CallbackDispatcherWorker } from '@/server/callbacks';
import type { MerchantEntry } from '@/server/merchants';
import { ALL_PAYIN_OPERATIONS, PacedApiClient } from '../support/api-client';
import { newIdPayin, payinRequest } from '../support/builders';
import { startCallbackListener, verifyHit, type CallbackListener } from '../support/callback-listener';
import { expectProblem, fieldsOf } from '../support/problem';
import {
  manualClock,
  startTestApi,
  type TestApi,
  type TestMerchant,
  callbackDispatcherOf,
} from '../support/test-api';

// Refunds over real HTTP on the real database (docs/decisions/036-refunds.md).
const OPERATIONS = [
  ...ALL_PAYIN_OPERATIONS,
  'POST /sandbox/payins/.*/refunds/.*',
  'POST /payins/.*/refunds/.*',
  'GET /payins/.*/refunds.*',
  'POST /payouts/.*',
  'GET /balances',
  'GET /balance-transactions',
];

const clock = manualClock();
let api: TestApi;
let client: PacedApiClient;
let dispatcher: CallbackDispatcherWorker;
let listener: CallbackListener;

beforeAll(async () => {
  api = await startTestApi({ SANDBOX_PAYOUT_SECS: '10', REFUND_CLAIM_DAYS: '7' }, { clock });
  client = new PacedApiClient(api.baseUrl);
  dispatcher = callbackDispatcherOf(api);
  listener = await startCallbackListener();
});
afterAll(async () => {
  await listener.close();
  // Whatever the tests did, the books hold (refunds reserved, debited or released once each).
  expect(await checkLedgerInvariants(api.runtime.deps.db)).toEqual([]);
  await api.close();
});

interface Shop {
  merchant: TestMerchant;
  token: string;
}

async function shop(overrides: Partial<MerchantEntry> = {}): Promise<Shop> {
  // Round numbers: 2 % on payins, nothing on payouts.
  const merchant = await api.createMerchant({
    test: true,
    fees: { default: { percent: 2 } },
    payoutFees: { default: { percent: 0 } },
    ...overrides,
  });
  return { merchant, token: await client.token(merchant, OPERATIONS) };
}

/**
 * A successful payin of `amount`: OFFLINE for fiat (the sandbox bank reports the payer's account, so
 * refunds go back to it), CRYPTO_OFFLINE for stablecoins (the sender's address is unknown: a claim).
 */
async function paidPayin(s: Shop, amount: number, currencyCode = 'THB', succeed = true): Promise<string> {
  const id = newIdPayin('paid');
  const paymentMethodCode = currencyCode.startsWith('USD') ? 'CRYPTO_OFFLINE' : 'OFFLINE';
  const created = await client.request('POST', `/payins/${id}`, {
    token: s.token,
    body: payinRequest({
      paymentRequested: { money: { amount, currencyCode } },
      paymentMethod: { paymentMethodCode },
    }),
  });
  expect(created.status, created.text).toBe(201);
  if (!succeed) return id;
  const paid = await client.request('POST', `/sandbox/payins/${id}/!simulate`, {
    token: s.token,
    body: { status: 'SUCCESS' },
  });
  expect(paid.status, paid.text).toBe(200);
  return id;
}

const BANK_THB = {
  paymentMethodCode: 'BANK_TRANSFER',
  account: { accountName: 'Somchai Jaidee', accountNumber: '123-4-56789-0', bankCode: '004' },
};

function refund(s: Shop, idPayin: string, idRefund: string, body?: unknown, token = s.token) {
  return client.request<RefundResource>('POST', `/payins/${idPayin}/refunds/${idRefund}`, {
    token,
    ...(body !== undefined && { body }),
  });
}

async function refundsOf(s: Shop, idPayin: string): Promise<RefundList> {
  const response = await client.request<RefundList>('GET', `/payins/${idPayin}/refunds`, { token: s.token });
  expect(response.status, response.text).toBe(200);
  return response.body;
}

const WALLET_USDT = {
  paymentMethodCode: 'CRYPTO',
  paymentOperatorCode: 'ETHEREUM',
  account: { accountNumber: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed' },
};

const thb = (s: Shop) => balanceOf(s, 'THB');
const usdt = (s: Shop) => balanceOf(s, 'USDT');

async function balanceOf(s: Shop, currency: string): Promise<{ available: number; reserved: number }> {
  const response = await client.request<BalancesResource>('GET', `/balances?currencies=${currency}`, {
    token: s.token,
  });
  const [balance] = response.body.data;
  return { available: balance!.available.amount, reserved: balance!.reserved.amount };
}

async function settleDue(seconds: number): Promise<void> {
  clock.advance(seconds * 1000);
  await api.runtime.refundSimulations.applyDue();
}

function claimSecretOf(claimUrl: string | undefined): string {
  expect(claimUrl).toMatch(/\/refunds\/claim\/[A-Za-z0-9_-]{43}$/);
  return claimUrl!.split('/').pop()!;
}

/** A shop with a paid payin of 1000.00 and another 1000.00 paid in: 1960.00 available. */
async function fundedShop(
  overrides: Partial<MerchantEntry> = {},
  currencyCode = 'THB',
): Promise<Shop & { idPayin: string }> {
  const s = await shop(overrides);
  await paidPayin(s, 1000, currencyCode);
  return { ...s, idPayin: await paidPayin(s, 1000, currencyCode) };
}

describe('creating a refund', () => {
  it('refunds what remains by default to a given account, reserves it, and ends SUCCESS', async () => {
    const s = await fundedShop();
    const created = await refund(s, s.idPayin, 'rf-full', {
      reason: 'Order cancelled',
      destination: BANK_THB,
      callbackUrl: listener.url('/refunds'),
    });
    expect(created.status, created.text).toBe(201);
    expect(created.body).toMatchObject({
      idRefund: 'rf-full',
      idPayin: s.idPayin,
      money: { amount: 1000, currencyCode: 'THB' },
      fee: { amount: 0, currencyCode: 'THB' },
      status: 'PENDING',
      reason: 'Order cancelled',
      isTest: true,
      destination: {
        source: 'MERCHANT',
        paymentMethodCode: 'BANK_TRANSFER',
        account: { accountNumber: '1234567890', bankCode: '004' },
      },
    });
    expect(created.body.claimUrl).toBeUndefined();
    // The payin's own fee is not given back: the whole 1000.00 leaves the 1960.00 available.
    expect(await thb(s)).toEqual({ available: 960, reserved: 1000 });

    const read = await client.request<RefundResource>('GET', `/payins/${s.idPayin}/refunds/rf-full`, {
      token: s.token,
    });
    expect(read.status, read.text).toBe(200);
    expect(read.body).toEqual(created.body);
    const payin = await client.request<PayinResource>('GET', `/payins/${s.idPayin}`, { token: s.token });
    expect(payin.body.refunds).toEqual({
      refunded: { amount: 0, currencyCode: 'THB' },
      refundPending: { amount: 1000, currencyCode: 'THB' },
      refundable: { amount: 0, currencyCode: 'THB' },
    });

    await settleDue(10);
    const done = await client.request<RefundResource>('GET', `/payins/${s.idPayin}/refunds/rf-full`, {
      token: s.token,
    });
    expect(done.body).toMatchObject({ status: 'SUCCESS', processorStatus: 'APPROVED' });
    expect(done.body.processedAt).toBeDefined();
    expect(await thb(s)).toEqual({ available: 960, reserved: 0 });
    const list = await refundsOf(s, s.idPayin);
    expect(list.refunded).toEqual({ amount: 1000, currencyCode: 'THB' });
    expect(list.refundable).toEqual({ amount: 0, currencyCode: 'THB' });

    // Its ledger lines are the payin's too: reserve, then debit from the operator's cash.
    const lines = await client.request<BalanceTransactionsResource>(
      'GET',
      `/balance-transactions?idPayin=${s.idPayin}`,
      { token: s.token },
    );
    expect(lines.status, lines.text).toBe(200);
    const refundLines = lines.body.data.filter((transfer) => transfer.idRefund === 'rf-full');
    expect(refundLines.map((transfer) => transfer.type)).toEqual(['REFUND_DEBIT', 'REFUND_RESERVE']);
    expect(refundLines[0]!.entries).toHaveLength(2);
    expect(refundLines[0]!.entries).toEqual(
      expect.arrayContaining([
        { account: 'merchant.reserved', direction: 'DEBIT', money: { amount: 1000, currencyCode: 'THB' } },
        { account: 'operator.cash', direction: 'CREDIT', money: { amount: 1000, currencyCode: 'THB' } },
      ]),
    );

    // Announced: refund.status_changed naming the payin and the refund, signed, listed with the payin.
    await dispatcher.runOnce();
    clock.advance(60_000);
    await dispatcher.runOnce();
    const hits = await listener.waitFor((all) =>
      all.some((hit) => hit.path === '/refunds' && hit.body.includes('"rf-full"')),
    );
    const hit = hits.find((one) => one.path === '/refunds' && one.body.includes('"rf-full"'))!;
    expect(verifyHit(hit, s.merchant.callbackSecret)).toMatchObject({
      type: 'refund.status_changed',
      idPayin: s.idPayin,
      idRefund: 'rf-full',
    });
    const callbacks = await client.request<{ data: CallbackDeliveryResource[] }>(
      'GET',
      `/payins/${s.idPayin}/callbacks`,
      { token: s.token },
    );
    expect(callbacks.status, callbacks.text).toBe(200);
    expect(callbacks.body.data.filter((delivery) => delivery.type === 'refund.status_changed')).toMatchObject(
      [{ idPayin: s.idPayin, idRefund: 'rf-full', status: 'DELIVERED' }],
    );
  });

  it("sends it back to the payer's own account when the payment reported it", async () => {
    const s = await fundedShop();
    const accounts = await client.request<{ customerAccountProcess: Record<string, string | null> }>(
      'GET',
      `/payins/${s.idPayin}/accounts`,
      { token: s.token },
    );
    const payer = accounts.body.customerAccountProcess;
    expect(payer.accountNumber).toBeTruthy();
    const created = await refund(s, s.idPayin, 'to-payer', { money: { amount: 100, currencyCode: 'THB' } });
    expect(created.status, created.text).toBe(201);
    expect(created.body.claimUrl).toBeUndefined();
    expect(created.body.destination).toMatchObject({
      source: 'PAYER_ACCOUNT',
      paymentMethodCode: 'BANK_TRANSFER',
      account: { accountNumber: payer.accountNumber, bankCode: payer.bankCode },
    });
  });

  it("sends a UPI payment back to the payer's UPI ID, and a THB refund to a PromptPay ID", async () => {
    const s = await shop();
    const upiPayin = newIdPayin('upi');
    const created = await client.request('POST', `/payins/${upiPayin}`, {
      token: s.token,
      body: payinRequest({
        paymentRequested: { money: { amount: 5000, currencyCode: 'INR' } },
        paymentMethod: { paymentMethodCode: 'QRIN' },
      }),
    });
    expect(created.status, created.text).toBe(201);
    const paid = await client.request('POST', `/sandbox/payins/${upiPayin}/!simulate`, {
      token: s.token,
      body: { status: 'SUCCESS' },
    });
    expect(paid.status, paid.text).toBe(200);
    const toVpa = await refund(s, upiPayin, 'upi-back', { money: { amount: 1000, currencyCode: 'INR' } });
    expect(toVpa.status, toVpa.text).toBe(201);
    expect(toVpa.body.destination).toMatchObject({
      source: 'PAYER_ACCOUNT',
      paymentMethodCode: 'UPI',
      account: { accountNumber: expect.stringMatching(/^[a-z0-9._-]+@[a-z][a-z0-9]+$/) as string },
    });

    const t = await fundedShop();
    const toPromptPay = await refund(t, t.idPayin, 'promptpay', {
      money: { amount: 80, currencyCode: 'THB' },
      destination: { paymentMethodCode: 'PROMPTPAY', account: { accountNumber: '081-234-5678' } },
    });
    expect(toPromptPay.status, toPromptPay.text).toBe(201);
    expect(toPromptPay.body.destination).toEqual({
      source: 'MERCHANT',
      paymentMethodCode: 'PROMPTPAY',
      account: { accountNumber: '0812345678' },
    });
  });

  it('refunds in parts, and refuses a part above what remains with nothing kept', async () => {
    const s = await fundedShop();
    expect(
      (
        await refund(s, s.idPayin, 'part-1', {
          money: { amount: 300, currencyCode: 'THB' },
          destination: BANK_THB,
        })
      ).status,
    ).toBe(201);
    expect(
      (
        await refund(s, s.idPayin, 'part-2', {
          money: { amount: 650.5, currencyCode: 'THB' },
          destination: BANK_THB,
        })
      ).status,
    ).toBe(201);
    const before = await thb(s);
    const over = await refund(s, s.idPayin, 'part-3', {
      money: { amount: 49.51, currencyCode: 'THB' },
      destination: BANK_THB,
    });
    expectProblem(over, 422, 'REFUND_EXCEEDS_PAYMENT');
    expect(over.text).toContain('49.5 THB');
    expect(await thb(s)).toEqual(before);
    // The rest, by default: 49.50.
    const rest = await refund(s, s.idPayin, 'part-3', { destination: BANK_THB });
    expect(rest.status, rest.text).toBe(201);
    expect(rest.body.money).toEqual({ amount: 49.5, currencyCode: 'THB' });
    expectProblem(
      await refund(s, s.idPayin, 'part-4', { destination: BANK_THB }),
      422,
      'REFUND_EXCEEDS_PAYMENT',
    );
    const list = await refundsOf(s, s.idPayin);
    expect(list.data.map((one) => one.idRefund)).toEqual(['part-1', 'part-2', 'part-3']);
    expect(list.refundPending).toEqual({ amount: 1000, currencyCode: 'THB' });
    expect(list.refundable).toEqual({ amount: 0, currencyCode: 'THB' });
  });

  it('makes a refused refund refundable again, its money back in the balance', async () => {
    const s = await fundedShop();
    // A magic amount: …902 is refused ACCOUNT_INVALID by the sandbox bank after 3 s.
    const refused = await refund(s, s.idPayin, 'magic-902', {
      money: { amount: 19.02, currencyCode: 'THB' },
      destination: BANK_THB,
    });
    expect(refused.status, refused.text).toBe(201);
    expect(await thb(s)).toEqual({ available: 1940.98, reserved: 19.02 });
    await settleDue(3);
    const read = await client.request<RefundResource>('GET', `/payins/${s.idPayin}/refunds/magic-902`, {
      token: s.token,
    });
    expect(read.body).toMatchObject({ status: 'REFUSED', processorStatus: 'ACCOUNT_INVALID' });
    expect(await thb(s)).toEqual({ available: 1960, reserved: 0 });
    expect((await refundsOf(s, s.idPayin)).refundable).toEqual({ amount: 1000, currencyCode: 'THB' });
    // The same idRefund is still taken; a new one may take the whole amount.
    expectProblem(
      await refund(s, s.idPayin, 'magic-902', { destination: BANK_THB }),
      409,
      'REFUND_ALREADY_EXISTS',
    );
    expect((await refund(s, s.idPayin, 'again', { destination: BANK_THB })).status).toBe(201);
  });

  it("plays a paid refund the payer's bank returns later: REFUSED after all, refundable again", async () => {
    const s = await fundedShop();
    // …910 waits for the simulate call.
    const created = await refund(s, s.idPayin, 'returned-later', {
      money: { amount: 109.1, currencyCode: 'THB' },
      destination: BANK_THB,
    });
    expect(created.status, created.text).toBe(201);
    const simulate = (body: unknown) =>
      client.request<RefundResource>(
        'POST',
        `/sandbox/payins/${s.idPayin}/refunds/returned-later/!simulate`,
        {
          token: s.token,
          body,
        },
      );
    const paid = await simulate({ status: 'SUCCESS' });
    expect(paid.body.status).toBe('SUCCESS');
    expect(await thb(s)).toEqual({ available: 1850.9, reserved: 0 });
    expect((await refundsOf(s, s.idPayin)).refundable).toEqual({ amount: 890.9, currencyCode: 'THB' });
    expectProblem(await simulate({ status: 'SUCCESS' }), 409, 'REFUND_FINAL');

    const returned = await simulate({ status: 'REFUSED', processorStatus: 'NAME_MISMATCH' });
    expect(returned.status, returned.text).toBe(200);
    expect(returned.body).toMatchObject({
      status: 'REFUSED',
      processorStatus: 'NAME_MISMATCH',
      processedAt: paid.body.processedAt,
      returnedAt: expect.any(String) as string,
    });
    expect(await thb(s)).toEqual({ available: 1960, reserved: 0 });
    expect((await refundsOf(s, s.idPayin)).refundable).toEqual({ amount: 1000, currencyCode: 'THB' });
    expectProblem(await simulate({ status: 'REFUSED' }), 409, 'REFUND_FINAL');
    expect(await checkLedgerInvariants(api.runtime.deps.db)).toEqual([]);
  });

  it('answers 409 for the same idRefund, even on another payin', async () => {
    const s = await fundedShop();
    const other = await paidPayin(s, 500);
    expect(
      (
        await refund(s, s.idPayin, 'once', {
          money: { amount: 10, currencyCode: 'THB' },
          destination: BANK_THB,
        })
      ).status,
    ).toBe(201);
    const before = await thb(s);
    expectProblem(
      await refund(s, s.idPayin, 'once', { destination: BANK_THB }),
      409,
      'REFUND_ALREADY_EXISTS',
    );
    expectProblem(await refund(s, other, 'once', { destination: BANK_THB }), 409, 'REFUND_ALREADY_EXISTS');
    expect(await thb(s)).toEqual(before);
  });

  it('refuses a payin that did not succeed, an unknown one, another currency and a bad destination', async () => {
    const s = await fundedShop();
    const open = await paidPayin(s, 100, 'THB', false);
    expectProblem(await refund(s, open, 'open', { destination: BANK_THB }), 409, 'PAYIN_NOT_REFUNDABLE');
    expectProblem(await refund(s, 'nope-123', 'nope', { destination: BANK_THB }), 404, 'PAYIN_NOT_FOUND');
    const currency = await refund(s, s.idPayin, 'vnd', { money: { amount: 10000, currencyCode: 'VND' } });
    expectProblem(currency, 422, 'REFUND_CURRENCY_MISMATCH');
    const bad = await refund(s, s.idPayin, 'bad', {
      destination: { paymentMethodCode: 'BANK_TRANSFER', account: { accountNumber: '12', bankCode: '999' } },
    });
    expectProblem(bad, 400, 'VALIDATION_FAILED');
    expect(fieldsOf(bad)).toEqual([
      'destination.account.bankCode',
      'destination.account.accountNumber',
      'destination.account.accountName',
    ]);
    const invalid = await refund(s, s.idPayin, 'bad amount', { money: { amount: -1, currencyCode: 'THB' } });
    expectProblem(invalid, 400, 'VALIDATION_FAILED');
    expect(await thb(s)).toEqual({ available: 1960, reserved: 0 });
    expect((await refundsOf(s, s.idPayin)).data).toEqual([]);
  });

  it('refuses a refund the available balance cannot cover, with nothing kept', async () => {
    const s = await shop();
    const idPayin = await paidPayin(s, 1000); // 980.00 available: the fee is not given back
    const short = await refund(s, idPayin, 'full', { destination: BANK_THB });
    expectProblem(short, 422, 'INSUFFICIENT_BALANCE');
    expect(await thb(s)).toEqual({ available: 980, reserved: 0 });
    expect(
      (
        await refund(s, idPayin, 'full', {
          money: { amount: 980, currencyCode: 'THB' },
          destination: BANK_THB,
        })
      ).status,
    ).toBe(201);
  });

  it('charges the refund fee the merchant terms set, with VAT, and gives back the payin fee never', async () => {
    const s = await fundedShop({ refundFee: { percent: 1, fixed: { THB: 5 } }, vatPercent: 7 });
    const created = await refund(s, s.idPayin, 'with-fee', {
      money: { amount: 100, currencyCode: 'THB' },
      destination: BANK_THB,
    });
    expect(created.status, created.text).toBe(201);
    expect(created.body.fee).toEqual({ amount: 6, currencyCode: 'THB' });
    expect(created.body.vat).toEqual({ amount: 0.42, currencyCode: 'THB' });
    const before = await thb(s);
    expect(before.reserved).toBe(106.42);
  });

  it('needs a merchant-wide token naming the operation, and live, an account paying out by file', async () => {
    const s = await fundedShop();
    const narrow = await client.token(s.merchant, ['GET /payins/.*']);
    expectProblem(await refund(s, s.idPayin, 'narrow', {}, narrow), 403, 'OPERATION_NOT_PERMITTED');
    const scoped = await client.token(s.merchant, OPERATIONS, { idPayment: s.idPayin });
    expectProblem(await refund(s, s.idPayin, 'scoped', {}, scoped), 403, 'PAYMENT_NOT_PERMITTED');
    // A live merchant none of whose accounts pays out by file (tests/api/refund-batches.test.ts has the
    // live refunds that can leave, docs/decisions/042).
    const live = await api.createMerchant({ test: false });
    const liveToken = await client.token(live, OPERATIONS);
    const answer = await client.request<{ detail: string }>(
      'POST',
      `/payins/${newIdPayin('live')}/refunds/r1`,
      { token: liveToken, body: {} },
    );
    expectProblem(answer, 422, 'REFUNDS_NOT_AVAILABLE');
    expect(answer.body.detail).toContain('"payouts": { "format": "pain.001" }');
  });
});

describe('the books', () => {
  it('catch a refund whose status and ledger disagree, or refunds above their payin', async () => {
    const s = await fundedShop();
    expect(
      (
        await refund(s, s.idPayin, 'audited', {
          money: { amount: 40, currencyCode: 'THB' },
          destination: BANK_THB,
        })
      ).status,
    ).toBe(201);
    const db = api.runtime.deps.db;
    const where = sql`merchant_code = ${s.merchant.merchantCode} and id_refund = 'audited'`;
    try {
      // Marked paid without its debit, and for more than the payin received.
      await sql`update refunds set status = 'SUCCESS', amount_minor = 200000 where ${where}`.execute(db);
      const problems = await checkLedgerInvariants(db);
      expect(problems).toContain('refund audited (SUCCESS): 1 reserves, 0 debits, 0 releases, 0 returns');
      expect(problems).toContain(`payin ${s.idPayin} of 100000 has 200000 refunded or pending refund`);
    } finally {
      await sql`update refunds set status = 'PENDING', amount_minor = 4000 where ${where}`.execute(db);
    }
    expect(await checkLedgerInvariants(db)).toEqual([]);
  });
});

describe('a claim link', () => {
  it("is given when the payin does not know the payer's account, and the payer claims it", async () => {
    const s = await fundedShop({}, 'USDT');
    const created = await refund(s, s.idPayin, 'claimed', { reason: 'Out of stock' });
    expect(created.status, created.text).toBe(201);
    expect(created.body.destination).toBeUndefined();
    const secret = claimSecretOf(created.body.claimUrl);
    expect(created.body.claimExpiresAt).toBe(new Date(clock().getTime() + 7 * 86_400_000).toISOString());
    // Shown again on every read while open.
    const again = await client.request<RefundResource>('GET', `/payins/${s.idPayin}/refunds/claimed`, {
      token: s.token,
    });
    expect(again.body.claimUrl).toBe(created.body.claimUrl);

    const view = await client.request<RefundClaim>('GET', `/refund-claims/${secret}`);
    expect(view.status, view.text).toBe(200);
    expect(view.body).toMatchObject({
      merchantName: 'Test Shop',
      money: { amount: 1000, currencyCode: 'USDT' },
      reason: 'Out of stock',
      state: 'OPEN',
    });
    expect(view.body.options.map((option) => option.paymentMethodCode)).toEqual(['CRYPTO']);
    expect(view.text).not.toContain(s.merchant.merchantCode);

    const bad = await client.request('POST', `/refund-claims/${secret}`, {
      body: {
        destination: { paymentMethodCode: 'BANK_TRANSFER', account: { accountNumber: '1', bankCode: '004' } },
      },
    });
    expectProblem(bad, 400, 'CURRENCY_NOT_SUPPORTED');
    const typo = await client.request('POST', `/refund-claims/${secret}`, {
      body: {
        destination: {
          ...WALLET_USDT,
          account: { accountNumber: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD' },
        },
      },
    });
    expectProblem(typo, 400, 'VALIDATION_FAILED');
    expect(fieldsOf(typo)).toEqual(['destination.account.accountNumber']);
    const claimed = await client.request<RefundClaim>('POST', `/refund-claims/${secret}`, {
      body: { destination: WALLET_USDT },
    });
    expect(claimed.status, claimed.text).toBe(200);
    expect(claimed.body).toMatchObject({
      state: 'CLAIMED',
      destination: {
        paymentMethodCode: 'CRYPTO',
        accountEnding: 'BeAed'.slice(-4),
        paymentOperatorName: 'Ethereum (ERC-20)',
      },
    });
    expectProblem(
      await client.request('POST', `/refund-claims/${secret}`, { body: { destination: WALLET_USDT } }),
      409,
      'REFUND_CLAIM_CLOSED',
    );
    const read = await client.request<RefundResource>('GET', `/payins/${s.idPayin}/refunds/claimed`, {
      token: s.token,
    });
    expect(read.body.claimUrl).toBeUndefined();
    expect(read.body.destination).toMatchObject({ source: 'CLAIM', paymentMethodCode: 'CRYPTO' });
    expect(read.body.claimedAt).toBeDefined();
    await settleDue(10);
    expect((await client.request<RefundClaim>('GET', `/refund-claims/${secret}`)).body.state).toBe('SUCCESS');
  });

  it('expires unclaimed: REFUSED with CLAIM_EXPIRED and the money back in the balance', async () => {
    const s = await fundedShop({}, 'USDT');
    const created = await refund(s, s.idPayin, 'unclaimed', { money: { amount: 250, currencyCode: 'USDT' } });
    expect(created.status, created.text).toBe(201);
    const secret = claimSecretOf(created.body.claimUrl);
    expect(await usdt(s)).toEqual({ available: 1710, reserved: 250 });
    clock.advance(7 * 86_400_000 + 1000);
    expect(await api.runtime.refunds.expireClaims()).toBeGreaterThanOrEqual(1);
    const read = await client.request<RefundResource>('GET', `/payins/${s.idPayin}/refunds/unclaimed`, {
      token: s.token,
    });
    expect(read.body).toMatchObject({ status: 'REFUSED', processorStatus: 'CLAIM_EXPIRED' });
    expect(read.body.claimUrl).toBeUndefined();
    expect(await usdt(s)).toEqual({ available: 1960, reserved: 0 });
    expect((await client.request<RefundClaim>('GET', `/refund-claims/${secret}`)).body.state).toBe('EXPIRED');
    expectProblem(
      await client.request('POST', `/refund-claims/${secret}`, { body: { destination: WALLET_USDT } }),
      409,
      'REFUND_CLAIM_CLOSED',
    );
  });

  it('expires when opened after its time even before the worker ran', async () => {
    const s = await fundedShop({}, 'USDT');
    const created = await refund(s, s.idPayin, 'late', { money: { amount: 10, currencyCode: 'USDT' } });
    const secret = claimSecretOf(created.body.claimUrl);
    clock.advance(7 * 86_400_000 + 1000);
    expectProblem(
      await client.request('POST', `/refund-claims/${secret}`, { body: { destination: WALLET_USDT } }),
      409,
      'REFUND_CLAIM_CLOSED',
    );
    const read = await client.request<RefundResource>('GET', `/payins/${s.idPayin}/refunds/late`, {
      token: s.token,
    });
    expect(read.body).toMatchObject({ status: 'REFUSED', processorStatus: 'CLAIM_EXPIRED' });
  });

  it('can be ended from the sandbox: never SUCCESS before the payer claimed it, CLAIM_EXPIRED at once', async () => {
    const s = await fundedShop({}, 'USDT');
    const created = await refund(s, s.idPayin, 'simulated', { money: { amount: 5, currencyCode: 'USDT' } });
    const secret = claimSecretOf(created.body.claimUrl);
    const simulate = (body: unknown) =>
      client.request<RefundResource>('POST', `/sandbox/payins/${s.idPayin}/refunds/simulated/!simulate`, {
        token: s.token,
        body,
      });
    expectProblem(await simulate({ status: 'SUCCESS' }), 409, 'REFUND_NOT_CLAIMED');
    expectProblem(
      await simulate({ status: 'REFUSED', processorStatus: 'APPROVED' }),
      400,
      'VALIDATION_FAILED',
    );
    const expired = await simulate({ status: 'REFUSED', processorStatus: 'CLAIM_EXPIRED' });
    expect(expired.status, expired.text).toBe(200);
    expect(expired.body).toMatchObject({ status: 'REFUSED', processorStatus: 'CLAIM_EXPIRED' });
    expect((await client.request<RefundClaim>('GET', `/refund-claims/${secret}`)).body.state).toBe('EXPIRED');
    expectProblem(await simulate({ status: 'REFUSED' }), 409, 'REFUND_FINAL');
    expect(await usdt(s)).toEqual({ available: 1960, reserved: 0 });
  });

  it('is unknown for a made-up or malformed secret', async () => {
    expectProblem(
      await client.request('GET', `/refund-claims/${'A'.repeat(43)}`),
      404,
      'REFUND_CLAIM_NOT_FOUND',
    );
    expectProblem(await client.request('GET', '/refund-claims/short'), 404, 'REFUND_CLAIM_NOT_FOUND');
  });
});
