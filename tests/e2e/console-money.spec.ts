import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { secretOf, signIn } from './support/console';
import { api, customerToken, newOrderId } from './support/payments';

test.use({ viewport: { width: 360, height: 800 } });
// One after the other: each spends e2e-shop's 10 requests per second, which other specs share too.
test.describe.configure({ mode: 'default' });

// The merchants are shared with parallel tests that keep adding THB payins: balances are compared
// before and after in cents, and only where nothing else moves them (no other test pays out).
const cents = (amount: string | null) => Math.round(Number(amount) * 100);

async function expectNoOverflow(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/** The THB card of the balances page in cents (zeros before the merchant's first THB money). */
async function thbBalance(page: Page): Promise<{ available: number; reserved: number }> {
  await page.goto('/console/balances');
  await expect(page.getByRole('heading', { level: 1, name: 'Balances' })).toBeVisible();
  const card = page.locator('[data-testid="balance-card"][data-currency="THB"]');
  if ((await card.count()) === 0) return { available: 0, reserved: 0 };
  return {
    available: cents(await card.getByTestId('balance-available').getAttribute('data-amount')),
    reserved: cents(await card.getByTestId('balance-reserved').getAttribute('data-amount')),
  };
}

/** An open THB payin created by the merchant's server (OFFLINE). */
async function createPayin(amount: number): Promise<string> {
  const idPayin = newOrderId();
  const created = await api('POST', `/payins/${idPayin}`, {
    token: await customerToken('e2e-shop', idPayin),
    body: {
      paymentRequested: { money: { amount, currencyCode: 'THB' } },
      paymentMethod: { paymentMethodCode: 'OFFLINE' },
      callbackUrl: 'http://127.0.0.1:9/callbacks',
      returnUrl: 'https://shop.example/thanks',
    },
  });
  expect(created.status).toBe(201);
  return idPayin;
}

/** A transfer of a type inside a part of the page. */
const transferIn = (scope: Page | ReturnType<Page['locator']>, type: string) =>
  scope.locator(`[data-testid="ledger-transfer"][data-type="${type}"]`);

test('a test merchant sees a payin credit its balance, sends a payout from the form and succeeds it', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page, 'e2e-shop', '/console/balances');
  const before = await thbBalance(page);

  // A payin succeeds from its console page; its Ledger section shows the credit and the settlement.
  const idPayin = await createPayin(2000);
  await page.goto(`/console/payments/${idPayin}`);
  const payinLedger = page.getByTestId('ledger-section');
  await expect(payinLedger.getByTestId('ledger-empty')).toBeVisible();
  await page.getByTestId('console-approve').click();
  await expect(page.getByTestId('payin-status')).toHaveAttribute('data-status', 'SUCCESS');
  const credit = transferIn(payinLedger, 'PAYIN_CREDIT');
  await expect(credit).toBeVisible();
  await expect(transferIn(payinLedger, 'PAYIN_SETTLEMENT')).toBeVisible();
  const credited = cents(
    await credit
      .locator('[data-testid="ledger-line"][data-account="merchant.pending"]')
      .getAttribute('data-credit'),
  );
  expect(credited).toBeGreaterThan(0);
  expect(credited).toBeLessThan(200_000);
  await expect(credit.locator('[data-account="operator.cash"]')).toHaveAttribute('data-debit', '2000');
  await expectAccessible(page);

  // The balance has it (other tests may have added more), and the transfer links back to the payin.
  const afterCredit = await thbBalance(page);
  expect(afterCredit.available - before.available).toBeGreaterThanOrEqual(credited);
  await expect(page.getByTestId('ledger-subject').filter({ hasText: idPayin }).first()).toBeVisible();
  await expectAccessible(page);
  await expectNoOverflow(page);

  // New payout: an account number the API refuses first, its message next to the field.
  await page.goto('/console/payouts');
  await page.getByTestId('new-payout').locator('summary').click();
  await expect(page.getByTestId('payout-sandbox-hint')).toContainText('9.10');
  const idPayout = `po-${newOrderId()}`;
  await page.locator('#payout-amount').fill('1009.10');
  await page.locator('#payout-currencyCode').selectOption('THB');
  await expect(page.locator('#payout-amount-hint')).toContainText('waits for Succeed or Refuse');
  await expect(page.locator('#payout-paymentMethodCode')).toHaveValue('BANK_TRANSFER');
  await page.locator('#payout-accountName').fill('Somchai Jaidee');
  await page.locator('#payout-accountNumber').fill('12');
  await page.locator('#payout-bankCode').fill('004');
  await page.locator('#payout-idPayout').fill(idPayout);
  await expect(page.locator('#payout-callbackUrl')).toHaveValue(/^https?:\/\/.+/);
  await page.getByTestId('payout-submit').click();
  await expect(page.getByTestId('payout-problem')).toContainText('paymentMethod.account.accountNumber');
  await expect(page.locator('#payout-accountNumber-error')).toBeVisible();
  await expect(page.locator('#payout-accountNumber')).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page);
  await expectNoOverflow(page);

  await page.locator('#payout-accountNumber').fill('1234567890');
  await page.getByTestId('payout-submit').click();
  await expect(page).toHaveURL(new RegExp(`/console/payouts/${idPayout}$`));
  await expect(page.getByTestId('payout-status')).toHaveAttribute('data-status', 'PENDING');
  const payoutLedger = page.getByTestId('ledger-section');
  const reserve = transferIn(payoutLedger, 'PAYOUT_RESERVE');
  await expect(reserve).toBeVisible();
  const total = cents(await page.getByTestId('payout-total').getAttribute('data-amount'));
  expect(total).toBeGreaterThan(100_910);
  await expect(reserve.locator('[data-account="merchant.reserved"]')).toHaveAttribute(
    'data-credit',
    String(total / 100),
  );
  await expect(page.getByTestId('payout-json')).toContainText(`"idPayout": "${idPayout}"`);
  await expectAccessible(page);
  await expectNoOverflow(page);

  // Pending: the amount, fee and VAT are reserved.
  const reserved = await thbBalance(page);
  expect(reserved.reserved - before.reserved).toBe(total);

  // Succeed: the reservation leaves as the payout's debit.
  await page.goto(`/console/payouts/${idPayout}`);
  await page.getByTestId('payout-succeed').click();
  await expect(page.getByTestId('payout-status')).toHaveAttribute('data-status', 'SUCCESS');
  await expect(page.getByTestId('payout-action-outcome')).toHaveText('The payout succeeded.');
  await expect(page.getByText('APPROVED').first()).toBeVisible();
  const debit = transferIn(payoutLedger, 'PAYOUT_DEBIT');
  await expect(debit).toBeVisible();
  await expect(transferIn(payoutLedger, 'PAYOUT_RESERVE')).toBeVisible();
  await expect(debit.locator('[data-account="merchant.reserved"]')).toHaveAttribute(
    'data-debit',
    String(total / 100),
  );
  await expect(page.getByTestId('payout-succeed')).toHaveCount(0);
  await expectAccessible(page);

  const after = await thbBalance(page);
  expect(after.reserved).toBe(before.reserved);
  await page.goto('/console/payouts?status=SUCCESS');
  await expect(
    page.locator(`[data-testid="payout-row"][data-id-payout="${idPayout}"]`).getByTestId('payout-status'),
  ).toHaveAttribute('data-status', 'SUCCESS');
  await expectAccessible(page);
  await expectNoOverflow(page);
});

test('a pending payout is refused from its page with the reason chosen, and its reservation returns', async ({
  page,
}) => {
  // Money of its own to pay out: a payin made to succeed through the API, then a payout through the API.
  const idPayin = await createPayin(500);
  const token = (
    await api<{ token: string }>('POST', '/auth-tokens', {
      body: {
        merchantCode: 'e2e-shop',
        secret: secretOf('e2e-shop'),
        operations: ['POST /sandbox/payins/.*', 'POST /payouts/.*'],
      },
    })
  ).body.token;
  expect(
    (await api('POST', `/sandbox/payins/${idPayin}/!simulate`, { token, body: { status: 'SUCCESS' } }))
      .status,
  ).toBe(200);
  const idPayout = `po-${newOrderId()}`;
  const created = await api('POST', `/payouts/${idPayout}`, {
    token,
    body: {
      paymentRequested: { money: { amount: 109.1, currencyCode: 'THB' } },
      paymentMethod: {
        paymentMethodCode: 'BANK_TRANSFER',
        account: { accountName: 'Somchai Jaidee', accountNumber: '1234567890', bankCode: '004' },
      },
      callbackUrl: 'http://127.0.0.1:9/callbacks',
    },
  });
  expect(created.status).toBe(201);

  await signIn(page, 'e2e-shop', `/console/payouts/${idPayout}`);
  await expect(page.getByTestId('payout-status')).toHaveAttribute('data-status', 'PENDING');
  await page.getByLabel('Refusal reason').selectOption('NAME_MISMATCH');
  await page.getByTestId('payout-refuse').click();
  await expect(page.getByTestId('payout-status')).toHaveAttribute('data-status', 'REFUSED');
  await expect(page.getByTestId('payout-json')).toContainText('"processorStatus": "NAME_MISMATCH"');
  const ledger = page.getByTestId('ledger-section');
  await expect(transferIn(ledger, 'PAYOUT_RELEASE')).toBeVisible();
  await expect(
    transferIn(ledger, 'PAYOUT_RELEASE').locator('[data-account="merchant.available"]'),
  ).toHaveAttribute('data-credit', /^\d+(\.\d+)?$/);
  await expect(page.getByTestId('payout-timeline')).toContainText('Refused (NAME_MISMATCH)');
});

test('the ledger pages by cursor, newest first, like the payments list', async ({ page }) => {
  // e2e-other: a merchant the other specs leave alone here; eleven successes post 22 transfers.
  const token = (
    await api<{ token: string }>('POST', '/auth-tokens', {
      body: {
        merchantCode: 'e2e-other',
        secret: secretOf('e2e-other'),
        operations: ['POST /sandbox/payins/.*'],
      },
    })
  ).body.token;
  for (let i = 0; i < 11; i++) {
    const idPayin = newOrderId();
    const created = await api('POST', `/payins/${idPayin}`, {
      token: await customerToken('e2e-other', idPayin),
      body: {
        paymentRequested: { money: { amount: 100 + i, currencyCode: 'PHP' } },
        paymentMethod: { paymentMethodCode: 'OFFLINE' },
        callbackUrl: 'http://127.0.0.1:9/callbacks',
        returnUrl: 'https://shop.example/thanks',
      },
    });
    expect(created.status).toBe(201);
    const simulated = await api('POST', `/sandbox/payins/${idPayin}/!simulate`, {
      token,
      body: { status: 'SUCCESS' },
    });
    expect(simulated.status).toBe(200);
  }
  await signIn(page, 'e2e-other', '/console/balances');
  const transfers = page.getByTestId('ledger-transfer');
  await expect(transfers).toHaveCount(20);
  const newest = await transfers.evaluateAll((items) =>
    items.map((item) => Number(item.getAttribute('data-id'))),
  );
  expect(newest).toEqual([...newest].sort((a, b) => b - a));
  await expect(page.locator('[data-testid="balance-card"][data-currency="PHP"]')).toBeVisible();
  await page.getByRole('link', { name: 'Older →' }).click();
  await expect(page).toHaveURL(/\/console\/balances\?cursor=/);
  await expect(transfers.first()).toBeVisible();
  const older = await transfers.evaluateAll((items) =>
    items.map((item) => Number(item.getAttribute('data-id'))),
  );
  expect(Math.max(...older)).toBeLessThan(Math.min(...newest));
  await expectAccessible(page);
  await page.getByRole('link', { name: '← Newest' }).click();
  await expect(page).toHaveURL(/\/console\/balances$/);
  await expect(transfers).toHaveCount(20);
});

test('a live merchant reads balances and payouts without the form or the simulate buttons', async ({
  page,
}) => {
  await signIn(page, 'e2e-live', '/console/balances');
  await expect(page.getByRole('heading', { level: 1, name: 'Balances' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Payouts' })).toBeVisible();
  await expectAccessible(page);
  await expectNoOverflow(page);

  await page.getByRole('link', { name: 'Payouts' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Payouts' })).toBeVisible();
  await expect(page.getByTestId('new-payout')).toHaveCount(0);
  await expect(page.getByTestId('payouts-empty')).toBeVisible();
  await expect(page.getByTestId('payout-submit')).toHaveCount(0);
  await expectAccessible(page);

  // An owner may send payouts, but live payouts are not available yet: the API says so; simulating
  // stays the sandbox's, refused by the console itself. Reads pass.
  const origin = new URL(page.url()).origin;
  const refused = await page.request.post(`/console/bff/api/payouts/${newOrderId()}`, {
    data: {
      paymentRequested: { money: { amount: 100, currencyCode: 'THB' } },
      paymentMethod: {
        paymentMethodCode: 'BANK_TRANSFER',
        account: { accountName: 'Somchai Jaidee', accountNumber: '1234567890', bankCode: '004' },
      },
      callbackUrl: 'http://127.0.0.1:9/callbacks',
    },
    headers: { origin },
  });
  expect(((await refused.json()) as { code: string }).code).toBe('PAYOUTS_NOT_AVAILABLE');
  const simulate = await page.request.post(`/console/bff/api/sandbox/payouts/${newOrderId()}/!simulate`, {
    data: { status: 'SUCCESS' },
    headers: { origin },
  });
  expect(simulate.status()).toBe(403);
  expect(((await simulate.json()) as { code: string }).code).toBe('SANDBOX_ONLY');
  expect((await page.request.get('/console/bff/api/balances')).status()).toBe(200);
});
