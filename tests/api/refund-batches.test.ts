import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CollectionIngestResource } from '@/lib/api/collection-responses';
import type { PayoutBatchResource } from '@/lib/api/payout-batch-responses';
import type {
  BalancesResource,
  BalanceTransactionsResource,
  PayoutResource,
} from '@/lib/api/payout-responses';
import type { RefundClaim, RefundResource } from '@/lib/api/refund-responses';
import { checkLedgerInvariants } from '@/server/audit';
import type { CallbackDispatcherWorker } from '@/server/callbacks';
import type { MerchantEntry } from '@/server/merchants';
import { ALL_PAYIN_OPERATIONS, PacedApiClient } from '../support/api-client';
import { camt053, camt054, type ReportAccount, type ReportEntry } from '../support/bank-reports';
import { newIdPayin, payinRequest } from '../support/builders';
import { startCallbackListener, verifyHit, type CallbackListener } from '../support/callback-listener';
import { xsdProblems } from '../support/iso20022';
import { expectProblem, fieldsOf } from '../support/problem';
import {
  callbackDispatcherOf,
  manualClock,
  startTestApi,
  type TestApi,
  type TestMerchant,
} from '../support/test-api';

// Live refunds by file (docs/decisions/042): a live merchant's refund to a bank account waits at the
// account paying its currency and leaves in the same pain.001 batches as payouts; the account's
// camt.053/054 ends it by its EndToEndId, with its ledger transfer and its callback.
const OPERATIONS = [
  ...ALL_PAYIN_OPERATIONS,
  'POST /payouts/.*',
  'GET /payouts.*',
  'POST /payins/.*/refunds/.*',
  'GET /payins/.*/refunds.*',
  'POST /payout-batches.*',
  'GET /payout-batches.*',
  'POST /collection/statements',
  'GET /balances',
  'GET /balance-transactions',
];

const ACCOUNT: ReportAccount = {
  accountNumber: '1234567890',
  currency: 'THB',
  name: 'Bangkok Books Co., Ltd.',
};
type Accounts = NonNullable<MerchantEntry['collectionAccounts']>;
const PAYING: Accounts[number] = {
  id: 'kbank-current',
  type: 'BANK_ACCOUNT',
  currency: 'THB',
  bank: 'KBANK',
  accountNumber: ACCOUNT.accountNumber,
  accountName: ACCOUNT.name,
  payouts: { format: 'pain.001', bic: 'KASITHBK' },
};
const VND_ACCOUNT: ReportAccount = { accountNumber: '0071001234567', currency: 'VND', name: 'CONG TY SACH' };
const COLLECTING_VND: Accounts[number] = {
  id: 'vcb-main',
  type: 'BANK_ACCOUNT',
  currency: 'VND',
  bank: 'VCB',
  accountNumber: VND_ACCOUNT.accountNumber,
  accountName: VND_ACCOUNT.name,
};
const BANK_THB = {
  paymentMethodCode: 'BANK_TRANSFER',
  account: { accountName: 'Somchai Jaidee', accountNumber: '4012345678', bankCode: '014' },
};

const clock = manualClock(new Date('2026-11-27T02:00:00Z'));
let api: TestApi;
let client: PacedApiClient;
let dispatcher: CallbackDispatcherWorker;
let listener: CallbackListener;

beforeAll(async () => {
  api = await startTestApi({}, { clock });
  client = new PacedApiClient(api.baseUrl);
  dispatcher = callbackDispatcherOf(api);
  listener = await startCallbackListener();
});
afterAll(async () => {
  await listener.close();
  // Whatever the tests did, the books hold: each refund and payout reserved once, debited or released once.
  expect(await checkLedgerInvariants(api.runtime.deps.db)).toEqual([]);
  await api.close();
});

interface Shop {
  merchant: TestMerchant;
  token: string;
  /** The live payin that funded the shop: what its refunds give back. */
  idPayin: string;
}

let bankSequence = 0;
const bankRef = () => `FT${Date.now()}${++bankSequence}`;

async function importReport(s: Pick<Shop, 'token'>, xml: string, account = PAYING.id) {
  const response = await client.request<CollectionIngestResource>(
    'POST',
    `/collection/statements?account=${account}`,
    { token: s.token, headers: { 'content-type': 'application/xml' }, rawBody: xml },
  );
  expect(response.status, response.text).toBe(200);
  return response;
}

/** A live OFFLINE payin of `amount`, paid by a customer's transfer the account's statement reports. */
async function paidPayin(
  s: Pick<Shop, 'token'>,
  amount: number,
  account: { report: ReportAccount; id: string } = { report: ACCOUNT, id: PAYING.id },
): Promise<string> {
  const idPayin = newIdPayin('live');
  const created = await client.request<{ paymentMethodResponse: { reference: string } }>(
    'POST',
    `/payins/${idPayin}`,
    {
      token: s.token,
      body: payinRequest({
        paymentRequested: { money: { amount, currencyCode: account.report.currency } },
        paymentMethod: { paymentMethodCode: 'OFFLINE' },
        callbackUrl: listener.url('/payins'),
      }),
    },
  );
  expect(created.status, created.text).toBe(201);
  const credit: ReportEntry = {
    direction: 'CRDT',
    ref: bankRef(),
    amount: amount.toFixed(account.report.currency === 'VND' ? 0 : 2),
    bookedAt: '2026-11-27T09:00:00+07:00',
    transactions: [
      { endToEndId: 'NOTPROVIDED', note: `PAY ${created.body.paymentMethodResponse.reference}` },
    ],
  };
  const imported = await importReport(s, camt053(account.report, [credit]), account.id);
  expect(imported.body.transactions[0]?.transaction.outcome).toBe('APPLIED');
  return idPayin;
}

/** A live merchant whose KBANK account pays out by file, funded by a paid payin of `funds` THB. */
async function liveShop(funds: number, accounts: Accounts = [PAYING]): Promise<Shop> {
  const merchant = await api.createMerchant({
    test: false,
    collectionAccounts: accounts,
    fees: { default: { percent: 0 } },
    payoutFees: { default: { percent: 0 } },
  });
  const token = await client.token(merchant, OPERATIONS);
  return { merchant, token, idPayin: await paidPayin({ token }, funds) };
}

function refund(s: Shop, idRefund: string, body: unknown = {}, idPayin = s.idPayin) {
  return client.request<RefundResource>('POST', `/payins/${idPayin}/refunds/${idRefund}`, {
    token: s.token,
    body: { callbackUrl: listener.url('/refunds'), ...(body as object) },
  });
}

const readRefund = async (s: Shop, idRefund: string, idPayin = s.idPayin) =>
  (await client.request<RefundResource>('GET', `/payins/${idPayin}/refunds/${idRefund}`, { token: s.token }))
    .body;

async function payout(s: Shop, idPayout: string, amount: number) {
  const created = await client.request<PayoutResource>('POST', `/payouts/${idPayout}`, {
    token: s.token,
    body: {
      paymentRequested: { money: { amount, currencyCode: 'THB' } },
      paymentMethod: BANK_THB,
      callbackUrl: listener.url('/payouts'),
    },
  });
  expect(created.status, created.text).toBe(201);
}

async function thb(s: Shop) {
  const response = await client.request<BalancesResource>('GET', '/balances', { token: s.token });
  const row = response.body.data.find((entry) => entry.currencyCode === 'THB')!;
  return { available: row.available.amount, reserved: row.reserved.amount };
}

const createBatch = (s: Shop) =>
  client.request<PayoutBatchResource>('POST', '/payout-batches', { token: s.token });
const readBatch = (s: Shop, idBatch: string) =>
  client.request<PayoutBatchResource>('GET', `/payout-batches/${idBatch}`, { token: s.token });
const download = (s: Shop, idBatch: string) =>
  client.request('GET', `/payout-batches/${idBatch}/pain.001`, { token: s.token });
const cancel = (s: Shop, idBatch: string) =>
  client.request<PayoutBatchResource>('POST', `/payout-batches/${idBatch}/!cancel`, { token: s.token });

const endToEndIdsOf = (xml: string) =>
  [...xml.matchAll(/<EndToEndId>([^<]+)<\/EndToEndId>/g)].map((match) => match[1]);

/** A booked debit of the account for these transfers, one entry each. */
const debit = (endToEndId: string, amount: string): ReportEntry => ({
  direction: 'DBIT',
  ref: bankRef(),
  amount,
  bookedAt: '2026-11-27T15:00:00+07:00',
  transactions: [{ endToEndId }],
});

/** Runs the dispatcher until every one of `ids` was announced to the listener; their hits. */
async function announced(ids: readonly string[]) {
  const all = (hits: readonly { body: string }[]) =>
    ids.every((id) => hits.some((hit) => hit.body.includes(`"${id}"`)));
  for (let round = 0; round < 8 && !all(listener.hits); round++) await dispatcher.runOnce();
  return listener.waitFor(all);
}

describe('live refunds by file', () => {
  it('a full day: payouts and refunds in one batch, its pain.001, then the statement ends them all', async () => {
    const s = await liveShop(5000);
    await payout(s, 'po-day-1', 1000.5);
    await payout(s, 'po-day-2', 99);
    const longId = `rf-day-${'x'.repeat(40)}`;
    const given = await refund(s, 'rf-day-1', {
      money: { amount: 200, currencyCode: 'THB' },
      reason: 'Damaged in transit',
      destination: BANK_THB,
    });
    expect(given.status, given.text).toBe(201);
    expect(given.body).toMatchObject({
      status: 'PENDING',
      isTest: false,
      endToEndId: 'R/rf-day-1',
      destination: { source: 'MERCHANT', paymentMethodCode: 'BANK_TRANSFER' },
    });
    expect(given.body.claimUrl).toBeUndefined();
    // An idRefund too long for an EndToEndId goes by its reference.
    const long = await refund(s, longId, {
      money: { amount: 50.25, currencyCode: 'THB' },
      destination: BANK_THB,
    });
    expect(long.status, long.text).toBe(201);
    expect(long.body.endToEndId).toBe(`RF/${long.body.reference}`);
    const returned = await refund(s, 'rf-day-3', {
      money: { amount: 30, currencyCode: 'THB' },
      destination: { ...BANK_THB, account: { ...BANK_THB.account, accountNumber: '4099999999' } },
    });
    expect(returned.status, returned.text).toBe(201);
    expect(await thb(s)).toEqual({ available: 3620.25, reserved: 1379.75 });

    const cut = await createBatch(s);
    expect(cut.status, cut.text).toBe(201);
    expect(cut.body).toMatchObject({
      status: 'READY',
      payoutCount: 2,
      refundCount: 3,
      pendingCount: 5,
      money: { amount: 1379.75, currencyCode: 'THB' },
    });
    expect(cut.body.payouts.map((p) => p.idPayout)).toEqual(['po-day-1', 'po-day-2']);
    expect(cut.body.refunds).toEqual([
      {
        idRefund: 'rf-day-1',
        idPayin: s.idPayin,
        endToEndId: 'R/rf-day-1',
        money: { amount: 200, currencyCode: 'THB' },
        status: 'PENDING',
      },
      expect.objectContaining({ idRefund: longId, endToEndId: long.body.endToEndId }),
      expect.objectContaining({ idRefund: 'rf-day-3', endToEndId: 'R/rf-day-3' }),
    ]);
    expectProblem(await createBatch(s), 422, 'PAYOUT_BATCH_EMPTY');

    const file = await download(s, cut.body.idBatch);
    expect(file.status).toBe(200);
    expect(await xsdProblems(file.text, 'pain.001.001.09')).toEqual([]);
    expect(file.text).toContain('<NbOfTxs>5</NbOfTxs>');
    expect(file.text).toContain('<CtrlSum>1379.75</CtrlSum>');
    expect(endToEndIdsOf(file.text)).toEqual([
      'po-day-1',
      'po-day-2',
      'R/rf-day-1',
      long.body.endToEndId,
      'R/rf-day-3',
    ]);
    expect(file.text).toContain(`<Ustrd>Refund ${s.idPayin}: Damaged in transit</Ustrd>`);
    expect(file.text).toContain(`<Ustrd>Refund ${s.idPayin}</Ustrd>`);
    expect(file.text).toContain('<InstdAmt Ccy="THB">50.25</InstdAmt>');
    expect(file.text).toContain('<Id>4099999999</Id>');

    // The evening's statement: every transfer debited, the third refund returned (AC04), a stranger.
    const statement = camt053(ACCOUNT, [
      {
        direction: 'DBIT',
        ref: bankRef(),
        amount: '1299.50',
        bookedAt: '2026-11-27T15:00:00+07:00',
        transactions: [
          { endToEndId: 'po-day-1', amount: '1000.50' },
          { endToEndId: 'po-day-2', amount: '99.00' },
          { endToEndId: 'R/rf-day-1', amount: '200.00' },
        ],
      },
      debit(long.body.endToEndId!, '50.25'),
      debit('R/rf-day-3', '30.00'),
      {
        direction: 'CRDT',
        ref: bankRef(),
        amount: '30.00',
        bookedAt: '2026-11-27T16:30:00+07:00',
        transactions: [{ endToEndId: 'R/rf-day-3', returnReason: 'AC04' }],
      },
      debit('R/someone-else', '15.00'),
    ]);
    expect(await xsdProblems(statement, 'camt.053.001.08')).toEqual([]);
    const imported = await importReport(s, statement);
    expect(imported.body.payouts).toEqual({
      succeeded: ['po-day-1', 'po-day-2'],
      refused: [],
      refunds: { succeeded: ['rf-day-1', longId], refused: ['rf-day-3'] },
      unchanged: 1,
      problems: [
        {
          where: expect.stringMatching(/^Ntry 5/) as string,
          endToEndId: 'R/someone-else',
          message: `No payout or refund of account ${PAYING.id} has EndToEndId R/someone-else.`,
        },
      ],
    });
    expect(imported.body.stored).toBe(0);

    expect(await readRefund(s, 'rf-day-1')).toMatchObject({ status: 'SUCCESS', processorStatus: 'APPROVED' });
    expect(await readRefund(s, longId)).toMatchObject({ status: 'SUCCESS', processorStatus: 'APPROVED' });
    expect(await readRefund(s, 'rf-day-3')).toMatchObject({
      status: 'REFUSED',
      processorStatus: 'ACCOUNT_CLOSED',
      endToEndId: 'R/rf-day-3',
    });
    expect(await thb(s)).toEqual({ available: 3650.25, reserved: 0 });
    const list = await client.request<{ refunded: unknown; refundable: unknown }>(
      'GET',
      `/payins/${s.idPayin}/refunds`,
      { token: s.token },
    );
    expect(list.body).toMatchObject({
      refunded: { amount: 250.25, currencyCode: 'THB' },
      refundable: { amount: 4749.75, currencyCode: 'THB' },
    });
    expect((await readBatch(s, cut.body.idBatch)).body).toMatchObject({
      status: 'COMPLETED',
      pendingCount: 0,
    });

    // The ledger: the payin's lines show each refund reserved, then debited or released.
    const ledger = await client.request<BalanceTransactionsResource>(
      'GET',
      `/balance-transactions?idPayin=${s.idPayin}`,
      { token: s.token },
    );
    const lines = ledger.body.data.map((transfer) => [transfer.type, transfer.idRefund]);
    expect(lines).toEqual(
      expect.arrayContaining([
        ['REFUND_RESERVE', 'rf-day-1'],
        ['REFUND_DEBIT', 'rf-day-1'],
        ['REFUND_DEBIT', longId],
        ['REFUND_RESERVE', 'rf-day-3'],
        ['REFUND_RELEASE', 'rf-day-3'],
      ]),
    );
    expect(lines.filter(([type]) => type === 'REFUND_DEBIT')).toHaveLength(2);
    expect(lines.filter(([type]) => type === 'REFUND_RELEASE')).toHaveLength(1);

    // Announced, signed: one refund.status_changed per refund, naming its payin.
    const hits = await announced(['rf-day-1', longId, 'rf-day-3', 'po-day-1', 'po-day-2']);
    for (const id of ['rf-day-1', longId, 'rf-day-3']) {
      const hit = hits.find((one) => one.body.includes(`"${id}"`))!;
      expect(verifyHit(hit, s.merchant.callbackSecret)).toMatchObject({
        type: 'refund.status_changed',
        idPayin: s.idPayin,
        idRefund: id,
      });
    }

    // The same statement again changes nothing.
    const again = await importReport(s, statement);
    expect(again.body.payouts).toMatchObject({
      succeeded: [],
      refused: [],
      refunds: { succeeded: [], refused: [] },
      unchanged: 6,
    });
    expect(await thb(s)).toEqual({ available: 3650.25, reserved: 0 });
  });

  it('a batch of refunds only, cancelled before download, gives them back to the next batch', async () => {
    const s = await liveShop(1000);
    expect(
      (await refund(s, 'rf-cx-1', { money: { amount: 10, currencyCode: 'THB' }, destination: BANK_THB }))
        .status,
    ).toBe(201);
    const first = await createBatch(s);
    expect(first.status, first.text).toBe(201);
    expect(first.body).toMatchObject({ payoutCount: 0, refundCount: 1, payouts: [] });
    const cancelled = await cancel(s, first.body.idBatch);
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(cancelled.body).toMatchObject({ status: 'CANCELLED', payouts: [], refunds: [], pendingCount: 0 });
    expect(await readRefund(s, 'rf-cx-1')).toMatchObject({ status: 'PENDING', endToEndId: 'R/rf-cx-1' });

    await payout(s, 'po-cx-1', 20);
    expect(
      (await refund(s, 'rf-cx-2', { money: { amount: 5, currencyCode: 'THB' }, destination: BANK_THB }))
        .status,
    ).toBe(201);
    const second = await createBatch(s);
    expect(second.status, second.text).toBe(201);
    expect(second.body.payouts.map((p) => p.idPayout)).toEqual(['po-cx-1']);
    expect(second.body.refunds.map((r) => r.idRefund)).toEqual(['rf-cx-1', 'rf-cx-2']);
    expect(second.body).toMatchObject({ payoutCount: 1, refundCount: 2, money: { amount: 35 } });
    const list = await client.request<{ data: { idBatch: string; refundCount: number }[] }>(
      'GET',
      '/payout-batches',
      { token: s.token },
    );
    expect(list.body.data.map((batch) => [batch.idBatch, batch.refundCount])).toEqual([
      [second.body.idBatch, 2],
      [first.body.idBatch, 1],
    ]);
    // Downloaded, a rejection (camt.054 RJCT) refuses the refund and gives its money back.
    expect((await download(s, second.body.idBatch)).status).toBe(200);
    const notification = camt054(ACCOUNT, [
      {
        direction: 'DBIT',
        status: 'RJCT',
        ref: bankRef(),
        amount: '10.00',
        bookedAt: '2026-11-27T11:00:00+07:00',
        transactions: [{ endToEndId: 'R/rf-cx-1', returnReason: 'AC01' }],
      },
      debit('R/rf-cx-2', '6.00'),
    ]);
    expect(await xsdProblems(notification, 'camt.054.001.08')).toEqual([]);
    const imported = await importReport(s, notification);
    expect(imported.body.payouts).toMatchObject({
      refunds: { succeeded: [], refused: ['rf-cx-1'] },
      problems: [
        { endToEndId: 'R/rf-cx-2', message: expect.stringContaining("is not refund rf-cx-2's") as string },
      ],
    });
    expect(await readRefund(s, 'rf-cx-1')).toMatchObject({
      status: 'REFUSED',
      processorStatus: 'ACCOUNT_INVALID',
    });
    expect((await readRefund(s, 'rf-cx-2')).status).toBe('PENDING');
    expect(await thb(s)).toEqual({ available: 975, reserved: 25 });
  });

  it('a refund paid by one statement and returned by a later one ends REFUSED after all, and the payin can be refunded again', async () => {
    const s = await liveShop(1000);
    expect(
      (await refund(s, 'rf-late', { money: { amount: 1000, currencyCode: 'THB' }, destination: BANK_THB }))
        .status,
    ).toBe(201);
    const cut = await createBatch(s);
    expect((await download(s, cut.body.idBatch)).status).toBe(200);
    const paid = await importReport(s, camt053(ACCOUNT, [debit('R/rf-late', '1000.00')]));
    expect(paid.body.payouts?.refunds).toEqual({ succeeded: ['rf-late'], refused: [] });
    expect(await thb(s)).toEqual({ available: 0, reserved: 0 });
    // In full: nothing more can be refunded.
    expectProblem(
      await refund(s, 'rf-late-again', { money: { amount: 1, currencyCode: 'THB' }, destination: BANK_THB }),
      422,
      'REFUND_EXCEEDS_PAYMENT',
    );

    // The payer's bank sends it back (no such account) in the next day's statement.
    const back = await importReport(
      s,
      camt053(
        ACCOUNT,
        [
          {
            direction: 'CRDT',
            ref: bankRef(),
            amount: '1000.00',
            bookedAt: '2026-11-28T10:00:00+07:00',
            transactions: [{ endToEndId: 'R/rf-late', returnReason: 'AC01' }],
          },
        ],
        '2026-11-28',
      ),
    );
    expect(back.body.payouts).toMatchObject({
      refunds: { succeeded: [], refused: ['rf-late'] },
      problems: [],
    });
    expect(back.body.stored).toBe(0);
    expect(await readRefund(s, 'rf-late')).toMatchObject({
      status: 'REFUSED',
      processorStatus: 'ACCOUNT_INVALID',
      processedAt: expect.any(String) as string,
      returnedAt: expect.any(String) as string,
    });
    expect(await thb(s)).toEqual({ available: 1000, reserved: 0 });
    const list = await client.request<{ refunded: unknown; refundable: unknown }>(
      'GET',
      `/payins/${s.idPayin}/refunds`,
      { token: s.token },
    );
    expect(list.body).toMatchObject({
      refunded: { amount: 0, currencyCode: 'THB' },
      refundable: { amount: 1000, currencyCode: 'THB' },
    });
    expect(await checkLedgerInvariants(api.runtime.deps.db)).toEqual([]);
    // Paid, then returned: two callbacks for it.
    const twice = (all: readonly { body: string }[]) =>
      all.filter((hit) => hit.body.includes('"rf-late"')).length >= 2;
    for (let round = 0; round < 8 && !twice(listener.hits); round++) await dispatcher.runOnce();
    const hits = (await listener.waitFor(twice)).filter((hit) => hit.body.includes('"rf-late"'));
    expect(hits).toHaveLength(2);
    expect(verifyHit(hits[1]!, s.merchant.callbackSecret)).toMatchObject({
      type: 'refund.status_changed',
      idRefund: 'rf-late',
    });
    // The merchant can refund again, to the right account this time.
    expect(
      (
        await refund(s, 'rf-late-again', {
          money: { amount: 1000, currencyCode: 'THB' },
          destination: BANK_THB,
        })
      ).status,
    ).toBe(201);
  });

  it('a refund waiting for its claim joins the queue once the payer gives a bank account', async () => {
    const s = await liveShop(1000);
    // The payer's account of a live payin is not known (decision 042): the payer is asked.
    const created = await refund(s, 'rf-claim', {
      money: { amount: 120, currencyCode: 'THB' },
      reason: 'Sold out',
    });
    expect(created.status, created.text).toBe(201);
    expect(created.body).toMatchObject({ status: 'PENDING', endToEndId: 'R/rf-claim' });
    expect(created.body.destination).toBeUndefined();
    const secret = created.body.claimUrl!.split('/').pop()!;
    expectProblem(await createBatch(s), 422, 'PAYOUT_BATCH_EMPTY');

    // A live refund leaves by bank file: the claim page offers bank accounts only.
    const view = await client.request<RefundClaim>('GET', `/refund-claims/${secret}`);
    expect(view.body).toMatchObject({ state: 'OPEN', isTest: false, reason: 'Sold out' });
    expect(view.body.options.map((option) => option.paymentMethodCode)).toEqual(['BANK_TRANSFER']);
    const promptPay = await client.request('POST', `/refund-claims/${secret}`, {
      body: { destination: { paymentMethodCode: 'PROMPTPAY', account: { accountNumber: '0812345678' } } },
    });
    expectProblem(promptPay, 400, 'VALIDATION_FAILED');
    expect(fieldsOf(promptPay)).toEqual(['destination.paymentMethodCode']);
    expect((promptPay.body as { detail: string }).detail).toContain(
      'Only a bank account can receive this refund',
    );
    const claimed = await client.request<RefundClaim>('POST', `/refund-claims/${secret}`, {
      body: { destination: BANK_THB },
    });
    expect(claimed.status, claimed.text).toBe(200);
    expect(claimed.body).toMatchObject({
      state: 'CLAIMED',
      destination: { paymentMethodCode: 'BANK_TRANSFER' },
    });

    const cut = await createBatch(s);
    expect(cut.status, cut.text).toBe(201);
    expect(cut.body.refunds.map((r) => [r.idRefund, r.endToEndId])).toEqual([['rf-claim', 'R/rf-claim']]);
    const file = await download(s, cut.body.idBatch);
    expect(await xsdProblems(file.text, 'pain.001.001.09')).toEqual([]);
    expect(file.text).toContain('<Nm>Somchai Jaidee</Nm>');
    const imported = await importReport(s, camt054(ACCOUNT, [debit('R/rf-claim', '120.00')]));
    expect(imported.body.payouts?.refunds).toEqual({ succeeded: ['rf-claim'], refused: [] });
    expect(await readRefund(s, 'rf-claim')).toMatchObject({
      status: 'SUCCESS',
      destination: { source: 'CLAIM' },
    });
    expect((await client.request<RefundClaim>('GET', `/refund-claims/${secret}`)).body.state).toBe('SUCCESS');
    expect(await thb(s)).toEqual({ available: 880, reserved: 0 });
    await announced(['rf-claim']);
  });

  it('two cuts at once never put a refund in two batches', async () => {
    const s = await liveShop(1000);
    for (let n = 0; n < 4; n++) {
      const made = await refund(s, `rf-race-${n}`, {
        money: { amount: 10, currencyCode: 'THB' },
        destination: BANK_THB,
      });
      expect(made.status).toBe(201);
      await payout(s, `po-race-${n}`, 10);
    }
    const cuts = await Promise.all([createBatch(s), createBatch(s), createBatch(s)]);
    const made = cuts.filter((cut) => cut.status === 201);
    for (const cut of cuts) if (cut.status !== 201) expectProblem(cut, 422, 'PAYOUT_BATCH_EMPTY');
    expect(made.flatMap((cut) => cut.body.refunds.map((r) => r.idRefund)).sort()).toEqual(
      [0, 1, 2, 3].map((n) => `rf-race-${n}`),
    );
    expect(made.flatMap((cut) => cut.body.payouts.map((p) => p.idPayout)).sort()).toEqual(
      [0, 1, 2, 3].map((n) => `po-race-${n}`),
    );
  });

  it('still answers 422 REFUNDS_NOT_AVAILABLE, saying what is missing, when a refund cannot leave by file', async () => {
    const s = await liveShop(1000, [PAYING, COLLECTING_VND]);
    const detail = (response: { body: unknown }) => (response.body as { detail: string }).detail;
    // Not a bank account: PromptPay, UPI and wallets have no file to leave by.
    const promptPay = await refund(s, 'rf-pp', {
      money: { amount: 10, currencyCode: 'THB' },
      destination: { paymentMethodCode: 'PROMPTPAY', account: { accountNumber: '0812345678' } },
    });
    expectProblem(promptPay, 422, 'REFUNDS_NOT_AVAILABLE');
    expect(detail(promptPay)).toContain('BANK_TRANSFER destination only, not PROMPTPAY');
    // A currency no account pays out.
    const vndPayin = await paidPayin(s, 500_000, { report: VND_ACCOUNT, id: COLLECTING_VND.id });
    const vnd = await refund(s, 'rf-vnd', {}, vndPayin);
    expectProblem(vnd, 422, 'REFUNDS_NOT_AVAILABLE');
    expect(detail(vnd)).toContain('Live refunds in VND go out by bank file');
    // No account of the merchant pays out at all.
    const plain = await api.createMerchant({
      test: false,
      collectionAccounts: [{ ...PAYING, payouts: undefined }],
    });
    const none = await client.request('POST', `/payins/${s.idPayin}/refunds/rf-none`, {
      token: await client.token(plain, OPERATIONS),
      body: {},
    });
    expectProblem(none, 422, 'REFUNDS_NOT_AVAILABLE');
    // Nothing was kept.
    expect(await thb(s)).toEqual({ available: 1000, reserved: 0 });
    expectProblem(
      await client.request('GET', `/payins/${s.idPayin}/refunds/rf-pp`, { token: s.token }),
      404,
      'REFUND_NOT_FOUND',
    );
  });
});
