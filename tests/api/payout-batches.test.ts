import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PayoutBatchPage, PayoutBatchResource } from '@/lib/api/payout-batch-responses';
import type { CollectionIngestResource } from '@/lib/api/collection-responses';
import type {
  BalancesResource,
  BalanceTransactionsResource,
  PayoutResource,
} from '@/lib/api/payout-responses';
import { checkLedgerInvariants } from '@/server/audit';
import type { CallbackDispatcherWorker } from '@/server/callbacks';
import type { MerchantEntry } from '@/server/merchants';
import { ALL_PAYIN_OPERATIONS, PacedApiClient } from '../support/api-client';
import { camt053, camt054, type ReportEntry } from '../support/bank-reports';
import { newIdPayin, payinRequest } from '../support/builders';
import { startCallbackListener, verifyHit, type CallbackListener } from '../support/callback-listener';
import { xsdProblems } from '../support/iso20022';
import { expectProblem } from '../support/problem';
import {
  manualClock,
  startTestApi,
  type TestApi,
  type TestMerchant,
  callbackDispatcherOf,
} from '../support/test-api';

// Live bank payouts by file (docs/decisions/038): payouts wait at the account that pays them, a
// batch is downloaded as a pain.001 file, and the account's camt.053/054 ends each payout.
const OPERATIONS = [
  ...ALL_PAYIN_OPERATIONS,
  'POST /payouts/.*',
  'GET /payouts.*',
  'POST /payout-batches.*',
  'GET /payout-batches.*',
  'POST /collection/statements',
  'GET /balances',
  'GET /balance-transactions',
];

const ACCOUNT = { accountNumber: '1234567890', currency: 'THB', name: 'Bangkok Books Co., Ltd.' };
type Accounts = NonNullable<MerchantEntry['collectionAccounts']>;
const PAYING: Accounts[number] = {
  id: 'kbank-current',
  type: 'BANK_ACCOUNT',
  currency: 'THB',
  bank: 'KBANK',
  accountNumber: ACCOUNT.accountNumber,
  accountName: ACCOUNT.name,
  payouts: { format: 'pain.001', bic: 'KASITHBK', initiatingPartyId: 'TH0105550123451' },
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
  // Whatever the tests did, the books hold: each payout reserved once, debited or released once.
  expect(await checkLedgerInvariants(api.runtime.deps.db)).toEqual([]);
  await api.close();
});

interface Shop {
  merchant: TestMerchant;
  token: string;
}

let bankSequence = 0;
const bankRef = () => `FT${Date.now()}${++bankSequence}`;

/** A live merchant whose KBANK account pays out by file, funded by a customer's transfer of `funds`. */
async function liveShop(
  funds: number,
  accounts: Accounts = [PAYING],
  terms: Partial<MerchantEntry> = {},
): Promise<Shop> {
  const merchant = await api.createMerchant({
    test: false,
    collectionAccounts: accounts,
    fees: { default: { percent: 0 } },
    payoutFees: { default: { percent: 0 } },
    ...terms,
  });
  const s = { merchant, token: await client.token(merchant, OPERATIONS) };
  const idPayin = newIdPayin('fund');
  const created = await client.request<{ paymentMethodResponse: { reference: string } }>(
    'POST',
    `/payins/${idPayin}`,
    {
      token: s.token,
      body: payinRequest({
        paymentRequested: { money: { amount: funds, currencyCode: 'THB' } },
        paymentMethod: { paymentMethodCode: 'OFFLINE' },
      }),
    },
  );
  expect(created.status, created.text).toBe(201);
  const credit: ReportEntry = {
    direction: 'CRDT',
    ref: bankRef(),
    amount: funds.toFixed(2),
    bookedAt: '2026-11-27T09:00:00+07:00',
    transactions: [
      { endToEndId: 'NOTPROVIDED', note: `PAY ${created.body.paymentMethodResponse.reference}` },
    ],
  };
  const imported = await importReport(s, camt053(ACCOUNT, [credit]));
  expect(imported.body.transactions[0]?.transaction.outcome).toBe('APPLIED');
  return s;
}

async function importReport(s: Shop, xml: string, account = PAYING.id) {
  const response = await client.request<CollectionIngestResource>(
    'POST',
    `/collection/statements?account=${account}`,
    { token: s.token, headers: { 'content-type': 'application/xml' }, rawBody: xml },
  );
  expect(response.status, response.text).toBe(200);
  return response;
}

async function payout(s: Shop, idPayout: string, amount: number, bankCode = '014') {
  return client.request<PayoutResource>('POST', `/payouts/${idPayout}`, {
    token: s.token,
    body: {
      paymentRequested: { money: { amount, currencyCode: 'THB' } },
      paymentMethod: {
        paymentMethodCode: 'BANK_TRANSFER',
        account: { accountName: 'Somchai Jaidee', accountNumber: '4012345678', bankCode },
      },
      callbackUrl: listener.url('/payouts'),
    },
  });
}

async function thb(s: Shop) {
  const response = await client.request<BalancesResource>('GET', '/balances', { token: s.token });
  const row = response.body.data.find((entry) => entry.currencyCode === 'THB')!;
  return { available: row.available.amount, reserved: row.reserved.amount };
}

const createBatch = (s: Shop, body?: Record<string, unknown>) =>
  client.request<PayoutBatchResource>('POST', '/payout-batches', { token: s.token, ...(body && { body }) });
const readBatch = (s: Shop, idBatch: string) =>
  client.request<PayoutBatchResource>('GET', `/payout-batches/${idBatch}`, { token: s.token });
const download = (s: Shop, idBatch: string) =>
  client.request('GET', `/payout-batches/${idBatch}/pain.001`, { token: s.token });

describe('live payouts by file', () => {
  it('are accepted only to a bank account, in a currency an account pays out', async () => {
    const s = await liveShop(1000);
    const created = await payout(s, newIdPayin('po'), 100);
    expect(created.status, created.text).toBe(201);
    expect(created.body.process).toMatchObject({ status: 'PENDING', isTest: false });
    expect(created.body.paymentMethodResponse.endToEndId).toBe(created.body.paymentMethodResponse.idPayout);
    // An idPayout longer than an EndToEndId may be (35) goes by its reference.
    const long = `po-${'x'.repeat(50)}`;
    const longOne = await payout(s, long, 10);
    expect(longOne.status).toBe(201);
    expect(longOne.body.paymentMethodResponse.endToEndId).toBe(longOne.body.paymentMethodResponse.reference);

    const promptPay = await client.request('POST', `/payouts/${newIdPayin('po')}`, {
      token: s.token,
      body: {
        paymentRequested: { money: { amount: 10, currencyCode: 'THB' } },
        paymentMethod: { paymentMethodCode: 'PROMPTPAY', account: { accountNumber: '0812345678' } },
        callbackUrl: listener.url('/payouts'),
      },
    });
    expectProblem(promptPay, 422, 'PAYOUTS_NOT_AVAILABLE');
    const vnd = await client.request('POST', `/payouts/${newIdPayin('po')}`, {
      token: s.token,
      body: {
        paymentRequested: { money: { amount: 10000, currencyCode: 'VND' } },
        paymentMethod: {
          paymentMethodCode: 'BANK_TRANSFER',
          account: { accountName: 'Nguyen Van A', accountNumber: '0011001234567', bankCode: '970436' },
        },
        callbackUrl: listener.url('/payouts'),
      },
    });
    expectProblem(vnd, 422, 'PAYOUTS_NOT_AVAILABLE');
    expect(await thb(s)).toEqual({ available: 890, reserved: 110 });

    // A live merchant whose account does not pay out: as before.
    const other = await api.createMerchant({
      test: false,
      collectionAccounts: [{ ...PAYING, payouts: undefined }],
    });
    const refused = await payout(
      { merchant: other, token: await client.token(other, OPERATIONS) },
      'po-none',
      10,
    );
    expectProblem(refused, 422, 'PAYOUTS_NOT_AVAILABLE');
  });

  it('a full day: payouts, a batch, its pain.001, then the statement with debits, a return and a stranger', async () => {
    const s = await liveShop(5000);
    const ids = ['po-day-1', 'po-day-2', 'po-day-3'];
    for (const [index, id] of ids.entries())
      expect((await payout(s, id, [1000.5, 250.25, 99][index]!)).status).toBe(201);
    expect(await thb(s)).toEqual({ available: 3650.25, reserved: 1349.75 });

    const cut = await createBatch(s);
    expect(cut.status, cut.text).toBe(201);
    expect(cut.body).toMatchObject({
      accountId: PAYING.id,
      format: 'pain.001.001.09',
      status: 'READY',
      payoutCount: 3,
      pendingCount: 3,
      money: { amount: 1349.75, currencyCode: 'THB' },
      executionDate: '2026-11-27',
    });
    expect(cut.body.idBatch).toMatch(/^pb_[0-9a-f]{24}$/);
    expect(cut.body.payouts.map((p) => [p.idPayout, p.endToEndId, p.status])).toEqual(
      ids.map((id) => [id, id, 'PENDING']),
    );
    expectProblem(await createBatch(s), 422, 'PAYOUT_BATCH_EMPTY');

    const file = await download(s, cut.body.idBatch);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(file.headers.get('content-disposition')).toBe(
      `attachment; filename="${cut.body.idBatch}.pain.001.xml"`,
    );
    expect(await xsdProblems(file.text, 'pain.001.001.09')).toEqual([]);
    expect(file.text).toContain(`<MsgId>${cut.body.idBatch}</MsgId>`);
    expect(file.text).toContain('<NbOfTxs>3</NbOfTxs>');
    expect(file.text).toContain('<CtrlSum>1349.75</CtrlSum>');
    expect(file.text).toContain('<BICFI>KASITHBK</BICFI>');
    expect(file.text).toContain('<Id>TH0105550123451</Id>');
    expect([...file.text.matchAll(/<EndToEndId>([^<]+)<\/EndToEndId>/g)].map((m) => m[1])).toEqual(ids);
    expect(file.text).toContain('<InstdAmt Ccy="THB">1000.50</InstdAmt>');
    // The same bytes again; downloaded, it can no longer be cancelled.
    expect((await download(s, cut.body.idBatch)).text).toBe(file.text);
    expect((await readBatch(s, cut.body.idBatch)).body.status).toBe('DOWNLOADED');
    expectProblem(
      await client.request('POST', `/payout-batches/${cut.body.idBatch}/!cancel`, { token: s.token }),
      409,
      'PAYOUT_BATCH_DOWNLOADED',
    );

    // The evening's statement: one batch booking of the first two, the third debited and returned
    // (account closed), a customer's credit, and a debit of a transfer we never sent.
    const statement = camt053(ACCOUNT, [
      {
        direction: 'DBIT',
        ref: bankRef(),
        amount: '1250.75',
        bookedAt: '2026-11-27T15:00:00+07:00',
        transactions: [
          { endToEndId: 'po-day-1', amount: '1000.50' },
          { endToEndId: 'po-day-2', amount: '250.25' },
        ],
      },
      {
        direction: 'DBIT',
        ref: bankRef(),
        amount: '99.00',
        bookedAt: '2026-11-27T15:00:01+07:00',
        transactions: [{ endToEndId: 'po-day-3' }],
      },
      {
        direction: 'CRDT',
        ref: bankRef(),
        amount: '99.00',
        bookedAt: '2026-11-27T16:30:00+07:00',
        transactions: [{ endToEndId: 'po-day-3', returnReason: 'AC04' }],
      },
      {
        direction: 'DBIT',
        ref: bankRef(),
        amount: '15.00',
        bookedAt: '2026-11-27T17:00:00+07:00',
        transactions: [{ endToEndId: 'SOMEONE-ELSE-1' }],
      },
    ]);
    expect(await xsdProblems(statement, 'camt.053.001.08')).toEqual([]);
    const imported = await importReport(s, statement);
    expect(imported.body.payouts).toEqual({
      succeeded: ['po-day-1', 'po-day-2'],
      refused: ['po-day-3'],
      refunds: { succeeded: [], refused: [] },
      unchanged: 1,
      problems: [
        {
          where: expect.stringMatching(/^Ntry 4/) as string,
          endToEndId: 'SOMEONE-ELSE-1',
          message: `No payout or refund of account ${PAYING.id} has EndToEndId SOMEONE-ELSE-1.`,
        },
      ],
    });
    // The return is not a customer's payment: nothing was stored for it.
    expect(imported.body.stored).toBe(0);

    const read = async (id: string) =>
      (await client.request<PayoutResource>('GET', `/payouts/${id}`, { token: s.token })).body.process;
    expect(await read('po-day-1')).toMatchObject({ status: 'SUCCESS', processorStatus: 'APPROVED' });
    expect(await read('po-day-2')).toMatchObject({ status: 'SUCCESS', processorStatus: 'APPROVED' });
    expect(await read('po-day-3')).toMatchObject({ status: 'REFUSED', processorStatus: 'ACCOUNT_CLOSED' });
    expect(await thb(s)).toEqual({ available: 3749.25, reserved: 0 });
    expect((await readBatch(s, cut.body.idBatch)).body).toMatchObject({
      status: 'COMPLETED',
      pendingCount: 0,
    });

    // The ledger: a debit for each payout that left, a release for the returned one.
    const ledger = await client.request<BalanceTransactionsResource>('GET', '/balance-transactions', {
      token: s.token,
    });
    const kinds = ledger.body.data.map((transfer) => transfer.type);
    expect(kinds.filter((kind) => kind === 'PAYOUT_DEBIT')).toHaveLength(2);
    expect(kinds.filter((kind) => kind === 'PAYOUT_RELEASE')).toHaveLength(1);

    // Announced, signed, one callback per payout.
    const announced = (all: readonly { body: string }[]) =>
      ids.every((id) => all.some((hit) => hit.body.includes(`"${id}"`)));
    // The dispatcher sends a few at a time to one endpoint: a round per few.
    for (let round = 0; round < 5 && !announced(listener.hits); round++) await dispatcher.runOnce();
    const hits = await listener.waitFor(announced);
    for (const id of ids) {
      const hit = hits.find((one) => one.body.includes(`"${id}"`))!;
      expect(verifyHit(hit, s.merchant.callbackSecret)).toMatchObject({
        type: 'payout.status_changed',
        idPayout: id,
      });
    }

    // The same statement again changes nothing.
    const again = await importReport(s, statement);
    expect(again.body.payouts).toMatchObject({ succeeded: [], refused: [], unchanged: 4 });
    expect(await thb(s)).toEqual({ available: 3749.25, reserved: 0 });
  });

  it('a payout paid by one statement and returned by a later one ends REFUSED after all, its money, fee and VAT back', async () => {
    // A 10 THB fee and 7 % VAT on it: the payout takes 500 + 10 + 0.70 from the balance.
    const s = await liveShop(2000, [PAYING], {
      payoutFees: { default: { percent: 0, fixed: { THB: 10 } } },
      vatPercent: 7,
    });
    expect((await payout(s, 'po-late-1', 500)).status).toBe(201);
    expect((await payout(s, 'po-late-2', 300)).status).toBe(201);
    const cut = await createBatch(s);
    expect((await download(s, cut.body.idBatch)).status).toBe(200);
    const paid = await importReport(
      s,
      camt053(ACCOUNT, [
        {
          direction: 'DBIT',
          ref: bankRef(),
          amount: '800.00',
          bookedAt: '2026-11-27T15:00:00+07:00',
          transactions: [
            { endToEndId: 'po-late-1', amount: '500.00' },
            { endToEndId: 'po-late-2', amount: '300.00' },
          ],
        },
      ]),
    );
    expect(paid.body.payouts).toMatchObject({ succeeded: ['po-late-1', 'po-late-2'], problems: [] });
    expect(await thb(s)).toEqual({ available: 1178.6, reserved: 0 });
    const paidAt = (await client.request<PayoutResource>('GET', '/payouts/po-late-1', { token: s.token }))
      .body.process.processedAt;
    expect(await checkLedgerInvariants(api.runtime.deps.db)).toEqual([]);

    // Two days later the payee's bank sends the first back (account closed), by camt.054.
    const today = clock();
    clock.advance(2 * 24 * 3600_000);
    try {
      await returnTwoDaysLater(s, paidAt);
    } finally {
      clock.set(today);
    }
    // The same return again changes nothing.
    const again = await importReport(s, RETURNED_LATE);
    expect(again.body.payouts).toMatchObject({ succeeded: [], refused: [], unchanged: 1, problems: [] });
    expect(await thb(s)).toEqual({ available: 1689.3, reserved: 0 });
    expect((await readBatch(s, cut.body.idBatch)).body).toMatchObject({
      status: 'COMPLETED',
      pendingCount: 0,
    });
  });

  const RETURNED_LATE = camt054(ACCOUNT, [
    {
      direction: 'CRDT',
      ref: 'RT20261129001',
      amount: '500.00',
      bookedAt: '2026-11-29T10:00:00+07:00',
      transactions: [{ endToEndId: 'po-late-1', returnReason: 'AC04' }],
    },
  ]);

  async function returnTwoDaysLater(s: Shop, paidAt: string | undefined) {
    expect(await xsdProblems(RETURNED_LATE, 'camt.054.001.08')).toEqual([]);
    const back = await importReport(s, RETURNED_LATE);
    expect(back.body.payouts).toEqual({
      succeeded: [],
      refused: ['po-late-1'],
      refunds: { succeeded: [], refused: [] },
      unchanged: 0,
      problems: [],
    });
    expect(back.body.stored).toBe(0);
    const read = await client.request<PayoutResource>('GET', '/payouts/po-late-1', { token: s.token });
    expect(read.body.process).toEqual({
      status: 'REFUSED',
      processorStatus: 'ACCOUNT_CLOSED',
      createdAt: expect.any(String) as string,
      processedAt: paidAt,
      returnedAt: clock().toISOString(),
      isTest: false,
    });
    // All of it back on the available balance: the payout, its fee and the fee's VAT.
    expect(await thb(s)).toEqual({ available: 1689.3, reserved: 0 });
    const ledger = await client.request<BalanceTransactionsResource>('GET', '/balance-transactions', {
      token: s.token,
    });
    const mine = ledger.body.data.filter((transfer) => transfer.idPayout === 'po-late-1');
    expect(mine.map((transfer) => transfer.type)).toEqual([
      'PAYOUT_RETURN',
      'PAYOUT_DEBIT',
      'PAYOUT_RESERVE',
    ]);
    expect(await checkLedgerInvariants(api.runtime.deps.db)).toEqual([]);
    // Announced again (paid, then returned): the merchant reads the payout and sees it REFUSED.
    const twice = (all: readonly { body: string }[]) =>
      all.filter((hit) => hit.body.includes('"po-late-1"')).length >= 2;
    for (let round = 0; round < 8 && !twice(listener.hits); round++) await dispatcher.runOnce();
    const hits = (await listener.waitFor(twice)).filter((hit) => hit.body.includes('"po-late-1"'));
    expect(hits).toHaveLength(2);
    expect(verifyHit(hits[1]!, s.merchant.callbackSecret)).toMatchObject({
      type: 'payout.status_changed',
      idPayout: 'po-late-1',
    });
  }

  it('a camt.054 rejection refuses the payout with the reason, and a debit of another amount changes nothing', async () => {
    const s = await liveShop(1000);
    expect((await payout(s, 'po-rj-1', 100)).status).toBe(201);
    expect((await payout(s, 'po-rj-2', 200)).status).toBe(201);
    const cut = await createBatch(s, { accountId: PAYING.id });
    expect(cut.status).toBe(201);
    // Not downloaded: the bank cannot have it, so a report of it is a problem.
    const early = camt054(ACCOUNT, [
      {
        direction: 'DBIT',
        ref: bankRef(),
        amount: '100.00',
        bookedAt: '2026-11-27T11:00:00+07:00',
        transactions: [{ endToEndId: 'po-rj-1' }],
      },
    ]);
    const tooEarly = await importReport(s, early);
    expect(tooEarly.body.payouts?.problems[0]?.message).toBe(
      'Payout po-rj-1 is in no downloaded batch: the bank cannot have its file.',
    );
    expect((await download(s, cut.body.idBatch)).status).toBe(200);

    const notification = camt054(ACCOUNT, [
      {
        direction: 'DBIT',
        status: 'RJCT',
        ref: bankRef(),
        amount: '100.00',
        bookedAt: '2026-11-27T11:00:00+07:00',
        transactions: [{ endToEndId: 'po-rj-1', returnReason: 'AC01' }],
      },
      {
        direction: 'DBIT',
        ref: bankRef(),
        amount: '250.00',
        bookedAt: '2026-11-27T11:05:00+07:00',
        transactions: [{ endToEndId: 'po-rj-2' }],
      },
    ]);
    expect(await xsdProblems(notification, 'camt.054.001.08')).toEqual([]);
    const imported = await importReport(s, notification);
    expect(imported.body.payouts).toMatchObject({
      succeeded: [],
      refused: ['po-rj-1'],
      problems: [
        {
          endToEndId: 'po-rj-2',
          // In the currency's units, as the bank and the merchant write them (not minor units).
          message: "The debit of 250.00 THB is not payout po-rj-2's 200.00 THB: it stays pending.",
        },
      ],
    });
    const first = await client.request<PayoutResource>('GET', '/payouts/po-rj-1', { token: s.token });
    expect(first.body.process).toMatchObject({ status: 'REFUSED', processorStatus: 'ACCOUNT_INVALID' });
    const second = await client.request<PayoutResource>('GET', '/payouts/po-rj-2', { token: s.token });
    expect(second.body.process.status).toBe('PENDING');
    expect(await thb(s)).toEqual({ available: 800, reserved: 200 });
  });

  it('a batch cancelled before download gives its payouts back to the next one', async () => {
    const s = await liveShop(1000);
    expect((await payout(s, 'po-cx-1', 10)).status).toBe(201);
    const first = await createBatch(s);
    const cancelled = await client.request<PayoutBatchResource>(
      'POST',
      `/payout-batches/${first.body.idBatch}/!cancel`,
      { token: s.token },
    );
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ status: 'CANCELLED', payouts: [] });
    expect(cancelled.body.fileUrl).toBeUndefined();
    expectProblem(await download(s, first.body.idBatch), 409, 'PAYOUT_BATCH_CANCELLED');
    expect((await payout(s, 'po-cx-2', 20)).status).toBe(201);
    const second = await createBatch(s);
    expect(second.body.payouts.map((p) => p.idPayout)).toEqual(['po-cx-1', 'po-cx-2']);
    const list = await client.request<PayoutBatchPage>('GET', '/payout-batches', { token: s.token });
    expect(list.body.data.map((batch) => [batch.idBatch, batch.status])).toEqual([
      [second.body.idBatch, 'READY'],
      [first.body.idBatch, 'CANCELLED'],
    ]);
  });

  it('a cut batch keeps its file when the account stops paying out, and new payouts are refused', async () => {
    const s = await liveShop(100);
    expect((await payout(s, 'po-stop-1', 10)).status).toBe(201);
    const cut = await createBatch(s);
    expect(cut.status).toBe(201);
    const { payouts: _stopped, ...plain } = PAYING as Accounts[number] & { payouts?: unknown };
    await api.runtime.deps.administration.replaceAccount(s.merchant.merchantCode, PAYING.id, plain);
    const file = await download(s, cut.body.idBatch);
    expect(file.status, file.text).toBe(200);
    expect(await xsdProblems(file.text, 'pain.001.001.09')).toEqual([]);
    expectProblem(await payout(s, 'po-stop-2', 10), 422, 'PAYOUTS_NOT_AVAILABLE');
  });

  it('two cuts at once never put a payout in two batches', async () => {
    const s = await liveShop(1000);
    for (let n = 0; n < 6; n++) expect((await payout(s, `po-race-${n}`, 10)).status).toBe(201);
    const cuts = await Promise.all([createBatch(s), createBatch(s), createBatch(s)]);
    const made = cuts.filter((cut) => cut.status === 201);
    for (const cut of cuts) if (cut.status !== 201) expectProblem(cut, 422, 'PAYOUT_BATCH_EMPTY');
    const batched = made.flatMap((cut) => cut.body.payouts.map((p) => p.idPayout)).sort();
    expect(batched).toEqual([0, 1, 2, 3, 4, 5].map((n) => `po-race-${n}`));
  });

  it('refuses what it cannot do, clearly, and keeps batches to their merchant', async () => {
    const s = await liveShop(100);
    expectProblem(await readBatch(s, 'pb_000000000000000000000000'), 404, 'PAYOUT_BATCH_NOT_FOUND');
    expectProblem(await readBatch(s, 'nonsense'), 404, 'PAYOUT_BATCH_NOT_FOUND');
    expectProblem(await createBatch(s, { accountId: 'nope' }), 400, 'VALIDATION_FAILED');
    expectProblem(await createBatch(s, { accountId: 'UPPER' }), 400, 'VALIDATION_FAILED');
    expectProblem(await createBatch(s, { extra: 1 }), 400, 'VALIDATION_FAILED');
    expect((await payout(s, 'po-mine', 10)).status).toBe(201);
    const mine = await createBatch(s);
    const stranger = await liveShop(100);
    expectProblem(await readBatch(stranger, mine.body.idBatch), 404, 'PAYOUT_BATCH_NOT_FOUND');
    expectProblem(await download(stranger, mine.body.idBatch), 404, 'PAYOUT_BATCH_NOT_FOUND');
    // A token that does not name the batch operations cannot reach them.
    const narrow = await client.token(s.merchant, ['GET /payouts.*']);
    expect(
      (await client.request('GET', `/payout-batches/${mine.body.idBatch}`, { token: narrow })).status,
    ).toBe(403);
  });
});
