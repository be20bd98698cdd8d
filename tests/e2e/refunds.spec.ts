import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { signIn } from './support/console';
import { api, merchantToken, newOrderId } from './support/payments';

// Refunds end to end (docs/decisions/036): the payer's claim page and the console's Refund.
test.use({ viewport: { width: 360, height: 800 } });

const WALLET = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
// The same address with one letter's case changed: its EIP-55 checksum fails.
const MISTYPED = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD';

const refundToken = () => merchantToken('e2e-shop');

/** A successful (or, with `pay` false, an open) test payin of e2e-shop, paid in by its server and the sandbox. */
async function paidPayin(
  token: string,
  amount: number,
  currencyCode: 'THB' | 'USDT',
  pay = true,
): Promise<string> {
  const idPayin = newOrderId();
  const created = await api('POST', `/payins/${idPayin}`, {
    token,
    body: {
      paymentRequested: { money: { amount, currencyCode } },
      paymentMethod: { paymentMethodCode: currencyCode === 'USDT' ? 'CRYPTO_OFFLINE' : 'OFFLINE' },
      callbackUrl: 'http://127.0.0.1:9/callbacks',
      returnUrl: 'https://shop.example/thanks',
    },
  });
  expect(created.status).toBe(201);
  if (!pay) return idPayin;
  const paid = await api('POST', `/sandbox/payins/${idPayin}/!simulate`, {
    token,
    body: { status: 'SUCCESS' },
  });
  expect(paid.status).toBe(200);
  return idPayin;
}

/**
 * A stablecoin refund waiting for its payer (the sender's address is unknown): the path of its
 * claim page. Paid from the payin's own credit, which covers it (the payin fee is not given back).
 */
async function claimableRefund(
  token: string,
  reason: string,
): Promise<{ idPayin: string; idRefund: string; path: string }> {
  const idPayin = await paidPayin(token, 100, 'USDT');
  const idRefund = `rf-${newOrderId()}`;
  const refund = await api<{ claimUrl?: string }>('POST', `/payins/${idPayin}/refunds/${idRefund}`, {
    token,
    body: { money: { amount: 12.5, currencyCode: 'USDT' }, reason },
  });
  expect(refund.status).toBe(201);
  expect(refund.body.claimUrl).toBeDefined();
  return { idPayin, idRefund, path: new URL(refund.body.claimUrl!).pathname };
}

async function expectNoOverflow(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test.describe('the claim page', () => {
  test('a payer claims a refund with the keyboard alone, on a phone, after fixing a refused address', async ({
    page,
  }) => {
    const token = await refundToken();
    const { path } = await claimableRefund(token, 'Out of stock');
    await page.goto(path);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Bangkok Books is refunding you 12.50 USDT' }),
    ).toBeVisible();
    await expect(page.getByText('Out of stock')).toBeVisible();
    await expect(page.getByTestId('test-banner')).toBeVisible();
    await expectNoOverflow(page);
    await expectAccessible(page);

    // Keyboard only: the network by typing its name, the address, Enter.
    await page.getByLabel('Blockchain network').focus();
    await page.keyboard.type('Ethereum');
    await expect(page.getByLabel('Blockchain network')).toHaveValue('ETHEREUM');
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Wallet address')).toBeFocused();
    await page.keyboard.type(MISTYPED);
    await page.keyboard.press('Enter');
    // Refused by the payout rules: the field says so, and the choice of network is kept.
    await expect(page.getByTestId('claim-error-accountNumber')).toBeVisible();
    await expect(page.getByLabel('Wallet address')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Blockchain network')).toHaveValue('ETHEREUM');
    expect(page.url()).not.toContain(MISTYPED);
    await expectAccessible(page);

    await page.getByLabel('Wallet address').focus();
    await page.keyboard.type(WALLET);
    await page.keyboard.press('Enter');
    const state = page.getByTestId('claim-state');
    await expect(state).toHaveAttribute('data-state', 'CLAIMED');
    await expect(state).toContainText('ending in eAed');
    await expect(page.getByTestId('claim-form')).toHaveCount(0);
    await expectAccessible(page);
  });

  for (const setting of [
    { lang: 'en', viewport: { width: 1280, height: 800 }, missing: 'please fill this in' },
    { lang: 'th', viewport: { width: 360, height: 800 }, missing: 'กรุณากรอกข้อมูลนี้' },
  ])
    test.describe(`what is missing, in ${setting.lang} at ${setting.viewport.width} px`, () => {
      test.use({
        viewport: setting.viewport,
        locale: setting.lang === 'en' ? 'en-US' : setting.lang,
        extraHTTPHeaders: { 'accept-language': `${setting.lang},en;q=0.5` },
      });

      test('is said under each field in the page’s words, and goes once filled', async ({ page }) => {
        const token = await refundToken();
        const { path } = await claimableRefund(token, 'Late delivery');
        await page.goto(path);
        await expect(page.locator('form[novalidate]')).toHaveCount(1);
        await page.getByTestId('claim-submit').click();
        const network = page.getByTestId('claim-missing-paymentOperatorCode');
        const address = page.getByTestId('claim-missing-accountNumber');
        await expect(network).toContainText(setting.missing);
        await expect(address).toContainText(setting.missing);
        const select = page.locator('#claim-paymentOperatorCode');
        await expect(select).toBeFocused();
        await expect(select).toHaveAttribute('aria-invalid', 'true');
        await expect(select).toHaveAttribute('aria-describedby', /claim-paymentOperatorCode-missing/);
        await expectAccessible(page);
        await select.selectOption('ETHEREUM');
        await expect(network).toHaveCount(0);
        await page.locator('#claim-accountNumber').fill(WALLET);
        await expect(address).toHaveCount(0);
        await page.getByTestId('claim-submit').click();
        await expect(page.getByTestId('claim-state')).toHaveAttribute('data-state', 'CLAIMED');
      });
    });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test('works as plain HTML: the form posts and the page answers', async ({ page }) => {
      const token = await refundToken();
      const { path } = await claimableRefund(token, 'Damaged');
      await page.goto(path);
      await page.getByLabel('Blockchain network').selectOption('ETHEREUM');
      await page.getByLabel('Wallet address').fill(WALLET);
      await page.getByRole('button', { name: 'Send my refund here' }).click();
      await expect(page.getByTestId('claim-state')).toHaveAttribute('data-state', 'CLAIMED');
    });
  });

  test.describe('in Thai', () => {
    test.use({ locale: 'th-TH', extraHTTPHeaders: { 'accept-language': 'th-TH,th;q=0.9' } });

    test("speaks the payer's language, and says when the claim has run out", async ({ page }) => {
      const token = await refundToken();
      const open = await claimableRefund(token, 'สินค้าหมด');
      await page.goto(open.path);
      await expect(page.locator('html')).toHaveAttribute('lang', 'th');
      await expect(page.getByRole('heading', { level: 1 })).toContainText('กำลังคืนเงิน');
      await expect(page.getByRole('button', { name: 'ส่งเงินคืนมาที่บัญชีนี้' })).toBeVisible();
      await expectAccessible(page);

      // The claim runs out (the sandbox lets it at once): the page says so, with no form.
      const simulated = await api(
        'POST',
        `/sandbox/payins/${open.idPayin}/refunds/${open.idRefund}/!simulate`,
        { token, body: { status: 'REFUSED', processorStatus: 'CLAIM_EXPIRED' } },
      );
      expect(simulated.status).toBe(200);
      await page.reload();
      await expect(page.getByTestId('claim-state')).toHaveAttribute('data-state', 'EXPIRED');
      await expect(page.getByTestId('claim-state')).toContainText('หมดเวลา');
      await expect(page.getByTestId('claim-form')).toHaveCount(0);
      await expectAccessible(page);
    });
  });

  test('an unknown link says so, and nothing else', async ({ page }) => {
    await page.goto(`/refunds/claim/${'A'.repeat(43)}`);
    await expect(page.getByTestId('claim-problem')).toContainText('This refund link is not valid');
    await expectAccessible(page);
  });
});

test.describe('the console', () => {
  test('finance refunds part of a payment to the payer, confirms, and sees it go out with its ledger lines', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const token = await refundToken();
    const idPayin = await paidPayin(token, 2000, 'THB');
    await signIn(page, 'e2e-shop', `/console/payments/${idPayin}`, 'finance');
    const section = page.getByTestId('refunds-section');
    await expect(section.getByTestId('refundable-total')).toHaveText('THB 2,000.00');
    await expectAccessible(page);

    await section.getByLabel('Amount (THB)').fill('2000.01');
    await section.getByTestId('refund-submit').click();
    await expect(section.getByText('At most THB 2,000.00 can still be refunded.')).toBeVisible();
    await section.getByLabel('Amount (THB)').fill('150.25');
    await section.getByLabel('Reason').fill('One book was damaged');
    await section.getByTestId('refund-submit').click();
    const confirm = page.getByTestId('refund-confirm');
    await expect(confirm).toContainText(`Refund THB 150.25 of payment ${idPayin} to the payer?`);
    await confirm.getByRole('button', { name: 'Refund', exact: true }).click();
    await expect(section.getByTestId('refund-outcome')).toContainText("goes to the payer's account");

    const row = section.getByTestId('refund-row');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('One book was damaged');
    await expect(row).toContainText("The payer's account ending");
    await expect(section.getByTestId('refundable-total')).toHaveText('THB 1,849.75');
    const ledger = page.getByTestId('ledger-section');
    await expect(ledger.locator('[data-testid="ledger-transfer"][data-type="REFUND_RESERVE"]')).toBeVisible();
    // The sandbox's bank pays it after its delay (10 s): SUCCESS, and the reservation is debited.
    await expect(row.getByTestId('refund-status')).toHaveAttribute('data-status', 'SUCCESS', {
      timeout: 30_000,
    });
    await expect(ledger.locator('[data-testid="ledger-transfer"][data-type="REFUND_DEBIT"]')).toBeVisible({
      timeout: 10_000,
    });
    await expect(section.getByTestId('refunded-total')).toHaveText('THB 150.25');
    await expectAccessible(page);
  });

  test('a refund the payment cannot send back shows its claim link to pass on', async ({ page }) => {
    const token = await refundToken();
    const idPayin = await paidPayin(token, 100, 'USDT', false);
    await signIn(page, 'e2e-shop', `/console/payments/${idPayin}`, 'owner');
    const section = page.getByTestId('refunds-section');
    // Nothing to refund while the payment is open; approved here, the form appears by itself.
    await expect(section.getByTestId('refundable-total')).toHaveText('0.00 USDT');
    await expect(section.getByTestId('refund-submit')).toHaveCount(0);
    await page.getByTestId('console-approve').click();
    await expect(section.getByTestId('refund-submit')).toBeVisible({ timeout: 10_000 });
    await section.getByLabel('Amount (USDT)').fill('20');
    await section.getByTestId('refund-submit').click();
    await page.getByTestId('refund-confirm').getByRole('button', { name: 'Refund', exact: true }).click();
    await expect(section.getByTestId('refund-outcome')).toContainText('claim link');
    const link = section.getByTestId('refund-claim-link');
    await expect(link).toHaveAttribute('href', /\/refunds\/claim\/[A-Za-z0-9_-]{43}$/);
    await expect(section.getByRole('button', { name: /Copy the claim link/ })).toBeVisible();
    await expectAccessible(page);
  });

  test('a viewer sees the refunds but no Refund form', async ({ page }) => {
    const token = await refundToken();
    const idPayin = await paidPayin(token, 300, 'THB');
    await signIn(page, 'e2e-shop', `/console/payments/${idPayin}`, 'viewer');
    await expect(page.getByTestId('refunds-section')).toBeVisible();
    await expect(page.getByTestId('refund-submit')).toHaveCount(0);
  });
});
