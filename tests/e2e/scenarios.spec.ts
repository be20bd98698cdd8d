import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { api, merchantToken, redirectUrl } from './support/payments';

/** The enhanced form is in place once it has taken over validation (novalidate). */
async function enhancedForm(page: Page) {
  await expect(page.locator('form[novalidate]')).toHaveCount(1);
}

async function payin(idPayin: string) {
  const token = await merchantToken();
  return (await api<Record<string, Record<string, unknown>>>('GET', `/payins/${idPayin}`, { token })).body;
}

test('1: required parameters only: the options are offered and the data the method needs is collected', async ({
  page,
}) => {
  const checkout = await redirectUrl();
  await page.goto(checkout.url);
  await expect(page.getByRole('heading', { name: 'Choose how to pay' })).toBeVisible();
  await expect(page.getByText('Bangkok Books', { exact: true })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel('PromptPay QR').check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Pay Bangkok Books' })).toBeVisible();
  await enhancedForm(page);
  await expectAccessible(page);

  // Validation in the browser, with the same schema as the API, before anything is sent.
  await page.getByRole('button', { name: /^Pay/ }).click();
  await expect(page.getByText('Please enter your PromptPay ID or account number.')).toBeVisible();
  await expect(page.getByLabel('Account number')).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('Account number').fill('1234567890');
  await page.getByRole('button', { name: /^Pay/ }).click();
  await expect(page.getByRole('heading', { name: 'Scan to pay' })).toBeVisible();
  expect((await payin(checkout.idPayin)).paymentMethodResponse).toMatchObject({
    paymentMethodCode: 'QRTH',
    accountCustomer: { accountNumber: '1234567890' },
  });
});

test('2: customer data given: not collected, not editable, submitted as given', async ({ page }) => {
  const checkout = await redirectUrl({
    params: { accountNumber: '9876543210', emailAddress: 'somchai@example.co.th' },
  });
  await page.goto(checkout.url);
  await page.getByLabel('PromptPay QR').check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Details provided by Bangkok Books' })).toBeVisible();
  await expect(page.getByText('9876543210')).toBeVisible();
  await expect(page.getByRole('textbox')).toHaveCount(0);
  await page.getByRole('button', { name: /^Pay/ }).click();
  await expect(page.getByRole('heading', { name: 'Scan to pay' })).toBeVisible();
  const accounts = await api('GET', `/payins/${checkout.idPayin}/accounts`, { token: await merchantToken() });
  expect(accounts.body).toMatchObject({ customerAccountRequest: { accountNumber: '9876543210' } });
});

test('3: with allowCustomerDataChange=true the given data is pre-filled and editable', async ({ page }) => {
  const checkout = await redirectUrl({
    params: { accountNumber: '9876543210', allowCustomerDataChange: 'true', paymentMethodCode: 'QRTH' },
  });
  await page.goto(checkout.url);
  await enhancedForm(page);
  const input = page.getByLabel('Account number');
  await expect(input).toHaveValue('9876543210');
  await input.fill('5550001111');
  await page.getByRole('button', { name: /^Pay/ }).click();
  await expect(page.getByRole('heading', { name: 'Scan to pay' })).toBeVisible();
  expect((await payin(checkout.idPayin)).paymentMethodResponse).toMatchObject({
    accountCustomer: { accountNumber: '5550001111' },
  });
});

test('4: method and operator given: selection skipped, no other choice', async ({ page }) => {
  const checkout = await redirectUrl({
    params: { paymentMethodCode: 'OFFLINE', paymentOperatorCode: 'SCB' },
  });
  await page.goto(checkout.url);
  await expect(page.getByRole('heading', { name: 'Pay Bangkok Books' })).toBeVisible();
  await expect(page.getByText('Bank transfer')).toBeVisible();
  await expect(page.getByText('Siam Commercial Bank')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Change' })).toHaveCount(0);
  await expect(page.getByRole('radio')).toHaveCount(0);
  await page.getByRole('button', { name: /^Pay/ }).click();
  await expect(page.getByRole('heading', { name: 'Transfer the amount' })).toBeVisible();
  await expect(page.getByText('Siam Commercial Bank')).toBeVisible();
});

test('5: with optionsAvailable=true the option is pre-selected and the customer may switch', async ({
  page,
}) => {
  const checkout = await redirectUrl({ params: { paymentMethodCode: 'OFFLINE', optionsAvailable: 'true' } });
  await page.goto(checkout.url);
  await expect(page.getByText('Bank transfer')).toBeVisible();
  await page.getByRole('link', { name: 'Change' }).click();
  await expect(page.getByRole('heading', { name: 'Choose how to pay' })).toBeVisible();
  await page.getByLabel('PromptPay QR').check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Account number').fill('1234567890');
  await page.getByRole('button', { name: /^Pay/ }).click();
  await expect(page.getByRole('heading', { name: 'Scan to pay' })).toBeVisible();
});

test('what the customer types before the page is interactive survives the form taking over', async ({
  page,
}) => {
  // Scripts held back, as on a slow mobile network: the server-rendered form is there to type into.
  let release!: () => void;
  const scriptsMayLoad = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/_next/static/**/*.js', async (route) => {
    await scriptsMayLoad;
    await route.continue();
  });
  const checkout = await redirectUrl({ params: { paymentMethodCode: 'QRTH' } });
  await page.goto(checkout.url, { waitUntil: 'domcontentloaded' });
  await page.getByLabel('Account number').fill('1234567890');
  release();
  await enhancedForm(page);
  await expect(page.getByLabel('Account number')).toHaveValue('1234567890');
  await expect(page.getByLabel('Account number')).toBeFocused();
  await page.getByLabel('Account number').press('Enter');
  await expect(page.getByRole('heading', { name: 'Scan to pay' })).toBeVisible();
});

test('returning to an existing payment shows its screen and never creates twice', async ({
  page,
  context,
}) => {
  const checkout = await redirectUrl({ params: { paymentMethodCode: 'OFFLINE' } });
  await page.goto(checkout.url);
  await enhancedForm(page);
  await page.getByRole('button', { name: /^Pay/ }).click();
  await expect(page.getByRole('heading', { name: 'Transfer the amount' })).toBeVisible();
  const reference = await page.locator('dt:text("Payment reference") + dd > span').first().textContent();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Transfer the amount' })).toBeVisible();
  // Off to another site (the banking app's web page, say) and Back: the instructions, not the form.
  await page.goto('/api/health');
  await page.goBack();
  await expect(page.getByRole('heading', { name: 'Transfer the amount' })).toBeVisible();
  // A second tab with the merchant's RedirectURL again.
  const second = await context.newPage();
  await second.goto(checkout.url);
  await expect(second.getByRole('heading', { name: 'Transfer the amount' })).toBeVisible();
  await expect(second.getByText(reference!)).toBeVisible();
});

test('works without JavaScript: choose, pay and see the instructions', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const checkout = await redirectUrl();
  await page.goto(checkout.url);
  await page.getByLabel('Bank transfer').check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: /^Pay/ }).click();
  await expect(page.getByRole('heading', { name: 'Transfer the amount' })).toBeVisible();
  // The form's POST answered with a redirect, so Back neither resubmits nor shows the spent form.
  await page.goBack();
  await expect(page.getByRole('heading', { name: 'Transfer the amount' })).toBeVisible();
  await context.close();
});

test('a standard base64 order ID (with + and =) goes through the whole hosted flow', async ({ page }) => {
  const idPayin = `Qm+${Date.now().toString(36)}xY9z==`;
  const checkout = await redirectUrl({
    idPayin,
    params: { paymentMethodCode: 'QRTH', accountNumber: '1234567890' },
  });
  await page.goto(checkout.url);
  expect(new URL(page.url()).pathname).toBe(`/pay/e2e-shop/${encodeURIComponent(idPayin)}`);
  await page.getByRole('button', { name: /^Pay/ }).click();
  await expect(page.getByRole('heading', { name: 'Scan to pay' })).toBeVisible();
  expect((await payin(encodeURIComponent(idPayin))).paymentMethodResponse).toMatchObject({ idPayin });
});
