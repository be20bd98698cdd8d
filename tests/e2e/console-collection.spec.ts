import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { signIn } from './support/console';
import { api, BASE_URL, merchantToken, newOrderId } from './support/payments';

test.use({ viewport: { width: 360, height: 800 } });
// One after the other: both spend e2e-live's 10 requests per second, which console.spec shares.
test.describe.configure({ mode: 'default' });

// Runs share one database: every bank transaction id is new, and amounts are odd enough that no
// open payin of the account is owed exactly them (an amount match would apply the money).
const bankId = (label: string) => `E2E-${label}-${randomBytes(6).toString('hex').toUpperCase()}`;
const oddAmount = () =>
  `${4000 + Math.floor(Math.random() * 900)}.${String(11 + Math.floor(Math.random() * 88))}`;

async function expectNoOverflow(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/** Chooses a statement in the collection page's import form (opened) and imports it. */
async function importStatement(page: Page, name: string, text: string): Promise<void> {
  const form = page.getByRole('form', { name: 'Import a statement' });
  if (!(await form.isVisible())) await page.getByText('Import a statement', { exact: true }).click();
  await form.getByLabel('Statement file').setInputFiles({
    name,
    mimeType: 'text/csv',
    buffer: Buffer.from(text, 'utf8'),
  });
  await form.getByTestId('statement-submit').click();
}

test('a live merchant imports a statement, sees a broken one refused whole, and refunds what no payin took', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  await signIn(page, 'e2e-live', '/console/collection');
  await expect(page.getByRole('heading', { level: 1, name: 'Collection' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Collection', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );

  // The account the operator configured, with its bank feed.
  const account = page.locator('[data-testid="collection-account"][data-account="kbank-promptpay"]');
  await expect(account).toContainText('PROMPTPAY');
  await expect(account).toContainText('Bangkok Books Co., Ltd.');
  await expect(account.getByTestId('collection-account-feed')).toHaveAttribute('data-feed', 'true');

  // A statement: one credit quoting no payin's reference, one debit.
  const credit = bankId('CR');
  const amount = oddAmount();
  await importStatement(
    page,
    'kbank-march.csv',
    [
      'id,date,amount,currency,note',
      `${credit},2026-03-02 10:15:00,${amount},THB,Thank you for the books`,
      `${bankId('DR')},2026-03-02 11:00:00,-120.00,THB,Bank fee`,
    ].join('\n'),
  );
  const summary = page.getByTestId('statement-summary');
  await expect(summary).toBeVisible();
  await expect(summary.getByTestId('statement-stored')).toHaveAttribute('data-count', '1');
  await expect(summary.getByTestId('statement-duplicates')).toHaveAttribute('data-count', '0');
  await expect(summary.getByTestId('statement-skipped')).toHaveAttribute('data-count', '1');
  const imported = summary.locator(`[data-testid="statement-transaction"][data-bank-id="${credit}"]`);
  await expect(imported.getByTestId('collection-outcome')).toHaveAttribute('data-outcome', 'UNMATCHED');
  await expectAccessible(page);
  await expectNoOverflow(page);

  // A broken statement: every problem named, and not even its good row stored.
  const untouched = bankId('OK');
  await importStatement(
    page,
    'broken.csv',
    [
      'id,date,amount,currency,note',
      `${untouched},2026-03-03 09:00:00,${oddAmount()},THB,Fine on its own`,
      `${bankId('BAD')},2026-03-03 09:05:00,12.3.4,THB,Not an amount`,
      `${bankId('BAD')},yesterday,50.00,THB,Not a date`,
    ].join('\n'),
  );
  await expect(page.getByTestId('statement-nothing-stored')).toContainText('Nothing was stored');
  const problems = page.getByTestId('statement-problem');
  await expect(problems).toContainText('line 3');
  await expect(problems).toContainText('line 4');
  await expect(problems).not.toContainText('line 2');
  await expect(page.getByTestId('statement-summary')).toHaveCount(0);
  await expectAccessible(page);
  await expectNoOverflow(page);

  await page.goto('/console/collection?show=all');
  await expect(page.getByTestId('collection-table')).toBeVisible();
  await expect(page.locator(`[data-testid="collection-row"][data-bank-id="${untouched}"]`)).toHaveCount(0);
  await expect(page.locator(`[data-testid="collection-row"][data-bank-id="${credit}"]`)).toBeVisible();

  // Balances say how much of the unapplied money waits for the merchant, and where.
  await page.goto('/console/balances');
  const forReview = page.getByTestId('balance-for-review').first();
  await expect(forReview).toContainText(/^THB\s[\d,.]+ of it waits for you: money no payment took\./);
  await expect(forReview.getByRole('link', { name: 'Open the review queue' })).toHaveAttribute(
    'href',
    '/console/collection',
  );

  // The review queue (the page's default) lists the unmatched credit with its unapplied money.
  await page.goto('/console/collection');
  await expect(page.getByRole('heading', { level: 2, name: 'Review queue' })).toBeVisible();
  const row = page.locator(`[data-testid="collection-row"][data-bank-id="${credit}"]`);
  await expect(row.getByTestId('collection-outcome')).toHaveAttribute('data-outcome', 'UNMATCHED');
  await expect(row.locator('[data-amount]')).toHaveAttribute('data-amount', String(Number(amount)));
  await expect(row).toContainText('Thank you for the books');
  await expectAccessible(page);
  await expectNoOverflow(page);

  // Its page: the record as the statement gave it, and the review's two actions.
  await row.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/console\/collection\/\d+$/);
  const transactionUrl = page.url();
  await expect(page.getByTestId('collection-needs-review')).toBeVisible();
  await expect(page.getByTestId('collection-raw')).toContainText(credit);
  await expect(page.getByTestId('collection-resolution')).toHaveCount(0);
  await expectAccessible(page);
  await expectNoOverflow(page);

  // A second tab still shows the review forms after the first has refunded the money.
  const stale = await context.newPage();
  await stale.goto(transactionUrl);
  await expect(stale.getByTestId('refund-form')).toBeVisible();

  const reference = `KBANK-RF-${randomBytes(4).toString('hex').toUpperCase()}`;
  const refund = page.getByTestId('refund-form');
  await refund.getByLabel("Refund's bank reference (optional)").fill(reference);
  // It cannot be undone: the console asks first, naming the amount, and "Go back" changes nothing.
  await refund.getByRole('button', { name: 'Mark refunded' }).click();
  const confirm = page.getByTestId('refund-confirm');
  await expect(confirm).toContainText(/^Mark .+ as refunded\? Only once you have sent it back/);
  await expect(confirm.getByRole('button', { name: 'Go back' })).toBeFocused();
  await expectAccessible(page);
  await confirm.getByRole('button', { name: 'Go back' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(page.getByTestId('collection-needs-review')).toBeVisible();
  await refund.getByRole('button', { name: 'Mark refunded' }).click();
  await confirm.getByRole('button', { name: 'Yes, mark refunded' }).click();
  await expect(page.getByTestId('collection-action-outcome')).toHaveText('Marked refunded.');
  const resolution = page.getByTestId('collection-resolution');
  await expect(resolution.getByTestId('resolution-kind')).toHaveText('Refunded to the payer');
  // The signed-in person's name, as the session says, beside the merchant's code.
  await expect(resolution.getByTestId('resolution-by')).toHaveText('Ana Lima (e2e-live)');
  await expect(resolution.getByTestId('resolution-note')).toHaveText(reference);
  await expect(resolution.getByTestId('resolution-at')).not.toHaveText('—');
  await expect(page.getByTestId('collection-unapplied')).toContainText('0.00');
  await expect(page.getByTestId('collection-review')).toHaveCount(0);
  await expectAccessible(page);

  // The stale tab's refund is refused with the API's own words.
  await stale.getByTestId('refund-form').getByRole('button', { name: 'Mark refunded' }).click();
  await stale.getByTestId('refund-confirm-yes').click();
  await expect(stale.getByTestId('review-problem')).toContainText('COLLECTION_TRANSACTION_RESOLVED');
  await expect(stale.getByTestId('review-problem')).toContainText('no unapplied money left');
  await stale.close();

  // It left the queue; the ledger shows the refund and who made it.
  await page.goto('/console/collection');
  await expect(page.getByRole('heading', { level: 2, name: 'Review queue' })).toBeVisible();
  await expect(page.locator(`[data-testid="collection-row"][data-bank-id="${credit}"]`)).toHaveCount(0);
  await page.goto('/console/balances');
  const refundTransfer = page
    .locator('[data-testid="ledger-transfer"][data-type="COLLECTION_REFUND"]')
    .first();
  await expect(refundTransfer.getByTestId('ledger-actor')).toContainText('e2e-live');
  await expect(refundTransfer.getByTestId('ledger-subject')).toHaveAttribute(
    'href',
    new URL(transactionUrl).pathname,
  );
  await expectAccessible(page);
  await expectNoOverflow(page);
});

// KBank's own export (docs/decisions/040): Thai headers, Buddhist Era dates, a preamble naming
// account 123-4-56789-0 (e2e-live's kbank-current), balance rows; the API tests read the same file.
const KBANK_EXPORT = readFileSync(
  new URL('../../server/reconciliation/formats/fixtures/kbank-th.csv', import.meta.url),
  'utf8',
);
const KBANK_HEADER = 'วันที่,เวลา,รายการ,ถอนเงิน,ฝากเงิน,ยอดคงเหลือ,ช่องทาง,รายละเอียด';

/** The live merchant's server: its payins, its collection accounts and the KBank account's statement mapping. */
const liveToken = () =>
  merchantToken('e2e-live', [
    'POST /payins/.*',
    'GET /payins/.*',
    'GET /collection/.*',
    'PUT /collection/accounts/kbank-current/statement-mapping',
  ]);

/** A live OFFLINE payin of an odd amount, open at the merchant's KBank account: its id, reference and amount. */
async function openPayin(token: string): Promise<{ idPayin: string; reference: string; amount: number }> {
  const idPayin = newOrderId();
  const created = await api<{
    paymentMethodResponse: { reference: string; moneyRequired: { amount: number } };
  }>('POST', `/payins/${idPayin}`, {
    token,
    body: {
      paymentRequested: { money: { amount: Number(oddAmount()), currencyCode: 'THB' } },
      paymentMethod: { paymentMethodCode: 'OFFLINE' },
      callbackUrl: 'http://127.0.0.1:9/callbacks',
      returnUrl: 'https://shop.example/thanks',
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const { reference, moneyRequired } = created.body.paymentMethodResponse;
  return { idPayin, reference, amount: moneyRequired.amount };
}

/** THB as KBank writes it: grouped thousands, two decimals. */
const kbankAmount = (amount: number) =>
  amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * The KBank export with its first deposit paying the payin (its amount, its reference in the
 * details) and its two other deposits of odd amounts no payin is owed: new rows at every run (the
 * export has no ids; they are derived from the rows' values).
 */
function kbankExport(payin: { reference: string; amount: number }): string {
  const replacements: [string, string][] = [
    ['"1,500.50"', `"${kbankAmount(payin.amount)}"`],
    ['PAY 7KQ2M9XW4D', `PAY ${payin.reference}`],
    [',250.00,', `,"${kbankAmount(Number(oddAmount()))}",`],
    ['"12,345.00"', `"${kbankAmount(Number(oddAmount()))}"`],
  ];
  return replacements.reduce((text, [from, to]) => {
    expect(text, `the KBank fixture has ${from}`).toContain(from);
    return text.replace(from, to);
  }, KBANK_EXPORT);
}

async function readPayinStatus(token: string, idPayin: string): Promise<string> {
  const read = await api<{ process: { status: string } }>('GET', `/payins/${idPayin}`, { token });
  expect(read.status).toBe(200);
  return read.body.process.status;
}

test("a live merchant imports KBank's own export with its preset, remembers the layout, and the next import uses it", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const token = await liveToken();
  const mappingOf = async () =>
    (
      await api<{ mapping: unknown; updatedBy?: string }>(
        'GET',
        '/collection/accounts/kbank-current/statement-mapping',
        { token },
      )
    ).body;
  // Runs share one database: the account starts from our layout, as its server can set it.
  const reset = await api('PUT', '/collection/accounts/kbank-current/statement-mapping', {
    token,
    body: { preset: 'generic' },
  });
  expect(reset.status, JSON.stringify(reset.body)).toBe(200);
  const first = await openPayin(token);

  await signIn(page, 'e2e-live', '/console/collection', 'finance');
  await page.getByText('Import a statement', { exact: true }).click();
  const form = page.getByRole('form', { name: 'Import a statement' });
  await form.getByLabel('Collection account').selectOption('kbank-current');
  const layout = form.getByLabel('Layout of the CSV');
  const template = form.getByRole('link', { name: 'Download a template of this layout (CSV)' });
  const remember = form.getByRole('checkbox', { name: 'Remember this layout for this account' });
  await expect(layout).toHaveValue('generic');
  await expect(layout.getByRole('option', { name: /^Saved for this account/ })).toHaveCount(0);
  await expect(template).toHaveAttribute('download', 'statement-template.csv');
  // The account's currency's banks come first.
  await expect(layout.locator('optgroup[label="Bank exports in THB"] > option')).toHaveText([
    'Kasikornbank (KBank)',
    'Siam Commercial Bank (SCB)',
  ]);

  // KBank's layout: the columns it needs are said, and its template is KBank's header, as the API gives it.
  await layout.selectOption({ label: 'Kasikornbank (KBank)' });
  await expect(layout).toHaveValue('kbank-th');
  await expect(layout).toHaveAccessibleDescription(
    /Reads the Kasikornbank \(KBank\) export as the bank writes it/,
  );
  await expect(layout).toHaveAccessibleDescription(/วันที่ \/ วันที่ทำรายการ/);
  const downloading = page.waitForEvent('download');
  await template.click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('statement-template-kbank-th.csv');
  const file = await readFile(await download.path());
  const text = file.toString('utf8');
  expect(text.startsWith(`\uFEFF${KBANK_HEADER}\r\n`)).toBe(true);
  expect(text.trimEnd().split('\r\n')).toHaveLength(3);
  const served = await fetch(`${BASE_URL}/api/collection/statements/template.csv?preset=kbank-th`, {
    headers: { 'x-api-version': '2', authorization: `Bearer ${token}` },
  });
  expect(served.status).toBe(200);
  expect(file.equals(Buffer.from(await served.arrayBuffer()))).toBe(true);

  // The export as downloaded from K BIZ, remembered for the account once it is read.
  await remember.check();
  await importStatement(page, 'kbank-november.csv', kbankExport(first));
  const summary = page.getByTestId('statement-summary');
  await expect(summary).toBeVisible();
  await expect(summary.getByTestId('statement-stored')).toHaveAttribute('data-count', '3');
  await expect(summary.getByTestId('statement-duplicates')).toHaveAttribute('data-count', '0');
  // The withdrawal; the balance rows and the preamble are not transactions at all.
  await expect(summary.getByTestId('statement-skipped')).toHaveAttribute('data-count', '1');
  const transactions = summary.getByTestId('statement-transaction');
  await expect(transactions).toHaveCount(3);
  for (let index = 0; index < 3; index++)
    await expect(transactions.nth(index)).toHaveAttribute('data-bank-id', /^row-[0-9a-f]{32}$/);
  // The deposit quoting the payin's reference paid it; the two others wait in review, unapplied.
  await expect(transactions.nth(0).getByTestId('collection-outcome')).toHaveAttribute(
    'data-outcome',
    'APPLIED',
  );
  await expect(summary.locator('[data-testid="collection-outcome"][data-outcome="APPLIED"]')).toHaveCount(1);
  await expect(summary.locator('[data-testid="collection-outcome"][data-outcome="UNMATCHED"]')).toHaveCount(
    2,
  );
  await expect(transactions.nth(0)).toContainText(kbankAmount(first.amount));
  await expect(page.getByTestId('statement-remembered')).toHaveText('The layout is saved for this account.');
  await expectAccessible(page);
  await expectNoOverflow(page);
  expect(await readPayinStatus(token, first.idPayin)).toBe('SUCCESS');
  const saved = await mappingOf();
  expect(saved).toMatchObject({ accountId: 'kbank-current', mapping: { preset: 'kbank-th' } });
  expect(saved.updatedBy).toMatch(/^Ana Lima \(/);

  // Later: the account's imports start from its saved layout; another account's do not.
  await page.reload();
  await page.getByText('Import a statement', { exact: true }).click();
  await form.getByLabel('Collection account').selectOption('kbank-current');
  await expect(layout).toHaveValue('saved');
  await expect(layout.locator('option:checked')).toHaveText('Saved for this account: Kasikornbank (KBank)');
  await expect(layout).toHaveAccessibleDescription(/Reads the Kasikornbank \(KBank\) export/);
  await expect(template).toHaveAttribute('download', 'statement-template-kbank-th.csv');
  await expect(remember).toBeDisabled();
  await form.getByLabel('Collection account').selectOption('kbank-promptpay');
  await expect(layout).toHaveValue('generic');
  await expect(layout.getByRole('option', { name: /^Saved for this account/ })).toHaveCount(0);
  await form.getByLabel('Collection account').selectOption('kbank-current');
  await expect(layout).toHaveValue('saved');
  await expectAccessible(page);

  // Imported without choosing a layout, the next export is read as KBank's.
  const second = await openPayin(token);
  await importStatement(page, 'kbank-december.csv', kbankExport(second));
  await expect(page.getByTestId('statement-nothing-stored')).toHaveCount(0);
  await expect(summary.getByTestId('statement-stored')).toHaveAttribute('data-count', '3');
  await expect(summary.getByTestId('statement-skipped')).toHaveAttribute('data-count', '1');
  await expect(transactions.nth(0).getByTestId('collection-outcome')).toHaveAttribute(
    'data-outcome',
    'APPLIED',
  );
  await expect(summary.locator('[data-testid="collection-outcome"][data-outcome="UNMATCHED"]')).toHaveCount(
    2,
  );
  await expect(transactions.nth(0)).toContainText(kbankAmount(second.amount));
  await expect(page.getByTestId('statement-remembered')).toHaveCount(0);
  expect(await readPayinStatus(token, second.idPayin)).toBe('SUCCESS');
  expect((await mappingOf()).mapping).toEqual({ preset: 'kbank-th' });
});
