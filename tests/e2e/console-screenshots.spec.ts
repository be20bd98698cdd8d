// The README's console screenshots (docs/console-*.png): `CONSOLE_SCREENSHOTS=1 npx playwright test
// tests/e2e/console-screenshots.spec.ts` after a build. Skipped in the normal run.
import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { signIn } from './support/console';
import { api, BASE_URL, credentials, customerToken, merchantToken, newOrderId } from './support/payments';

test.skip(!process.env.CONSOLE_SCREENSHOTS, 'only when asked for (CONSOLE_SCREENSHOTS=1)');
test.use({ viewport: { width: 1200, height: 860 } });

async function payin(amount: number, callbackUrl: string, method = 'OFFLINE', currencyCode = 'THB') {
  const idPayin = newOrderId();
  const created = await api('POST', `/payins/${idPayin}`, {
    token: await customerToken('e2e-shop', idPayin),
    body: {
      paymentRequested: { money: { amount, currencyCode } },
      paymentMethod: { paymentMethodCode: method },
      callbackUrl,
      returnUrl: 'https://shop.example/thanks',
    },
  });
  expect(created.status).toBe(201);
  return idPayin;
}

test('console screenshots for the README', async ({ page }) => {
  await signIn(page);
  await page.goto('/console/receiver');
  const receiver = (await page.getByTestId('receiver-url').textContent())!.trim();
  const token = await merchantToken();
  const simulate = (idPayin: string, body: unknown) =>
    api('POST', `/sandbox/payins/${idPayin}/!simulate`, { token, body });
  const paid = await payin(1500.5, receiver);
  await simulate(paid, { payment: 'EXACT' });
  const refused = await payin(420, receiver);
  await simulate(refused, { status: 'REFUSED', processorStatus: 'INSUFFICIENT_FUNDS' });
  const short = await payin(980, receiver);
  await simulate(short, { payment: 'SHORT' });
  await payin(2750, receiver);

  await page.goto('/console/payments');
  await expect(page.locator(`[data-id-payin="${paid}"] [data-testid="payin-status"]`)).toHaveAttribute(
    'data-status',
    'SUCCESS',
  );
  await page.screenshot({ path: 'docs/console-payments.png' });

  await page.goto(`/console/payments/${short}`);
  await expect(page.getByTestId('money-received')).not.toHaveText('—');
  await page.screenshot({ path: 'docs/console-payment.png', fullPage: true });

  await page.goto('/console/callbacks');
  await expect(page.getByText('Signature verified').first()).toBeVisible({ timeout: 15_000 });
  await page.screenshot({ path: 'docs/console-callbacks.png' });

  // Money out: a payout that waits for its outcome (9.10) beside the ledger of what came in.
  const payouts = (
    await api<{ token: string }>('POST', '/auth-tokens', {
      body: { ...credentials('e2e-shop'), operations: ['POST /payouts/.*'] },
    })
  ).body.token;
  const payout = await api('POST', `/payouts/${newOrderId()}`, {
    token: payouts,
    body: {
      paymentRequested: { money: { amount: 409.1, currencyCode: 'THB' } },
      paymentMethod: {
        paymentMethodCode: 'BANK_TRANSFER',
        account: { accountName: 'Somchai Jaidee', accountNumber: '1234567890', bankCode: '004' },
      },
      callbackUrl: receiver,
    },
  });
  expect(payout.status).toBe(201);
  await page.goto('/console/balances');
  await expect(page.getByTestId('ledger-empty')).toHaveCount(0);
  await page.screenshot({ path: 'docs/console-balances.png' });

  await page.goto('/console/scenarios');
  await expect(page).toHaveURL(/[?&]amount=/);
  await page.getByLabel('Amount', { exact: true }).fill('1500.50');
  await page.getByRole('button', { name: 'Build link' }).click();
  await expect(page.getByTestId('scenario-link')).toBeVisible();
  await page.screenshot({ path: 'docs/console-scenarios.png', fullPage: true });
});

test('payment link screenshot for the README', async ({ page }) => {
  const token = await merchantToken('e2e-shop', ['POST /payment-links/.*', 'GET /payment-links.*']);
  const idLink = `cooking-class-${randomBytes(3).toString('hex')}`;
  const created = await api('POST', `/payment-links/${idLink}`, {
    token,
    body: {
      money: { amount: 890, currencyCode: 'THB' },
      description: 'Thai cooking class, Saturday 10:00',
      usageLimit: 12,
      paymentMethodCodes: ['QRTH', 'OFFLINE'],
    },
  });
  expect(created.status).toBe(201);
  await signIn(page);
  await page.goto(`/console/payment-links/${idLink}`);
  await expect(page.getByTestId('link-status')).toHaveAttribute('data-status', 'ACTIVE');
  await page.screenshot({ path: 'docs/console-payment-links.png', fullPage: true });
});

/** The live merchant's bank feed reports credits (tests/e2e/support/merchants.json: e2e-live's PromptPay feed key). */
async function feed(...transactions: { amount: string; note: string }[]) {
  const response = await fetch(`${BASE_URL}/api/collection/transactions`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: 'Apikey e2e-live-feed-key-0123456789abcdefghij',
    },
    body: JSON.stringify({
      transactions: transactions.map((transaction) => ({
        id: `KB${randomBytes(6).toString('hex')}`,
        currency: 'THB',
        bookedAt: new Date().toISOString(),
        payer: { name: 'SOMCHAI JAIDEE', bank: 'SCB' },
        ...transaction,
      })),
    }),
  });
  expect(response.status).toBe(200);
}

test('collection screenshot for the README', async ({ page }) => {
  // A live PromptPay payin overpaid by 20 THB, and a gift nobody can place: both wait for review.
  const idPayin = newOrderId();
  const created = await api<{
    paymentMethodResponse: { reference: string; moneyRequired: { amount: number } };
  }>('POST', `/payins/${idPayin}`, {
    // A live merchant's customer token must fix the amount (docs/decisions/030).
    token: await customerToken('e2e-live', idPayin, { money: { amount: 890, currencyCode: 'THB' } }),
    body: {
      paymentRequested: { money: { amount: 890, currencyCode: 'THB' } },
      paymentMethod: { paymentMethodCode: 'QRTH', account: { accountNumber: '1234567890' } },
      callbackUrl: 'https://shop.example/callbacks',
      returnUrl: 'https://shop.example/thanks',
    },
  });
  expect(created.status).toBe(201);
  const { reference, moneyRequired } = created.body.paymentMethodResponse;
  await feed(
    { amount: (moneyRequired.amount + 20).toFixed(2), note: `PROMPTPAY ${reference}` },
    { amount: '150.00', note: 'GIFT FOR NOK' },
  );
  await signIn(page, 'e2e-live', '/console/collection');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.screenshot({ path: 'docs/console-collection.png', fullPage: true });
});
