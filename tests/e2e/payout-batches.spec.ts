import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { signIn } from './support/console';
import { api, BASE_URL, merchantToken, newOrderId } from './support/payments';

// Live payouts by bank file in the console (docs/decisions/038). e2e-payouts is a live merchant
// whose SCB account pays out by pain.001 (tests/e2e/support/merchants.json); no other spec uses it.
test.use({ viewport: { width: 360, height: 800 } });
// One after the other: a cut takes every payout waiting at the account, whichever test made it.
test.describe.configure({ mode: 'default' });

const MERCHANT = 'e2e-payouts';
const ACCOUNT = 'scb-payouts';

async function expectNoOverflow(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/** The merchant's server: its payins, payouts, statements and batches. */
const serverToken = () =>
  merchantToken(MERCHANT, [
    'POST /payins/.*',
    'POST /payouts/.*',
    'GET /payouts/.*',
    'POST /collection/statements',
    'GET /payout-batches.*',
    'POST /payout-batches.*',
  ]);

/** Now in Bangkok, as a statement line without a zone gives it (the API reads it in the account's home time). */
const bangkokNow = () => new Date(Date.now() + 7 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');

/**
 * Money to pay out: a customer's transfer quoting an OFFLINE payin's reference, reported by the
 * account's CSV statement, succeeds the payin and credits the merchant's balance. The payin's id.
 */
async function fund(token: string, amount: number): Promise<string> {
  const idPayin = newOrderId();
  const created = await api<{ paymentMethodResponse: { reference: string } }>('POST', `/payins/${idPayin}`, {
    token,
    body: {
      paymentRequested: { money: { amount, currencyCode: 'THB' } },
      paymentMethod: { paymentMethodCode: 'OFFLINE' },
      callbackUrl: 'http://127.0.0.1:9/callbacks',
      returnUrl: 'https://shop.example/thanks',
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const statement = [
    'id,date,amount,currency,note',
    `E2E-FUND-${randomBytes(6).toString('hex').toUpperCase()},${bangkokNow()},${amount.toFixed(2)},THB,PAY ${created.body.paymentMethodResponse.reference}`,
  ].join('\n');
  for (let attempt = 0; ; attempt++) {
    const response = await fetch(`${BASE_URL}/api/collection/statements?account=${ACCOUNT}`, {
      method: 'POST',
      headers: { 'x-api-version': '2', 'content-type': 'text/csv', authorization: `Bearer ${token}` },
      body: statement,
    });
    if (response.status === 429 && attempt < 5) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      continue;
    }
    const body = (await response.json()) as { transactions: { transaction: { outcome: string } }[] };
    expect(response.status, JSON.stringify(body)).toBe(200);
    expect(body.transactions[0]?.transaction.outcome).toBe('APPLIED');
    return idPayin;
  }
}

/** A Thai bank account (Kasikornbank, 014) that payouts and refunds are sent to. */
const BANK_TRANSFER = {
  paymentMethodCode: 'BANK_TRANSFER',
  account: { accountName: 'Somchai Jaidee', accountNumber: '4012345678', bankCode: '014' },
};

/** A live bank payout, waiting at the account for a batch. */
async function payout(token: string, idPayout: string, amount: number): Promise<void> {
  const created = await api<{ process: { status: string } }>('POST', `/payouts/${idPayout}`, {
    token,
    body: {
      paymentRequested: { money: { amount, currencyCode: 'THB' } },
      paymentMethod: BANK_TRANSFER,
      callbackUrl: 'http://127.0.0.1:9/callbacks',
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  expect(created.body.process.status).toBe('PENDING');
}

const batchIdOf = (page: Page) =>
  /\/console\/payouts\/batches\/(pb_[0-9a-f]{24})$/.exec(page.url())?.[1] ?? '';

test('finance cuts a batch, cancels it, cuts the payouts again and downloads their pain.001', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const token = await serverToken();
  await fund(token, 5000);
  const tag = randomBytes(4).toString('hex');
  const ids = [`po-${tag}-1`, `po-${tag}-2`];
  await payout(token, ids[0]!, 120.5);
  await payout(token, ids[1]!, 80);

  await signIn(page, MERCHANT, '/console/payouts/batches', 'finance');
  await expect(page.getByRole('heading', { level: 1, name: 'Payout batches' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Payout batches' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('link', { name: 'Payouts', exact: true })).not.toHaveAttribute(
    'aria-current',
    'page',
  );
  // One account pays out: no picker, the account named.
  await expect(page.getByTestId('batch-cut-account')).toContainText(ACCOUNT);
  await expect(page.getByLabel('Account')).toHaveCount(0);
  await expectAccessible(page);
  await expectNoOverflow(page);

  // The first cut: READY, both payouts in file order, each with its EndToEndId.
  await page.getByTestId('batch-cut').click();
  await expect(page).toHaveURL(/\/console\/payouts\/batches\/pb_[0-9a-f]{24}$/);
  const first = batchIdOf(page);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(first);
  await expect(page.getByTestId('batch-status')).toHaveAttribute('data-status', 'READY');
  await expect(page.getByTestId('batch-payout-count')).toHaveText('2');
  await expect(page.getByTestId('batch-amount')).toContainText('200.50');
  const rows = page.getByTestId('batch-payout');
  await expect(rows).toHaveCount(2);
  for (const [index, id] of ids.entries()) {
    const row = rows.nth(index);
    await expect(row).toHaveAttribute('data-id-payout', id);
    await expect(row.getByRole('link', { name: id })).toHaveAttribute('href', `/console/payouts/${id}`);
    await expect(row.getByTestId('batch-end-to-end-id')).toHaveText(id);
    await expect(row.getByTestId('payout-status')).toHaveAttribute('data-status', 'PENDING');
  }
  await expect(page.getByTestId('batch-download')).toBeVisible();
  await expectAccessible(page);
  await expectNoOverflow(page);

  // Cancelled after a confirmation that says what happens; backing out first changes nothing.
  await page.getByTestId('batch-cancel').click();
  const confirm = page.getByTestId('batch-cancel-confirm');
  await expect(confirm).toContainText(`Cancel batch ${first}? Its 2 payouts go back`);
  await expectAccessible(page);
  await confirm.getByRole('button', { name: 'Keep the batch' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(page.getByTestId('batch-status')).toHaveAttribute('data-status', 'READY');
  await page.getByTestId('batch-cancel').click();
  await page.getByTestId('batch-cancel-confirm-yes').click();
  await expect(page.getByTestId('batch-status')).toHaveAttribute('data-status', 'CANCELLED');
  await expect(page.getByTestId('batch-action-outcome')).toHaveText(
    'The batch was cancelled: its payouts and refunds wait for the next batch.',
  );
  await expect(page.getByTestId('batch-cancelled-note')).toBeVisible();
  await expect(page.getByTestId('batch-download')).toHaveCount(0);
  await expect(page.getByTestId('batch-cancel')).toHaveCount(0);

  // The list shows it cancelled; the next cut takes the same payouts.
  await page.getByRole('link', { name: '← Payout batches' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Payout batches' })).toBeVisible();
  const cancelledRow = page.locator(`[data-testid="batch-row"][data-id-batch="${first}"]`);
  await expect(cancelledRow.getByTestId('batch-status')).toHaveAttribute('data-status', 'CANCELLED');
  await page.getByTestId('batch-cut').click();
  await expect(page).toHaveURL(/\/console\/payouts\/batches\/pb_[0-9a-f]{24}$/);
  const second = batchIdOf(page);
  expect(second).not.toBe(first);
  await expect(page.getByTestId('batch-status')).toHaveAttribute('data-status', 'READY');
  await expect(page.getByTestId('batch-payout')).toHaveCount(2);
  await expect(page.getByTestId('batch-end-to-end-id')).toHaveText(ids);

  // The file, under the API's name, with an EndToEndId per payout; downloaded, it cannot be cancelled.
  const downloading = page.waitForEvent('download');
  await page.getByTestId('batch-download').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`${second}.pain.001.xml`);
  const xml = await readFile(await download.path(), 'utf8');
  expect(xml).toContain(`<MsgId>${second}</MsgId>`);
  for (const id of ids) expect(xml).toContain(`<EndToEndId>${id}</EndToEndId>`);
  await expect(page.getByTestId('batch-status')).toHaveAttribute('data-status', 'DOWNLOADED');
  await expect(page.getByTestId('batch-cancel')).toHaveCount(0);
  await expect(page.getByTestId('batch-downloaded-at')).toBeVisible();
  await expect(page.getByTestId('batch-download')).toBeVisible();
  await expect(page.getByTestId('batch-pending-count')).toHaveText('2');
  await expectAccessible(page);
  await expectNoOverflow(page);

  // Nothing waits any more: a new cut says so.
  await page.getByRole('link', { name: '← Payout batches' }).click();
  const downloadedRow = page.locator(`[data-testid="batch-row"][data-id-batch="${second}"]`);
  await expect(downloadedRow.getByTestId('batch-status')).toHaveAttribute('data-status', 'DOWNLOADED');
  await expect(downloadedRow.getByTestId('batch-payout-count')).toHaveText('2');
  await expect(downloadedRow.getByTestId('batch-pending-count')).toHaveText('2');
  await page.getByTestId('batch-cut').click();
  await expect(page.getByTestId('batch-cut-empty')).toHaveText(
    'No payout is waiting at this account: there is nothing to batch.',
  );
  await expectAccessible(page);
  await expectNoOverflow(page);
});

test('a viewer sees the batches and their payouts, without cutting, downloading or cancelling', async ({
  page,
}) => {
  const token = await serverToken();
  await fund(token, 1000);
  const idPayout = `po-${randomBytes(4).toString('hex')}-v`;
  await payout(token, idPayout, 42);
  const cut = await api<{ idBatch: string; status: string }>('POST', '/payout-batches', {
    token,
    body: { accountId: ACCOUNT },
  });
  expect(cut.status, JSON.stringify(cut.body)).toBe(201);
  const { idBatch } = cut.body;

  await signIn(page, MERCHANT, '/console/payouts/batches', 'viewer');
  const row = page.locator(`[data-testid="batch-row"][data-id-batch="${idBatch}"]`);
  await expect(row.getByTestId('batch-status')).toHaveAttribute('data-status', 'READY');
  await expect(page.getByTestId('batch-cut-section')).toHaveCount(0);
  await expect(page.getByTestId('batch-cut')).toHaveCount(0);
  await expectAccessible(page);
  await expectNoOverflow(page);

  await row.getByRole('link', { name: idBatch }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(idBatch);
  await expect(page.getByTestId('batch-payout')).toHaveCount(1);
  await expect(page.getByTestId('batch-end-to-end-id')).toHaveText(idPayout);
  await expect(page.getByTestId('batch-download')).toHaveCount(0);
  await expect(page.getByTestId('batch-cancel')).toHaveCount(0);
  await expectAccessible(page);
  await expectNoOverflow(page);

  // The console refuses the calls themselves too, and the batch stays READY.
  const origin = new URL(page.url()).origin;
  const cancel = await page.request.post(`/console/bff/api/payout-batches/${idBatch}/!cancel`, {
    data: {},
    headers: { origin },
  });
  expect(cancel.status()).toBe(403);
  expect(((await cancel.json()) as { code: string }).code).toBe('ROLE_NOT_PERMITTED');
  const file = await page.request.get(`/console/payouts/batches/${idBatch}/pain.001`);
  expect(file.status()).toBe(403);
  expect(((await file.json()) as { code: string }).code).toBe('ROLE_NOT_PERMITTED');
  // The JSON proxy never serves the file (it would hand over an empty body).
  expect((await page.request.get(`/console/bff/api/payout-batches/${idBatch}/pain.001`)).status()).toBe(404);
  const read = await api<{ status: string }>('GET', `/payout-batches/${idBatch}`, { token });
  expect(read.body.status).toBe('READY');
});

test('a live refund to a bank account joins the batch after the payouts, by its EndToEndId R/<idRefund>, and its pain.001', async ({
  page,
}) => {
  test.setTimeout(90_000);
  // Live refunds by file (docs/decisions/042): the merchant gives part of a paid payin back to a
  // bank account it names; the refund waits at the account paying out THB, beside a payout.
  const token = await serverToken();
  const idPayin = await fund(token, 1000);
  const tag = randomBytes(4).toString('hex');
  const idPayout = `po-${tag}-r`;
  const idRefund = `rf-${tag}`;
  await payout(token, idPayout, 75.25);
  const refunded = await api<{ status: string; endToEndId?: string; destination?: { source: string } }>(
    'POST',
    `/payins/${idPayin}/refunds/${idRefund}`,
    {
      token,
      body: {
        money: { amount: 40.5, currencyCode: 'THB' },
        reason: 'Damaged in transit',
        destination: BANK_TRANSFER,
        callbackUrl: 'http://127.0.0.1:9/callbacks',
      },
    },
  );
  expect(refunded.status, JSON.stringify(refunded.body)).toBe(201);
  expect(refunded.body).toMatchObject({
    status: 'PENDING',
    endToEndId: `R/${idRefund}`,
    destination: { source: 'MERCHANT' },
  });

  await signIn(page, MERCHANT, '/console/payouts/batches', 'finance');
  await page.getByTestId('batch-cut').click();
  await expect(page).toHaveURL(/\/console\/payouts\/batches\/pb_[0-9a-f]{24}$/);
  const idBatch = batchIdOf(page);
  await expect(page.getByTestId('batch-status')).toHaveAttribute('data-status', 'READY');
  await expect(page.getByTestId('batch-payout-count')).toHaveText('1');
  await expect(page.getByTestId('batch-refund-count')).toHaveText('1');
  await expect(page.getByTestId('batch-pending-count')).toHaveText('2');
  // One file pays both: 75.25 + 40.50.
  await expect(page.getByTestId('batch-amount')).toContainText('115.75');

  // The payout in its table, then the refund in its own, each with the EndToEndId the bank reports.
  const payouts = page.getByRole('table', { name: "The batch's payouts in file order" });
  await expect(payouts.getByTestId('batch-payout')).toHaveCount(1);
  await expect(payouts.getByTestId('batch-end-to-end-id')).toHaveText([idPayout]);
  await expect(page.getByRole('heading', { level: 2, name: 'Refunds in this batch' })).toBeVisible();
  const refunds = page.getByRole('table', { name: "The batch's refunds in file order, after its payouts" });
  const row = refunds.getByTestId('batch-refund');
  await expect(row).toHaveCount(1);
  await expect(row).toHaveAttribute('data-id-refund', idRefund);
  await expect(row.getByRole('cell').first()).toHaveText(idRefund);
  await expect(row.getByRole('link', { name: idPayin })).toHaveAttribute(
    'href',
    `/console/payments/${idPayin}`,
  );
  await expect(row.getByTestId('batch-end-to-end-id')).toHaveText(`R/${idRefund}`);
  await expect(row).toContainText('40.50');
  await expect(row.getByTestId('refund-status')).toHaveAttribute('data-status', 'PENDING');
  // Both tables, in file order: the payout's EndToEndId first.
  await expect(page.getByTestId('batch-end-to-end-id')).toHaveText([idPayout, `R/${idRefund}`]);
  await expectAccessible(page);
  await expectNoOverflow(page);

  // The file: one credit transfer each, payout first, the refund naming the payin it gives back.
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download pain.001' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`${idBatch}.pain.001.xml`);
  const xml = await readFile(await download.path(), 'utf8');
  expect(xml).toContain(`<MsgId>${idBatch}</MsgId>`);
  expect(xml).toContain('<NbOfTxs>2</NbOfTxs>');
  expect(xml).toContain('<CtrlSum>115.75</CtrlSum>');
  expect([...xml.matchAll(/<EndToEndId>([^<]+)<\/EndToEndId>/g)].map((match) => match[1])).toEqual([
    idPayout,
    `R/${idRefund}`,
  ]);
  expect(xml).toContain('<InstdAmt Ccy="THB">40.50</InstdAmt>');
  expect(xml).toContain(`<Ustrd>Refund ${idPayin}: Damaged in transit</Ustrd>`);
  await expect(page.getByTestId('batch-status')).toHaveAttribute('data-status', 'DOWNLOADED');
  await expect(page.getByTestId('batch-cancel')).toHaveCount(0);
  await expect(refunds.getByTestId('batch-refund')).toHaveCount(1);

  // The list counts the refund; the refund's payment page shows it on its way to the named account.
  await page.getByRole('link', { name: '← Payout batches' }).click();
  const listed = page.locator(`[data-testid="batch-row"][data-id-batch="${idBatch}"]`);
  await expect(listed.getByTestId('batch-status')).toHaveAttribute('data-status', 'DOWNLOADED');
  await expect(listed.getByTestId('batch-payout-count')).toHaveText('1');
  await expect(listed.getByTestId('batch-refund-count')).toHaveText('1');
  await expect(listed.getByTestId('batch-pending-count')).toHaveText('2');
  await listed.getByRole('link', { name: idBatch }).click();
  await page
    .getByRole('table', { name: "The batch's refunds in file order, after its payouts" })
    .getByRole('link', { name: idPayin })
    .click();
  await expect(page).toHaveURL(new RegExp(`/console/payments/${idPayin}$`));
  const refundRow = page
    .getByTestId('refunds-section')
    .locator(`[data-testid="refund-row"][data-id-refund="${idRefund}"]`);
  await expect(refundRow.getByTestId('refund-status')).toHaveAttribute('data-status', 'PENDING');
  await expect(refundRow).toContainText('Account ending 5678');
  await expectAccessible(page);
  await expectNoOverflow(page);
});

test('a test merchant learns batches are for live payouts by bank file, and is offered nothing', async ({
  page,
}) => {
  await signIn(page, 'e2e-shop', '/console/payouts/batches');
  await expect(page.getByRole('heading', { level: 1, name: 'Payout batches' })).toBeVisible();
  await expect(page.getByTestId('batches-test-only')).toContainText('live payouts paid by bank file');
  await expect(page.getByTestId('batch-cut')).toHaveCount(0);
  await expect(page.getByTestId('batches-table')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Payout batches' })).toHaveCount(0);
  await expectAccessible(page);
  await expectNoOverflow(page);
});
