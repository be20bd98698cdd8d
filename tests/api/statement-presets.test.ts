import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CollectionIngestResource } from '@/lib/api/collection-responses';
import type { StatementMappingResource } from '@/lib/api/statement-mapping-responses';
import { checkLedgerInvariants } from '@/server/audit';
import type { MerchantEntry } from '@/server/merchants';
import { ALL_PAYIN_OPERATIONS, PacedApiClient } from '../support/api-client';
import { newIdPayin, payinRequest } from '../support/builders';
import { expectProblem, fieldsOf } from '../support/problem';
import { startTestApi, type TestApi, type TestMerchant } from '../support/test-api';

// Bank CSV exports over real HTTP (docs/decisions/040): a KBank export read by its preset pays a
// payin, a mapping saved for the account is used by default, templates download, and whatever the
// mapping cannot read is refused naming it, with nothing stored.
const OPERATIONS = [
  ...ALL_PAYIN_OPERATIONS,
  'GET /collection/.*',
  'POST /collection/.*',
  'PUT /collection/.*',
];

let api: TestApi;
let client: PacedApiClient;

beforeAll(async () => {
  api = await startTestApi();
  client = new PacedApiClient(api.baseUrl);
});
afterAll(async () => {
  expect(await checkLedgerInvariants(api.runtime.deps.db)).toEqual([]);
  await api.close();
});

const fixture = (name: string) => readFileSync(`server/reconciliation/formats/fixtures/${name}`, 'utf8');

interface Shop {
  merchant: TestMerchant;
  token(): Promise<string>;
}

/** A live merchant: a KBank account (1234567890, as the KBank fixture's preamble says), PromptPay, and a Vietcombank account. */
async function liveShop(): Promise<Shop> {
  const merchant = await api.createMerchant({
    test: false,
    paymentMethods: ['QRTH', 'QRVN', 'OFFLINE'],
    collectionAccounts: [
      {
        id: 'kbank',
        type: 'BANK_ACCOUNT',
        currency: 'THB',
        bank: 'KBANK',
        accountNumber: '1234567890',
        accountName: 'Bangkok Books',
      },
      { id: 'promptpay', type: 'PROMPTPAY', promptPayId: '0105550123451', accountName: 'Bangkok Books' },
      {
        id: 'vcb',
        type: 'VIETQR',
        bin: '970436',
        accountNumber: '0071000123456',
        accountName: 'CONG TY SACH',
      },
    ],
  } as Partial<MerchantEntry>);
  return { merchant, token: () => client.token(merchant, OPERATIONS) };
}

/** A live QRTH payin: its id, reference, and the unique amount the customer is asked to pay. */
async function qrth(shop: Shop): Promise<{ id: string; reference: string; toPay: number }> {
  const id = newIdPayin('kbank');
  const created = await client.request<{
    paymentMethodResponse: { reference: string; moneyRequired: { amount: number } };
  }>('POST', `/payins/${id}`, {
    token: await shop.token(),
    body: payinRequest({
      paymentRequested: { money: { amount: 1500, currencyCode: 'THB' } },
      paymentMethod: {
        paymentMethodCode: 'QRTH',
        account: { accountName: 'Somchai Jaidee', accountNumber: '1234567890' },
      },
    }),
  });
  expect(created.status, created.text).toBe(201);
  const response = created.body.paymentMethodResponse;
  return { id, reference: response.reference, toPay: response.moneyRequired.amount };
}

/** The KBank fixture with its first deposit paying the payin: its amount and reference. */
function kbankExport(payin: { reference: string; toPay: number }): string {
  const amount = payin.toPay.toLocaleString('en-US', { minimumFractionDigits: 2 });
  return fixture('kbank-th.csv')
    .replace('"1,500.50"', `"${amount}"`)
    .replace('PAY 7KQ2M9XW4D', `PAY ${payin.reference}`);
}

async function importCsv(shop: Shop, query: string, body: string | Uint8Array) {
  return client.request<CollectionIngestResource>('POST', `/collection/statements?${query}`, {
    token: await shop.token(),
    headers: { 'content-type': 'text/csv' },
    rawBody: body,
  });
}

describe('a bank export read by its preset', () => {
  it('pays the payin its deposit names, skips the withdrawal, and stores nothing twice on a re-import', async () => {
    const shop = await liveShop();
    const payin = await qrth(shop);
    const text = kbankExport(payin);
    const imported = await importCsv(shop, 'account=kbank&preset=kbank-th', text);
    expect(imported.status, imported.text).toBe(200);
    expect(imported.body).toMatchObject({ stored: 3, duplicates: 0, skipped: 1 });
    const [paying, ...others] = imported.body.transactions.map((t) => t.transaction);
    expect(paying).toMatchObject({
      outcome: 'APPLIED',
      matchedBy: 'REFERENCE',
      idPayin: payin.id,
      source: 'CSV',
      bookedAt: '2026-11-24T02:15:00.000Z',
      bankTransactionId: expect.stringMatching(/^row-[0-9a-f]{32}$/) as string,
    });
    expect(others.map((t) => t.outcome)).toEqual(['UNMATCHED', 'UNMATCHED']);

    const again = await importCsv(shop, 'account=kbank&preset=kbank-th', text);
    expect(again.body).toMatchObject({ stored: 0, duplicates: 3, skipped: 1 });
    expect(again.body.transactions.map((t) => t.transaction.id)).toEqual(
      imported.body.transactions.map((t) => t.transaction.id),
    );
    const read = await client.request<{ process: { status: string } }>('GET', `/payins/${payin.id}`, {
      token: await shop.token(),
    });
    expect(read.body.process.status).toBe('SUCCESS');
  });

  it('reads a Vietcombank export and a custom column mapping', async () => {
    const shop = await liveShop();
    const vcb = await importCsv(shop, 'account=vcb&preset=vcb-vn', fixture('vcb-vn.csv'));
    expect(vcb.status, vcb.text).toBe(200);
    expect(vcb.body).toMatchObject({ stored: 3, skipped: 1 });
    expect(vcb.body.transactions.map((t) => [t.transaction.bankTransactionId, t.transaction.money])).toEqual([
      ['5215 - 88123', { amount: 1500000, currencyCode: 'VND' }],
      ['5216 - 10452', { amount: 250000, currencyCode: 'VND' }],
      ['5216 - 20981', { amount: 12345000, currencyCode: 'VND' }],
    ]);

    const columns = encodeURIComponent(
      JSON.stringify({ id: 'Ref', bookedAt: 'Ngày', credit: 'Có', debit: 'Nợ' }),
    );
    const custom = await importCsv(
      shop,
      `account=vcb&columns=${columns}&dateFormat=DD/MM/YYYY&decimalSeparator=none`,
      'Ngày,Ref,Nợ,Có\n24/11/2026,C1,,"1.000.000"\n24/11/2026,C2,5.000,\n',
    );
    expect(custom.status, custom.text).toBe(200);
    expect(custom.body).toMatchObject({ stored: 1, skipped: 1 });
  });
});

describe('a mapping saved for the account', () => {
  it('is read back, used by every import that names none, and left by one that does', async () => {
    const shop = await liveShop();
    const token = await shop.token();
    const none = await client.request<StatementMappingResource>(
      'GET',
      '/collection/accounts/kbank/statement-mapping',
      {
        token,
      },
    );
    expect(none.status, none.text).toBe(200);
    expect(none.body).toEqual({ accountId: 'kbank', mapping: null });

    const saved = await client.request<StatementMappingResource>(
      'PUT',
      '/collection/accounts/kbank/statement-mapping',
      {
        token,
        body: { preset: 'kbank-th' },
      },
    );
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body).toEqual({
      accountId: 'kbank',
      mapping: { preset: 'kbank-th' },
      updatedAt: expect.any(String) as string,
      updatedBy: 'merchant secret',
    });
    const read = await client.request<StatementMappingResource>(
      'GET',
      '/collection/accounts/kbank/statement-mapping',
      {
        token,
      },
    );
    expect(read.body).toEqual(saved.body);
    const other = await client.request('GET', '/collection/accounts/vcb/statement-mapping', { token });
    expect(other.body).toEqual({ accountId: 'vcb', mapping: null });

    const payin = await qrth(shop);
    const imported = await importCsv(shop, 'account=kbank', kbankExport(payin));
    expect(imported.status, imported.text).toBe(200);
    expect(imported.body).toMatchObject({ stored: 3, skipped: 1 });
    expect(imported.body.transactions[0]?.transaction).toMatchObject({
      outcome: 'APPLIED',
      idPayin: payin.id,
    });

    // An import may still name our layout: the KBank export has none of its columns.
    const generic = await importCsv(shop, 'account=kbank&preset=generic', kbankExport(payin));
    expectProblem(generic, 400, 'VALIDATION_FAILED');
    // A camt.053 of the account is not read by the CSV mapping.
    const camt = await client.request('POST', '/collection/statements?account=vcb&preset=vcb-vn', {
      token,
      headers: { 'content-type': 'application/xml' },
      rawBody: readFileSync('tests/fixtures/statements/vcb-camt053.xml', 'utf8'),
    });
    expectProblem(camt, 400, 'VALIDATION_FAILED');
    expect(fieldsOf(camt)).toEqual(['preset']);

    const back = await client.request<StatementMappingResource>(
      'PUT',
      '/collection/accounts/kbank/statement-mapping',
      {
        token,
        body: { preset: 'generic' },
      },
    );
    expect(back.body.mapping).toEqual({ preset: 'generic' });
    const events = await client.request<{ data: { action: string; target: string }[] }>(
      'GET',
      '/audit-events?action=collection_statement_mapping.saved',
      { token: await client.token(shop.merchant, ['GET /audit-events']) },
    );
    expect(events.body.data.map((event) => event.target)).toEqual(['kbank', 'kbank']);
  });

  it('refuses an unknown preset, field or account, and a custom mapping without its date and money columns', async () => {
    const shop = await liveShop();
    const token = await shop.token();
    const put = (account: string, body: unknown) =>
      client.request('PUT', `/collection/accounts/${account}/statement-mapping`, { token, body });
    const unknownPreset = await put('kbank', { preset: 'kbank-xx' });
    expectProblem(unknownPreset, 400, 'VALIDATION_FAILED');
    expect(fieldsOf(unknownPreset)).toEqual(['preset']);
    const unknownField = await put('kbank', { columns: { bookedAt: 'Date', amount: 'Amount', when: 'x' } });
    expect(fieldsOf(unknownField)).toEqual(['columns.when']);
    const incomplete = await put('kbank', { columns: { note: 'Memo' } });
    expect(fieldsOf(incomplete)).toEqual(['columns.bookedAt', 'columns.amount']);
    expect(fieldsOf(await put('kbank', {}))).toEqual(['preset']);
    expectProblem(await put('nope', { preset: 'kbank-th' }), 404, 'COLLECTION_ACCOUNT_NOT_FOUND');
    expectProblem(
      await client.request('GET', '/collection/accounts/nope/statement-mapping', { token }),
      404,
      'COLLECTION_ACCOUNT_NOT_FOUND',
    );
  });
});

describe('an import the mapping cannot read', () => {
  it('is refused naming the unknown preset, the missing column with the headers found, another account, a TIS-620 file', async () => {
    const shop = await liveShop();
    const badPreset = await importCsv(shop, 'account=kbank&preset=kbank', fixture('kbank-th.csv'));
    expectProblem(badPreset, 400, 'VALIDATION_FAILED');
    expect(fieldsOf(badPreset)).toEqual(['preset']);

    const notJson = await importCsv(shop, 'account=kbank&columns=%7Bdate', 'x\n');
    expect(fieldsOf(notJson)).toEqual(['columns']);

    const columns = encodeURIComponent(JSON.stringify({ bookedAt: 'Date', credit: 'Deposit', note: 'Memo' }));
    const missing = await importCsv(
      shop,
      `account=kbank&columns=${columns}`,
      'Date,Deposit,Details\n2026-11-24,5,x\n',
    );
    expectProblem(missing, 400, 'VALIDATION_FAILED');
    expect(missing.body).toMatchObject({
      errors: [
        {
          field: 'columns.note',
          message:
            'No column "Memo" (note) in the file, as the column mapping reads it. The closest to a header, line 1, has: "Date", "Deposit", "Details".',
        },
      ],
    });

    const elsewhere = await importCsv(
      shop,
      'account=kbank&preset=kbank-th',
      fixture('kbank-th.csv').replace('123-4-56789-0', '987-6-54321-0'),
    );
    expectProblem(elsewhere, 400, 'VALIDATION_FAILED');
    expect(fieldsOf(elsewhere)).toEqual(['account']);

    // "วันที่" in TIS-620, as Thai banks' exports often come.
    const tis620 = await importCsv(
      shop,
      'account=kbank&preset=kbank-th',
      new Uint8Array([0xc7, 0xd1, 0xb9, 0xb7, 0xd5, 0xe8]),
    );
    expectProblem(tis620, 400, 'VALIDATION_FAILED');
    expect(tis620.body).toMatchObject({
      errors: [{ field: 'line 1', message: expect.stringContaining('iconv -f TIS-620 -t UTF-8') as string }],
    });

    const all = await client.request<{ data: unknown[] }>('GET', '/collection/transactions', {
      token: await shop.token(),
    });
    expect(all.body.data).toEqual([]);
  });
});

describe('the statement template', () => {
  it('downloads our layout, which imports as it is, or a preset’s header; an unknown preset is refused', async () => {
    const shop = await liveShop();
    const token = await shop.token();
    const ours = await client.request('GET', '/collection/statements/template.csv', { token });
    expect(ours.status, ours.text).toBe(200);
    expect(ours.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(ours.headers.get('content-disposition')).toBe('attachment; filename="statement-template.csv"');
    expect(ours.text.split('\r\n')[0]).toBe(
      'id,bookedAt,amount,currency,note,payer,payer account,payer bank',
    );
    // UTF-8 with a byte-order mark, which spreadsheet programs need to show Thai and Vietnamese (fetch's text() drops it).
    const bytes = await fetch(`${api.baseUrl}/collection/statements/template.csv`, {
      headers: { authorization: `Bearer ${token}`, 'x-api-version': '2' },
    });
    expect([...new Uint8Array(await bytes.arrayBuffer()).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const imported = await importCsv(shop, 'account=kbank', ours.text);
    expect(imported.status, imported.text).toBe(200);
    expect(imported.body).toMatchObject({ stored: 1, skipped: 1 });

    const vcb = await client.request('GET', '/collection/statements/template.csv?preset=vcb-vn', { token });
    expect(vcb.text.split('\r\n')[0]).toBe(
      'STT,Ngày giao dịch,Số tham chiếu,Số tiền ghi nợ,Số tiền ghi có,Mô tả',
    );
    expect(vcb.headers.get('content-disposition')).toBe(
      'attachment; filename="statement-template-vcb-vn.csv"',
    );
    const unknown = await client.request('GET', '/collection/statements/template.csv?preset=nope', { token });
    expectProblem(unknown, 400, 'VALIDATION_FAILED');
    expect(fieldsOf(unknown)).toEqual(['preset']);
  });
});
