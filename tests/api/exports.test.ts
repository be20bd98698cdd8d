import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BalancesResource, BalanceTransactionsResource } from '@/lib/api/payout-responses';
import { checkLedgerInvariants } from '@/server/audit';
import type { MerchantEntry } from '@/server/merchants';
import { ALL_PAYIN_OPERATIONS, PacedApiClient, type ApiResponse } from '../support/api-client';
import { newIdPayin, payinRequest } from '../support/builders';
import { csvObjects, parseCsv } from '../support/csv';
import { expectProblem, fieldsOf } from '../support/problem';
import { manualClock, startTestApi, type TestApi, type TestMerchant } from '../support/test-api';

// Exports and the settlement report over real HTTP on the real database (docs/decisions/045):
// files of a period in the merchant's zone, cells a spreadsheet would run neutralised, the report
// held against the ledger's balances and transfers, and 100,000 payins streamed.
const OPERATIONS = [
  ...ALL_PAYIN_OPERATIONS,
  'POST /payouts/.*',
  'GET /payouts.*',
  'POST /sandbox/payouts/.*',
  'GET /balances',
  'GET /balance-transactions',
  'GET /exports/.*',
  'GET /audit-events',
];

const clock = manualClock(new Date('2026-03-01T03:00:00Z'));
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

interface Shop {
  merchant: TestMerchant;
  token: string;
}

async function shop(overrides: Partial<MerchantEntry> = {}): Promise<Shop> {
  const merchant = await api.createMerchant({ test: true, timeZone: 'Asia/Bangkok', ...overrides });
  return { merchant, token: await client.token(merchant, OPERATIONS) };
}

const exported = (s: Shop, path: string, headers: Record<string, string> = {}) =>
  client.request('GET', `/exports/${path}`, { token: s.token, headers });

function ok<T>(response: ApiResponse<T>): ApiResponse<T> {
  expect(response.status, response.text).toBe(200);
  return response;
}

const jsonLines = (text: string) =>
  text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, string | boolean | null>);

async function createPayin(s: Shop, amount: number, payerName?: string): Promise<string> {
  const id = newIdPayin('exp');
  const created = await client.request('POST', `/payins/${id}`, {
    token: s.token,
    body: payinRequest({
      paymentRequested: { money: { amount, currencyCode: 'THB' } },
      ...(payerName !== undefined && {
        paymentMethod: {
          paymentMethodCode: 'QRTH',
          account: { accountName: payerName, accountNumber: '1234567890' },
        },
      }),
    }),
  });
  expect(created.status, created.text).toBe(201);
  return id;
}

async function pay(s: Shop, idPayin: string): Promise<void> {
  ok(
    await client.request('POST', `/sandbox/payins/${idPayin}/!simulate`, {
      token: s.token,
      body: { status: 'SUCCESS' },
    }),
  );
}

describe('GET /exports/{kind}: the request', () => {
  it('answers problem+json naming each wrong field: dates, period, zone, format', async () => {
    const s = await shop();
    const missing = await exported(s, 'payins');
    expectProblem(missing, 400, 'VALIDATION_FAILED');
    expect(fieldsOf(missing)).toEqual(['from', 'to']);
    const wrong = await exported(
      s,
      'payins?from=2026-02-30&to=2026%2F03%2F01&timeZone=Mars%2FOlympus&format=xlsx',
    );
    expectProblem(wrong, 400, 'VALIDATION_FAILED');
    expect(fieldsOf(wrong)).toEqual(['from', 'to', 'timeZone', 'format']);
    const backwards = await exported(s, 'ledger?from=2026-03-02&to=2026-03-01');
    expect(fieldsOf(backwards)).toEqual(['to']);
    const tooLong = await exported(s, 'settlement-report?from=2025-01-01&to=2026-01-02');
    expectProblem(tooLong, 400, 'VALIDATION_FAILED');
    expect((tooLong.body.errors as { message: string }[])[0]!.message).toMatch(/At most 366 days/);
    ok(await exported(s, 'settlement-report?from=2025-01-02&to=2026-01-02'));
  });

  it('needs a merchant-wide token naming the operation', async () => {
    const s = await shop();
    const payinsOnly = await client.token(s.merchant, ['GET /payins/.*']);
    const refused = await client.request('GET', '/exports/payins?from=2026-03-01&to=2026-03-01', {
      token: payinsOnly,
    });
    expectProblem(refused, 403, 'OPERATION_NOT_PERMITTED');
    const oneExport = await client.token(s.merchant, ['GET /exports/refunds']);
    ok(await client.request('GET', '/exports/refunds?from=2026-03-01&to=2026-03-01', { token: oneExport }));
    const other = await client.request('GET', '/exports/payouts?from=2026-03-01&to=2026-03-01', {
      token: oneExport,
    });
    expectProblem(other, 403, 'OPERATION_NOT_PERMITTED');
  });
});

describe('GET /exports/payins', () => {
  it("writes the merchant's days and clock, the zone in the header, money as decimal strings", async () => {
    const s = await shop();
    clock.set(new Date('2026-03-01T03:00:00Z'));
    const paid = await createPayin(s, 1500.5);
    await pay(s, paid);
    // 23:59:59 and 00:00:00 in Bangkok: the first is on 1 March there, the second on 2 March.
    clock.set(new Date('2026-03-01T16:59:59Z'));
    const lastOfDay = await createPayin(s, 10);
    clock.set(new Date('2026-03-01T17:00:00Z'));
    const nextDay = await createPayin(s, 20);

    const response = ok(await exported(s, 'payins?from=2026-03-01&to=2026-03-01'));
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8; header=present');
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="${s.merchant.merchantCode}-payins-2026-03-01-2026-03-01.csv"`,
    );
    expect(response.headers.get('export-time-zone')).toBe('Asia/Bangkok');
    expect(response.headers.get('cache-control')).toBe('no-store');
    const [header] = parseCsv(response.text);
    expect(header).toContain('createdAt (Asia/Bangkok)');
    expect(header).toContain('amount');
    const rows = csvObjects(response.text);
    expect(rows.map((row) => row.idPayin)).toEqual([paid, lastOfDay]);
    expect(rows[0]).toMatchObject({
      status: 'SUCCESS',
      currencyCode: 'THB',
      amount: '1500.50',
      fee: '30.01',
      'createdAt (Asia/Bangkok)': '2026-03-01T10:00:00+07:00',
      'processedAt (Asia/Bangkok)': '2026-03-01T10:00:00+07:00',
      isTest: 'true',
    });
    expect(rows[1]!['createdAt (Asia/Bangkok)']).toBe('2026-03-01T23:59:59+07:00');
    expect(rows[1]!['processedAt (Asia/Bangkok)']).toBe('');

    // The same instants on UTC's days: all three on 1 March.
    const utc = ok(await exported(s, 'payins?from=2026-03-01&to=2026-03-01&timeZone=UTC'));
    expect(utc.headers.get('export-time-zone')).toBe('UTC');
    const utcRows = csvObjects(utc.text);
    expect(utcRows.map((row) => row.idPayin)).toEqual([paid, lastOfDay, nextDay]);
    expect(utcRows[2]!['createdAt (UTC)']).toBe('2026-03-01T17:00:00+00:00');
  });

  it('neutralises cells a spreadsheet would run, in CSV only; JSON Lines by format or Accept', async () => {
    const s = await shop();
    clock.set(new Date('2026-03-05T03:00:00Z'));
    const hostile = await createPayin(s, 100, '=HYPERLINK("https://evil.example","Refund")');
    const plus = await createPayin(s, 100, '+Somchai');
    const csv = csvObjects(ok(await exported(s, 'payins?from=2026-03-05&to=2026-03-05')).text);
    expect(csv.map((row) => [row.idPayin, row.customerName])).toEqual([
      [hostile, `'=HYPERLINK("https://evil.example","Refund")`],
      [plus, "'+Somchai"],
    ]);

    const byFormat = ok(await exported(s, 'payins?from=2026-03-05&to=2026-03-05&format=jsonl'));
    expect(byFormat.headers.get('content-type')).toBe('application/jsonl; charset=utf-8');
    expect(byFormat.headers.get('content-disposition')).toMatch(/-payins-2026-03-05-2026-03-05\.jsonl"$/);
    const lines = jsonLines(byFormat.text);
    expect(lines[0]).toMatchObject({
      idPayin: hostile,
      customerName: '=HYPERLINK("https://evil.example","Refund")',
      amount: '100.00',
      processedAt: null,
      isTest: true,
      createdAt: '2026-03-05T10:00:00+07:00',
    });
    const byAccept = ok(
      await exported(s, 'payins?from=2026-03-05&to=2026-03-05', { accept: 'application/jsonl' }),
    );
    expect(byAccept.text).toBe(byFormat.text);
  });

  it('answers an empty period with the header alone (CSV) or nothing (JSON Lines)', async () => {
    const s = await shop();
    const csv = ok(await exported(s, 'payins?from=2020-01-01&to=2020-01-31'));
    expect(parseCsv(csv.text)).toHaveLength(1);
    expect(ok(await exported(s, 'payins?from=2020-01-01&to=2020-01-31&format=jsonl')).text).toBe('');
  });

  it('records who took the file in the audit log', async () => {
    const s = await shop();
    ok(await exported(s, 'refunds?from=2026-03-01&to=2026-03-31&format=jsonl'));
    const audit = await client.request<{ data: { action: string; target?: string; details: unknown }[] }>(
      'GET',
      '/audit-events?action=export.downloaded',
      { token: s.token },
    );
    expect(audit.body.data[0]).toMatchObject({
      action: 'export.downloaded',
      target: 'refunds',
      details: { from: '2026-03-01', to: '2026-03-31', timeZone: 'Asia/Bangkok', format: 'jsonl' },
    });
  });
});

/** Every transfer of the merchant, through the ledger's own list. */
async function allTransfers(s: Shop): Promise<BalanceTransactionsResource['data']> {
  const all: BalanceTransactionsResource['data'] = [];
  for (let cursor: string | undefined, first = true; first || cursor; first = false) {
    const page = await client.request<BalanceTransactionsResource>(
      'GET',
      `/balance-transactions?limit=100${cursor ? `&cursor=${cursor}` : ''}`,
      { token: s.token },
    );
    expect(page.status, page.text).toBe(200);
    all.push(...page.body.data);
    cursor = page.body.nextCursor;
  }
  return all;
}

/** Exact minor units of a THB decimal string or JSON amount (no float arithmetic on money). */
const minor = (amount: string | number) => {
  const [whole, fraction = ''] = String(amount).split('.');
  const sign = whole!.startsWith('-') ? -1n : 1n;
  return sign * (BigInt(whole!.replace('-', '')) * 100n + BigInt(fraction.padEnd(2, '0')));
};

describe('the settlement report and the ledger export', () => {
  const BANK = {
    paymentMethodCode: 'BANK_TRANSFER',
    account: { accountName: 'Somchai Jaidee', accountNumber: '1234567890', bankCode: '004' },
  };
  let s: Shop;
  const refunded: string[] = [];

  async function payout(id: string, amount: number, end?: 'SUCCESS' | 'REFUSED') {
    const created = await client.request('POST', `/payouts/${id}`, {
      token: s.token,
      body: {
        paymentRequested: { money: { amount, currencyCode: 'THB' } },
        paymentMethod: BANK,
        callbackUrl: 'https://merchant.example/callbacks',
      },
    });
    expect(created.status, created.text).toBe(201);
    if (end)
      ok(
        await client.request('POST', `/sandbox/payouts/${id}/!simulate`, {
          token: s.token,
          body: { status: end },
        }),
      );
  }

  async function refund(idPayin: string, idRefund: string, amount: number, ends: ('SUCCESS' | 'REFUSED')[]) {
    const created = await client.request('POST', `/payins/${idPayin}/refunds/${idRefund}`, {
      token: s.token,
      body: { money: { amount, currencyCode: 'THB' }, destination: BANK },
    });
    expect(created.status, created.text).toBe(201);
    refunded.push(idRefund);
    for (const status of ends)
      ok(
        await client.request('POST', `/sandbox/payins/${idPayin}/refunds/${idRefund}/!simulate`, {
          token: s.token,
          body: { status, ...(status === 'REFUSED' && { processorStatus: 'NAME_MISMATCH' }) },
        }),
      );
  }

  beforeAll(async () => {
    // Fees 2 %, payout and refund fees 1 %, VAT 7 % on each; paid-in money waits a day.
    s = await shop({
      fees: { default: { percent: 2 } },
      payoutFees: { default: { percent: 1 } },
      refundFee: { percent: 1 },
      vatPercent: 7,
      settlementDelaySeconds: 86_400,
    });
    // 1 March in Bangkok: two payins paid, one left open.
    clock.set(new Date('2026-03-01T03:00:00Z'));
    const a = await createPayin(s, 1000);
    await pay(s, a);
    const b = await createPayin(s, 500);
    await pay(s, b);
    await createPayin(s, 70);
    // 2 March: both settle; a payout paid, a payin paid, a refund paid.
    clock.set(new Date('2026-03-02T03:00:00Z'));
    expect(await api.runtime.ledger.settleDue()).toBe(2);
    await payout('po-paid', 300, 'SUCCESS');
    await pay(s, await createPayin(s, 200));
    await refund(a, 'rf-paid', 100, ['SUCCESS']);
    // 3 March: a payout refused, one still on its way, a refund paid and returned, the payin settles.
    clock.set(new Date('2026-03-03T03:00:00Z'));
    await payout('po-refused', 100, 'REFUSED');
    await payout('po-waiting', 19.1);
    await refund(b, 'rf-returned', 50, ['SUCCESS', 'REFUSED']);
    expect(await api.runtime.ledger.settleDue()).toBe(1);
  });

  it('closes each day at opening + net − payouts − refunds, and the last at GET /balances', async () => {
    const report = jsonLines(
      ok(await exported(s, 'settlement-report?from=2026-03-01&to=2026-03-03&format=jsonl')).text,
    );
    expect(report.map((day) => [day.date, day.currencyCode])).toEqual([
      ['2026-03-01', 'THB'],
      ['2026-03-02', 'THB'],
      ['2026-03-03', 'THB'],
    ]);
    // Worked by hand: 2 % of 1,500.00 is 30.00 and 7 % VAT 2.10; on 2 March 2 % of 200.00 (4.00),
    // 1 % of the 300.00 payout (3.00) and of the 100.00 refund (1.00), with their VAT.
    expect(report[0]).toMatchObject({
      openingBalance: '0.00',
      gross: '1500.00',
      fees: '30.00',
      vat: '2.10',
      net: '1467.90',
      payouts: '0.00',
      refunds: '0.00',
      closingBalance: '1467.90',
      closingPending: '1467.90',
      closingAvailable: '0.00',
    });
    expect(report[1]).toMatchObject({
      openingBalance: '1467.90',
      gross: '200.00',
      fees: '8.00',
      vat: '0.56',
      net: '191.44',
      payouts: '300.00',
      refunds: '100.00',
      closingBalance: '1259.34',
      closingPending: '195.72',
      closingAvailable: '1063.62',
      closingReserved: '0.00',
    });
    // The refused payout and the returned refund leave nothing; the waiting payout is reserved.
    expect(report[2]).toMatchObject({
      gross: '0.00',
      fees: '0.00',
      vat: '0.00',
      payouts: '0.00',
      refunds: '0.00',
    });
    for (const [index, day] of report.entries()) {
      expect(minor(day.net as string)).toBe(
        minor(day.gross as string) - minor(day.fees as string) - minor(day.vat as string),
      );
      expect(minor(day.closingBalance as string)).toBe(
        minor(day.openingBalance as string) +
          minor(day.net as string) -
          minor(day.payouts as string) -
          minor(day.refunds as string),
      );
      expect(minor(day.closingBalance as string)).toBe(
        minor(day.closingAvailable as string) +
          minor(day.closingPending as string) +
          minor(day.closingReserved as string),
      );
      if (index > 0) expect(day.openingBalance).toBe(report[index - 1]!.closingBalance);
    }

    const balances = await client.request<BalancesResource>('GET', '/balances?currencies=THB', {
      token: s.token,
    });
    const [thb] = balances.body.data;
    const last = report.at(-1)!;
    expect({
      available: minor(last.closingAvailable as string),
      pending: minor(last.closingPending as string),
      reserved: minor(last.closingReserved as string),
      unapplied: minor(last.closingUnapplied as string),
    }).toEqual({
      available: minor(thb!.available.amount),
      pending: minor(thb!.pending.amount),
      reserved: minor(thb!.reserved.amount),
      unapplied: minor(thb!.unapplied?.amount ?? 0),
    });
    expect(minor(last.closingReserved as string)).toBeGreaterThan(0n);
  });

  it("adds up, over the period, to the ledger's transfers: gross, fees, VAT, payouts, refunds", async () => {
    const report = csvObjects(ok(await exported(s, 'settlement-report?from=2026-03-01&to=2026-03-03')).text);
    expect(Object.keys(report[0]!)[0]).toBe('date (Asia/Bangkok)');
    const total = (column: string) => report.reduce((sum, day) => sum + minor(day[column]!), 0n);
    const transfers = await allTransfers(s);
    const sum = (kinds: string[], account: string, direction: string) =>
      transfers
        .filter((transfer) => kinds.includes(transfer.type))
        .flatMap((transfer) => transfer.entries)
        .filter((entry) => entry.account === account && entry.direction === direction)
        .reduce((total, entry) => total + minor(entry.money.amount), 0n);
    const every = [...new Set(transfers.map((transfer) => transfer.type))];
    expect(total('gross')).toBe(sum(['PAYIN_CREDIT'], 'operator.cash', 'DEBIT'));
    expect(total('fees')).toBe(sum(every, 'operator.fees', 'CREDIT') - sum(every, 'operator.fees', 'DEBIT'));
    expect(total('vat')).toBe(sum(every, 'operator.vat', 'CREDIT') - sum(every, 'operator.vat', 'DEBIT'));
    expect(total('payouts')).toBe(
      sum(['PAYOUT_DEBIT'], 'operator.cash', 'CREDIT') - sum(['PAYOUT_RETURN'], 'operator.cash', 'DEBIT'),
    );
    expect(total('refunds')).toBe(
      sum(['REFUND_DEBIT'], 'operator.cash', 'CREDIT') - sum(['REFUND_RETURN'], 'operator.cash', 'DEBIT'),
    );
  });

  it('opens a later report where an earlier one closed, whatever came after', async () => {
    const whole = jsonLines(
      ok(await exported(s, 'settlement-report?from=2026-03-01&to=2026-03-03&format=jsonl')).text,
    );
    const [firstDay] = jsonLines(
      ok(await exported(s, 'settlement-report?from=2026-03-01&to=2026-03-01&format=jsonl')).text,
    );
    const [secondDay] = jsonLines(
      ok(await exported(s, 'settlement-report?from=2026-03-02&to=2026-03-02&format=jsonl')).text,
    );
    expect(firstDay).toEqual(whole[0]);
    expect(secondDay).toEqual(whole[1]);
    // A day before the first money: nothing to report.
    expect(ok(await exported(s, 'settlement-report?from=2026-02-01&to=2026-02-28&format=jsonl')).text).toBe(
      '',
    );
  });

  it('exports the ledger one line per entry, each transfer balanced, every transfer of the period', async () => {
    const lines = csvObjects(ok(await exported(s, 'ledger?from=2026-03-01&to=2026-03-03')).text);
    const transfers = await allTransfers(s);
    expect(lines).toHaveLength(transfers.reduce((count, transfer) => count + transfer.entries.length, 0));
    const byTransfer = new Map<string, typeof lines>();
    for (const line of lines)
      byTransfer.set(line.idTransfer!, [...(byTransfer.get(line.idTransfer!) ?? []), line]);
    expect([...byTransfer.keys()].sort()).toEqual(transfers.map((transfer) => transfer.id).sort());
    for (const entries of byTransfer.values()) {
      const side = (direction: string) =>
        entries
          .filter((line) => line.direction === direction)
          .reduce((total, line) => total + minor(line.amount!), 0n);
      expect(side('DEBIT')).toBe(side('CREDIT'));
    }
    // Oldest first, in the merchant's zone.
    expect(lines[0]).toMatchObject({
      type: 'PAYIN_CREDIT',
      'createdAt (Asia/Bangkok)': '2026-03-01T10:00:00+07:00',
    });
    expect(lines.filter((line) => line.type === 'REFUND_RETURN').map((line) => line.idRefund)).toContain(
      'rf-returned',
    );
  });

  it('exports payouts and refunds with their money, destination and times', async () => {
    const payouts = jsonLines(
      ok(await exported(s, 'payouts?from=2026-03-01&to=2026-03-03&format=jsonl')).text,
    );
    expect(payouts.map((p) => [p.idPayout, p.status, p.amount, p.fee])).toEqual([
      ['po-paid', 'SUCCESS', '300.00', '3.00'],
      ['po-refused', 'REFUSED', '100.00', '1.00'],
      ['po-waiting', 'PENDING', '19.10', '0.19'],
    ]);
    expect(payouts[0]).toMatchObject({
      paymentMethodCode: 'BANK_TRANSFER',
      accountNumber: '1234567890',
      bankCode: '004',
      processedAt: '2026-03-02T10:00:00+07:00',
    });
    const refunds = jsonLines(
      ok(await exported(s, 'refunds?from=2026-03-01&to=2026-03-03&format=jsonl')).text,
    );
    expect(refunds.map((r) => [r.idRefund, r.status, r.amount, r.destinationSource])).toEqual([
      ['rf-paid', 'SUCCESS', '100.00', 'MERCHANT'],
      ['rf-returned', 'REFUSED', '50.00', 'MERCHANT'],
    ]);
    expect(refunds[1]!.returnedAt).toBe('2026-03-03T10:00:00+07:00');
  });
});

describe('GET /exports/collection-transactions', () => {
  it("writes the bank's notes and payer names as they came, neutralised in CSV", async () => {
    const feedKey = `feed_${randomBytes(24).toString('base64url')}`;
    const merchant = await api.createMerchant({
      test: false,
      timeZone: 'Asia/Bangkok',
      paymentMethods: ['OFFLINE'],
      collectionAccounts: [
        {
          id: 'kbank',
          type: 'BANK_ACCOUNT',
          currency: 'THB',
          bank: 'KBANK',
          accountNumber: '1234567890',
          accountName: 'Live Shop',
          feed: { apiKey: feedKey },
        },
      ],
    });
    const s: Shop = { merchant, token: await client.token(merchant, OPERATIONS) };
    const delivered = await client.request('POST', '/collection/transactions', {
      version: null,
      headers: { authorization: `Apikey ${feedKey}` },
      body: {
        transactions: [
          {
            id: 'FT-1',
            amount: '250.00',
            currency: 'THB',
            bookedAt: '2026-03-10T05:00:00Z',
            note: '@SUM(1+1)*cmd|" /C calc"!A0',
            payer: { name: '-2+3+cmd', accountNumber: 'xxx-x-x1234-x', bank: 'SCB' },
          },
        ],
      },
    });
    expect(delivered.status, delivered.text).toBe(200);
    const [row] = csvObjects(
      ok(await exported(s, 'collection-transactions?from=2026-03-10&to=2026-03-10')).text,
    );
    expect(row).toMatchObject({
      bankTransactionId: 'FT-1',
      amount: '250.00',
      applied: '0.00',
      note: `'@SUM(1+1)*cmd|" /C calc"!A0`,
      payerName: "'-2+3+cmd",
      payerBank: 'SCB',
      'bookedAt (Asia/Bangkok)': '2026-03-10T12:00:00+07:00',
    });
    const [line] = jsonLines(
      ok(await exported(s, 'collection-transactions?from=2026-03-10&to=2026-03-10&format=jsonl')).text,
    );
    expect(line).toMatchObject({ note: '@SUM(1+1)*cmd|" /C calc"!A0', payerName: '-2+3+cmd', idPayin: null });
    // Unapplied money: the report shows it beside the balance.
    const [day] = jsonLines(
      ok(await exported(s, 'settlement-report?from=2026-03-10&to=2026-03-10&format=jsonl')).text,
    );
    expect(day).toMatchObject({ gross: '0.00', closingBalance: '0.00', closingUnapplied: '250.00' });
  });
});

describe('a large export', () => {
  it(
    'streams 100,000 payins a page at a time, every one once, in time order',
    { timeout: 240_000 },
    async () => {
      const s = await shop({ timeZone: 'UTC' });
      const code = s.merchant.merchantCode;
      // Inserted by SQL (not HTTP): a second apart from 1 April 00:00 UTC, a formula-like name every 1,000th.
      await sql`
      insert into payins (merchant_code, id_payin, status, payment_method_code, currency_code, amount_minor,
        fee_minor, vat_minor, is_test, callback_url, return_url, reference, customer, method_response,
        expire_at, created_at, updated_at)
      select ${code}, 'bulk-' || lpad(g::text, 6, '0'), 'PENDING', 'OFFLINE', 'THB', 10000 + g, 200, 14, true,
        'https://merchant.example/callbacks', 'https://merchant.example/return', ${code} || '-' || g,
        case when g % 1000 = 0 then '{"accountName":"=1+1"}' else '{}' end::json, '{}'::json,
        timestamptz '2026-04-01 00:00:00+00' + (g + 1) * interval '1 second',
        timestamptz '2026-04-01 00:00:00+00' + g * interval '1 second',
        timestamptz '2026-04-01 00:00:00+00' + g * interval '1 second'
      from generate_series(0, 99999) as g`.execute(api.runtime.deps.db);

      const response = await fetch(`${api.baseUrl}/exports/payins?from=2026-04-01&to=2026-04-02`, {
        headers: { 'x-api-version': '2', authorization: `Bearer ${s.token}` },
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('transfer-encoding')).toBe('chunked');
      // Read as it arrives, keeping only what the checks need.
      const decoder = new TextDecoder();
      let rest = '';
      let records = 0;
      let previous = '';
      let ordered = true;
      let neutralised = 0;
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        const lines = (rest + decoder.decode(chunk, { stream: true })).split('\r\n');
        rest = lines.pop()!;
        for (const line of lines) {
          records++;
          if (records === 1) continue;
          const idPayin = line.slice(0, line.indexOf(','));
          if (idPayin <= previous) ordered = false;
          previous = idPayin;
          if (line.includes(",'=1+1,")) neutralised++;
        }
      }
      expect(rest).toBe('');
      expect(records).toBe(100_001);
      expect(ordered).toBe(true);
      expect(previous).toBe('bulk-099999');
      expect(neutralised).toBe(100);
    },
  );
});
