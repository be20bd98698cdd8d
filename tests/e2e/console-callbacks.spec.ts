import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { merchantOf, signIn as signInAs, type Role } from './support/console';
import { api, redirectUrl, type MerchantCode } from './support/payments';

test.use({ viewport: { width: 360, height: 800 } });

/** Signs in, landing on this spec's first page (the console's default landing page is not ours). */
const signIn = (page: Page, code: MerchantCode, role: Role = 'owner') =>
  signInAs(page, code, '/console/callbacks', role);

/**
 * A customer pays on the hosted page (a RedirectURL whose callbackUrl is the receiver) while the
 * console's payments list is open: the row turns to SUCCESS by itself.
 */
async function payOnHostedPage(page: Page, callbackUrl: string): Promise<string> {
  // A currency the other tests seldom use, filtered on: parallel tests keep adding THB payins.
  const checkout = await redirectUrl({
    amount: '100.00',
    currencyCode: 'NGN',
    params: { paymentMethodCode: 'OFFLINE', callbackUrl },
  });
  await page.goto('/console/payments?currencyCode=NGN&paymentMethodCode=OFFLINE');
  const customer = await page.context().browser()!.newPage();
  await customer.goto(checkout.url);
  await customer.getByTestId('pay-button').click();
  await customer.getByTestId('simulate-pay').click();
  const row = page.locator(`[data-testid="payment-row"][data-id-payin="${checkout.idPayin}"]`);
  await expect(row.getByTestId('payin-status')).toHaveAttribute('data-status', 'SUCCESS', {
    timeout: 20_000,
  });
  await customer.close();
  return checkout.idPayin;
}

test('a test merchant follows a callback from the log to the receiver, redelivers it, and uses the developer tools', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page, 'e2e-shop');

  await page.goto('/console/receiver');
  const receiverUrl = (await page.getByTestId('receiver-url').textContent())?.trim() ?? '';
  expect(receiverUrl).toMatch(/^https?:\/\//);
  await expectAccessible(page);

  const idPayin = await payOnHostedPage(page, receiverUrl);

  // The log, filtered to the payin, shows the delivery as it lands, its signature verified.
  await page.goto(`/console/callbacks?idPayin=${idPayin}`);
  const delivery = page.getByTestId('callback-delivery').filter({ hasText: idPayin }).first();
  await expect(delivery.getByTestId('delivery-status')).toHaveText('Delivered', { timeout: 20_000 });
  const first = delivery.locator('[data-testid="callback-attempt"][data-attempt="1"]');
  await expect(first.getByTestId('signature-verdict')).toHaveText('Signature verified');
  await expect(first.getByTestId('response-status')).toHaveText(/^2\d\d$/);
  await expectAccessible(page);

  // The receiver took it in, and verified it too.
  await page.goto('/console/receiver');
  const message = page.getByTestId('receiver-message').filter({ hasText: idPayin }).first();
  await expect(message.getByTestId('signature-verdict')).toHaveText('Signature verified', {
    timeout: 10_000,
  });
  await expectAccessible(page);

  // Redeliver: a second attempt appears live, with the same webhook-id, verified again.
  await page.goto(`/console/callbacks?idPayin=${idPayin}`);
  await delivery.getByRole('button', { name: `Redeliver the callback of payin ${idPayin}` }).click();
  const second = delivery.locator('[data-testid="callback-attempt"][data-attempt="2"]');
  await expect(second).toBeVisible({ timeout: 20_000 });
  await expect(second.getByTestId('signature-verdict')).toHaveText('Signature verified');

  // A test callback to the receiver.
  await page.getByRole('button', { name: 'Send test callback' }).click();
  await expect(page.getByTestId('test-callback-result')).toContainText('Delivered', { timeout: 20_000 });
  await expectAccessible(page);

  // Developers: the secret only on demand, then a token minted once.
  await page.goto('/console/developers');
  await expect(page.getByTestId('signing-secret')).toHaveCount(0);
  await page.getByRole('button', { name: 'Reveal' }).click();
  await expect(page.getByTestId('signing-secret')).toHaveText(merchantOf('e2e-shop').callbackSecret!);
  await page.getByRole('button', { name: 'Hide' }).click();
  await expect(page.getByTestId('signing-secret')).toHaveCount(0);
  await page.getByRole('button', { name: 'Mint token' }).click();
  const minted = page.getByTestId('minted-token');
  await expect(minted).toBeVisible();
  const token = (await minted.locator('pre').textContent())?.trim() ?? '';
  expect((await api('GET', `/payins/${idPayin}`, { token })).status).toBe(200);
  await expectAccessible(page);
});

test('a viewer of a live merchant reads callbacks and developer details without redeliver or mint tools', async ({
  page,
}) => {
  await signIn(page, 'e2e-live', 'viewer');
  await page.goto('/console/callbacks');
  await expect(page.getByRole('heading', { level: 1, name: 'Callbacks' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Redeliver/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Send test callback' })).toHaveCount(0);
  await expectAccessible(page);

  await page.goto('/console/developers');
  await expect(page.getByTestId('mint-not-permitted')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Mint token' })).toHaveCount(0);
  await expectAccessible(page);

  // The proxy refuses the tools too, whatever the page shows.
  const refused = await page.request.post('/console/bff/api/auth-tokens', {
    data: { operations: ['GET /payins/.*'] },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(refused.status()).toBe(403);
});
