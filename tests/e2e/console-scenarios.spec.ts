import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { secretOf, signIn as signInAs } from './support/console';
import type { MerchantCode } from './support/payments';

async function signIn(page: Page, merchantCode: MerchantCode = 'e2e-shop') {
  await signInAs(page, merchantCode, '/console/scenarios');
  await expect(page.getByRole('heading', { level: 1, name: 'Scenarios' })).toBeVisible();
}

/** The builder with an amount and a callback URL (the receiver's when the API has one). */
async function openBuilder(page: Page) {
  await signIn(page);
  await expect(page.locator('form[novalidate]')).toHaveCount(1);
  // The builder writes its state into the URL once after mounting; that navigation re-renders the
  // form, and a fill landing in it lost its selection in CI ("1500.501500.50"). Fill after it.
  await expect(page).toHaveURL(/[?&]amount=/);
  await page.getByLabel('Amount', { exact: true }).fill('1500.50');
  await expect(page.getByLabel('Amount', { exact: true })).toHaveValue('1500.50');
  await page.getByLabel('Currency', { exact: true }).selectOption('THB');
  const callback = page.getByLabel('Callback URL');
  if ((await callback.inputValue()) === '') await callback.fill('http://127.0.0.1:9/callbacks');
  await expect(page.getByLabel('Return URL')).toHaveValue(/\/console\/payments\/order-[0-9a-f]+$/);
}

async function chooseOption(page: Page, method: string, operator?: string) {
  const methods = page.getByLabel('Payment method');
  await expect(methods.locator(`option[value="${method}"]`)).toHaveCount(1);
  await methods.selectOption(method);
  if (!operator) return;
  const operators = page.getByLabel('Payment operator');
  await expect(operators.locator(`option[value="${operator}"]`)).toHaveCount(1);
  await operators.selectOption(operator);
}

/** Builds the link; answers its query parameters and the hosted page it opens in a new tab. */
async function buildAndOpen(page: Page) {
  const idPayin = await page.getByLabel('Order ID (idPayin)').inputValue();
  await page.getByRole('button', { name: 'Build link' }).click();
  await expect(page.getByRole('heading', { name: 'Payment link' })).toBeFocused();
  const link = (await page.getByTestId('scenario-link').textContent())!;
  const params = Object.fromEntries(new URL(link).searchParams);
  expect(params).toMatchObject({
    merchantCode: 'e2e-shop',
    idPayin,
    amount: '1500.50',
    currencyCode: 'THB',
    returnUrl: expect.stringMatching(new RegExp(`/console/payments/${idPayin}$`)),
  });
  expect(params.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  const curl = (await page.getByTestId('scenario-curl').textContent())!;
  expect(curl).toContain('"secret": "$MERCHANT_SECRET"');
  expect(curl).not.toContain(secretOf('e2e-shop'));
  expect(page.url()).not.toContain(params.token);
  await expect(page.getByRole('img', { name: /QR code of the payment link/ })).toBeVisible();
  const [hosted] = await Promise.all([
    page.context().waitForEvent('page'),
    page.getByTestId('scenario-open').click(),
  ]);
  await hosted.waitForLoadState();
  return { params, hosted };
}

const REQUIRED = ['merchantCode', 'idPayin', 'token', 'amount', 'currencyCode', 'callbackUrl', 'returnUrl'];

test('1: required parameters only: the hosted page offers the options', async ({ page }) => {
  await openBuilder(page);
  await page.getByLabel(/^Scenario 1/).check();
  const { params, hosted } = await buildAndOpen(page);
  expect(Object.keys(params)).toEqual(REQUIRED);
  await expect(hosted.getByRole('heading', { name: 'Choose how to pay' })).toBeVisible();
  await expect(hosted.getByLabel('PromptPay QR')).toBeVisible();
  await expect(hosted.getByLabel('Bank transfer')).toBeVisible();
});

test('2: customer data: shown by the hosted page, not editable', async ({ page }) => {
  await openBuilder(page);
  await page.getByLabel(/^Scenario 2/).check();
  await page.getByLabel('Account number').fill('9876543210');
  await page.getByLabel('Email address').fill('somchai@example.co.th');
  const { params, hosted } = await buildAndOpen(page);
  expect(params).toMatchObject({ accountNumber: '9876543210', emailAddress: 'somchai@example.co.th' });
  expect(params).not.toHaveProperty('allowCustomerDataChange');
  await hosted.getByLabel('PromptPay QR').check();
  await hosted.getByRole('button', { name: 'Continue' }).click();
  await expect(hosted.getByRole('heading', { name: 'Details provided by Bangkok Books' })).toBeVisible();
  await expect(hosted.getByText('9876543210')).toBeVisible();
  await expect(hosted.getByRole('textbox')).toHaveCount(0);
});

test('3: customer data with allowCustomerDataChange: pre-filled and editable', async ({ page }) => {
  await openBuilder(page);
  await page.getByLabel(/^Scenario 3/).check();
  await page.getByLabel('Account number').fill('9876543210');
  const { params, hosted } = await buildAndOpen(page);
  expect(params).toMatchObject({ accountNumber: '9876543210', allowCustomerDataChange: 'true' });
  await hosted.getByLabel('PromptPay QR').check();
  await hosted.getByRole('button', { name: 'Continue' }).click();
  const input = hosted.getByLabel('Account number');
  await expect(input).toHaveValue('9876543210');
  await expect(input).toBeEditable();
});

test('4: method and operator: the method form, no choice of another', async ({ page }) => {
  await openBuilder(page);
  await page.getByLabel(/^Scenario 4/).check();
  await chooseOption(page, 'OFFLINE', 'SCB');
  const { params, hosted } = await buildAndOpen(page);
  expect(params).toMatchObject({ paymentMethodCode: 'OFFLINE', paymentOperatorCode: 'SCB' });
  expect(params).not.toHaveProperty('optionsAvailable');
  await expect(hosted.getByRole('heading', { name: 'Pay Bangkok Books' })).toBeVisible();
  await expect(hosted.getByText('Bank transfer')).toBeVisible();
  await expect(hosted.getByText('Siam Commercial Bank')).toBeVisible();
  await expect(hosted.getByRole('link', { name: 'Change' })).toHaveCount(0);
  await expect(hosted.getByRole('radio')).toHaveCount(0);
});

test('5: optionsAvailable: the option pre-selected, the others a click away', async ({ page }) => {
  await openBuilder(page);
  await page.getByLabel(/^Scenario 5/).check();
  await chooseOption(page, 'OFFLINE');
  const { params, hosted } = await buildAndOpen(page);
  expect(params).toMatchObject({ paymentMethodCode: 'OFFLINE', optionsAvailable: 'true' });
  await expect(hosted.getByText('Bank transfer')).toBeVisible();
  await hosted.getByRole('link', { name: 'Change' }).click();
  await expect(hosted.getByRole('heading', { name: 'Choose how to pay' })).toBeVisible();
  await expect(hosted.getByLabel('PromptPay QR')).toBeVisible();
});

test.describe('a shared builder link', () => {
  // Once in CI (2 cores, every spec in parallel) "New payment" never became stable for Playwright
  // after a build, which no local run, stressed or not, reproduced; retried, and named in the
  // issue's note, rather than clicked by force.
  test.describe.configure({ retries: 2 });

  test('the shared link restores the builder; a new payment takes a new order ID', async ({ page }) => {
    await openBuilder(page);
    await page.getByLabel(/^Scenario 4/).check();
    await chooseOption(page, 'OFFLINE', 'SCB');
    await page.getByLabel('Amount', { exact: true }).fill('250');
    await page.getByRole('checkbox', { name: /Bind the amount/ }).uncheck();
    await page.getByLabel('Token validity (seconds)').fill('600');
    const idPayin = await page.getByLabel('Order ID (idPayin)').inputValue();
    await expect(page).toHaveURL(/validitySecs=600/);
    await expect(page).toHaveURL(/paymentOperatorCode=SCB/);
    const shared = page.url();
    expect(shared).toContain('moneyLimited=false');

    await page.goto(shared);
    await expect(page.getByLabel(/^Scenario 4/)).toBeChecked();
    await expect(page.getByLabel('Amount', { exact: true })).toHaveValue('250');
    await expect(page.getByLabel('Payment method')).toHaveValue('OFFLINE');
    await expect(page.getByLabel('Payment operator')).toHaveValue('SCB');
    await expect(page.getByRole('checkbox', { name: /Bind the amount/ })).not.toBeChecked();
    await expect(page.getByLabel('Token validity (seconds)')).toHaveValue('600');
    await expect(page.getByLabel('Order ID (idPayin)')).toHaveValue(idPayin);

    await page.getByRole('button', { name: 'Build link' }).click();
    await expect(page.getByTestId('scenario-link')).toContainText('amount=250&');
    expect(page.url()).not.toMatch(/token=/);
    await page.getByRole('button', { name: 'New payment' }).click();
    const fresh = await page.getByLabel('Order ID (idPayin)').inputValue();
    expect(fresh).not.toBe(idPayin);
    await expect(page.getByLabel('Return URL')).toHaveValue(new RegExp(`/console/payments/${fresh}$`));
    await expect(page).toHaveURL(new RegExp(`idPayin=${fresh}`));
    await expect(page.getByTestId('scenario-result')).toHaveCount(0);
  });
});

test('the form checks what it can before asking the API for a token', async ({ page }) => {
  await openBuilder(page);
  await page.getByLabel(/^Scenario 2/).check();
  await page.getByRole('button', { name: 'Build link' }).click();
  await expect(page.getByText('fill in at least one customer detail')).toBeVisible();
  await page.getByLabel(/^Scenario 1/).check();
  await page.getByLabel('Token validity (seconds)').fill('10');
  await page.getByRole('button', { name: 'Build link' }).click();
  await expect(page.getByText('Enter a whole number of seconds from 60 to 86400.')).toBeVisible();
  await expect(page.getByLabel('Token validity (seconds)')).toHaveAttribute('aria-invalid', 'true');
});

test('the builder is accessible and fits a 360 px screen', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 780 });
  await openBuilder(page);
  await page.getByLabel(/^Scenario 4/).check();
  await chooseOption(page, 'OFFLINE', 'SCB');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Build link' }).click();
  await expect(page.getByTestId('scenario-result')).toBeVisible();
  await expectAccessible(page);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test('a live merchant is told the builder is for test merchants, and offered nothing', async ({ page }) => {
  await signIn(page, 'e2e-live');
  await expect(page.getByTestId('scenarios-live')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Build link' })).toHaveCount(0);
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Scenarios' })).toHaveCount(0);
});
