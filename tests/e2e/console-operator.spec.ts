import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './support/axe';

// The console's operator section (app/console/operator): the operator API key signs in, merchants
// are created and configured through the BFF, and the public API sees the result at once.
const OPERATOR_KEY = process.env.E2E_OPERATOR_API_KEY ?? 'op_e2e_0123456789abcdefghijklmnopqrstuvwxyz';
const PROMPTPAY_ID = '0105550123451';

const newCode = (label: string) => `op-${label}-${randomBytes(5).toString('hex')}`;

async function operatorSignIn(page: Page, key = OPERATOR_KEY): Promise<void> {
  await page.goto('/console/operator/sign-in');
  await page.getByLabel('Operator API key').fill(key);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Creates a merchant through the "New merchant" form; answers the secret it showed once. */
async function createMerchant(
  page: Page,
  input: { code: string; name: string; live: boolean; methods: string[] },
): Promise<string> {
  await page.goto('/console/operator');
  await page.getByText('New merchant', { exact: true }).click();
  const form = page.getByRole('form', { name: 'New merchant' });
  await form.getByLabel('Merchant code').fill(input.code);
  await form.getByLabel('Channel name').fill(input.name);
  await form.getByLabel(input.live ? 'Live (real money)' : 'Test (sandbox, no real money)').check();
  for (const method of input.methods) await form.getByRole('checkbox', { name: method, exact: true }).check();
  await form.getByLabel('Default fee (%)').fill('2.5');
  await form.getByLabel('VAT on the fee (%)').fill('7');
  await form.getByTestId('new-merchant-submit').click();
  const shown = page.getByTestId('merchant-secret');
  await expect(shown).toContainText('shown only this once');
  const secret = (await shown.getByTestId('merchant-secret-value').textContent()) ?? '';
  expect(secret).toMatch(input.live ? /^sk_live_/ : /^sk_test_/);
  return secret;
}

test('a wrong operator key is refused, the right one signs in with a sealed HttpOnly cookie, sign-out ends it', async ({
  page,
  context,
}) => {
  await page.goto('/console/operator');
  await expect(page).toHaveURL(/\/console\/operator\/sign-in\?next=%2Fconsole%2Foperator$/);
  await operatorSignIn(page, `${OPERATOR_KEY}-wrong`);
  await expect(page.getByTestId('operator-sign-in-notice')).toContainText('not right');
  await expectAccessible(page);

  await operatorSignIn(page);
  await expect(page).toHaveURL(/\/console\/operator$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Merchants' })).toBeVisible();
  await expect(page.locator('[data-testid="operator-merchant-row"][data-code="e2e-shop"]')).toBeVisible();
  const cookie = (await context.cookies()).find((candidate) => candidate.name === 'console_operator');
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/console' });
  expect(cookie?.value).not.toContain(OPERATOR_KEY);
  expect(await page.evaluate(() => document.cookie)).not.toContain('console_operator');
  await expectAccessible(page);

  // The BFF takes changes only from the console's own pages.
  const crossSite = await page.request.post('/console/bff/operator/merchants', {
    headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
    data: { merchantCode: newCode('evil'), channelName: 'Evil', test: true },
  });
  expect(crossSite.status()).toBe(403);

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByTestId('operator-sign-in-notice')).toHaveText('You signed out.');
  await page.goto('/console/operator');
  await expect(page).toHaveURL(/\/console\/operator\/sign-in/);
});

test('an operator creates a live merchant, adds its PromptPay account, and the API offers QRTH at once', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const code = newCode('live');
  await operatorSignIn(page);
  const secret = await createMerchant(page, { code, name: 'Operator Books', live: true, methods: ['QRTH'] });
  await expectAccessible(page);

  // Shown once: the list, read again, has the merchant and no secret any more.
  const row = page.locator(`[data-testid="operator-merchant-row"][data-code="${code}"]`);
  await expect(row).toContainText('QRTH (THB)');
  await page.reload();
  await expect(page.getByTestId('merchant-secret')).toHaveCount(0);
  await expect(page.getByText(secret)).toHaveCount(0);

  await row.getByRole('link', { name: code }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Operator Books');
  await expect(page.getByTestId('operator-merchant-mode')).toHaveText('Live');
  const gap = page.locator('[data-testid="not-offered-method"][data-method="QRTH"]');
  await expect(gap).toContainText('PROMPTPAY');
  await expectAccessible(page);

  const form = page.getByRole('form', { name: 'Add collection account' });
  await expect(form.getByLabel('Type')).toHaveValue('PROMPTPAY');
  await expect(form.getByLabel('Currency')).toHaveValue('THB');
  await form.getByLabel('PromptPay ID').fill('0105550123452');
  await form.getByLabel('Account name').fill('Operator Books Co., Ltd.');
  await form.getByTestId('account-submit').click();
  // A wrong check digit is the API's to find: its words, next to the field.
  await expect(form.locator('#account-promptPayId-error')).not.toBeEmpty();
  await form.getByLabel('PromptPay ID').fill(PROMPTPAY_ID);
  await form.getByTestId('account-submit').click();

  const account = page.locator('[data-testid="operator-account"][data-account="promptpay"]');
  await expect(account).toContainText(PROMPTPAY_ID);
  await expect(account).toContainText('Operator Books Co., Ltd.');
  await expect(gap).toHaveCount(0);
  await expect(page.getByTestId('not-offered-none')).toBeVisible();
  await expectAccessible(page);

  // The public API, as the merchant's own server: its first key mints a token, QRTH is offered.
  const granted = await request.post('/api/auth-tokens', {
    headers: { 'x-api-version': '2' },
    data: { merchantCode: code, secret, operations: ['POST /payins/.*', 'GET /merchant-info'] },
  });
  expect(granted.status()).toBe(200);
  const { token } = (await granted.json()) as { token: string };
  const options = await request.post('/api/payins/!availablePaymentOptions', {
    headers: { 'x-api-version': '2', authorization: `Bearer ${token}` },
    data: { money: { amount: 100, currencyCode: 'THB' } },
  });
  expect(options.status()).toBe(200);
  const offered = (await options.json()) as { data: { paymentMethodCode: string }[] };
  expect(offered.data.map((option) => option.paymentMethodCode)).toContain('QRTH');
});

test('an operator changes a merchant’s terms, invites its first owner and issues a key', async ({ page }) => {
  test.setTimeout(90_000);
  const code = newCode('test');
  await operatorSignIn(page);
  await createMerchant(page, { code, name: 'Sandbox Books', live: false, methods: ['QRTH', 'OFFLINE'] });
  await page.goto(`/console/operator/merchants/${code}`);
  await expect(page.getByTestId('operator-merchant-mode')).toHaveText('Test');

  const terms = page.getByTestId('terms-form');
  await terms.getByLabel('Channel name').fill('Sandbox Books & Cafe');
  await terms.getByLabel('VAT on the fee (%)').fill('');
  await terms.getByRole('checkbox', { name: 'OFFLINE', exact: true }).uncheck();
  await terms.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Sandbox Books & Cafe');
  await expect(page.getByTestId('merchant-methods')).toHaveText('QRTH');
  await expect(page.getByTestId('merchant-terms')).toContainText('2.5%');
  // Every method unchecked is refused before anything is sent.
  await terms.getByRole('checkbox', { name: 'QRTH', exact: true }).uncheck();
  await terms.getByRole('button', { name: 'Save changes' }).click();
  await expect(terms).toContainText('Choose at least one method.');

  const invite = page.getByTestId('invite-form');
  await invite.getByLabel('E-mail address').fill(`owner-${code}@shop.example`);
  await invite.getByRole('button', { name: 'Create invitation' }).click();
  await expect(page.getByTestId('invitation-link-value')).toContainText('/console/join');

  const key = page.getByTestId('key-form');
  await key.getByLabel('Key name').fill('Replacement key');
  await key.getByRole('button', { name: 'Issue key' }).click();
  await expect(page.getByTestId('issued-key-value')).toHaveText(/^sk_test_/);
  await expectAccessible(page);
});
