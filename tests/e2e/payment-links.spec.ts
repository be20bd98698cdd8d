import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { signIn } from './support/console';
import { api, BASE_URL, merchantToken } from './support/payments';

// Payment links in the console (issue 25, docs/decisions/051), and the page their customers open.
// e2e-shop is a sandbox merchant: OFFLINE payments are paid from the hosted page's sandbox controls.

const MERCHANT = 'e2e-shop';

async function expectNoOverflow(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

const newIdLink = () => `pl-${randomBytes(5).toString('hex')}`;

interface CreatedLink {
  idLink: string;
  url: string;
  status: string;
}

/** A link made by the merchant's server through the API (the console's own form is tested below). */
async function createLink(body: Record<string, unknown>): Promise<CreatedLink> {
  const token = await merchantToken(MERCHANT, ['POST /payment-links/.*', 'GET /payment-links.*']);
  const idLink = newIdLink();
  const created = await api<CreatedLink>('POST', `/payment-links/${idLink}`, { token, body });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body;
}

/** The link's page as a customer opens it: a browser of their own, in their language. */
async function customerPage(browser: Browser, language: 'th' | 'en', width: number): Promise<Page> {
  const context = await browser.newContext({
    locale: language === 'th' ? 'th-TH' : 'en-US',
    extraHTTPHeaders: { 'accept-language': language === 'th' ? 'th-TH,th;q=0.9' : 'en-US,en;q=0.9' },
    viewport: { width, height: 800 },
  });
  return context.newPage();
}

/** The console's form: open it, choose the amount's kind and fill what is given. */
async function fillNewLink(
  page: Page,
  fields: {
    idLink: string;
    description: string;
    amount?: string;
    range?: { min: string; max: string };
    methods?: string[];
    usageLimit?: string;
  },
): Promise<void> {
  const form = page.getByTestId('new-link');
  await form.locator('summary').click();
  await expect(page.getByTestId('link-form')).toBeVisible();
  if (fields.range) {
    await page.getByTestId('link-mode-range').check();
    await page.getByLabel('Minimum amount').fill(fields.range.min);
    await page.getByLabel('Maximum amount').fill(fields.range.max);
  } else {
    await page.locator('#link-amount').fill(fields.amount ?? '');
  }
  await page.getByLabel('Description').fill(fields.description);
  for (const method of fields.methods ?? []) await page.getByTestId(`link-method-${method}`).check();
  await page.getByLabel('Link ID').fill(fields.idLink);
  if (fields.usageLimit) await page.getByLabel('Usage limit').fill(fields.usageLimit);
}

test.describe('a fixed-amount link on a phone', () => {
  test.use({ viewport: { width: 360, height: 800 } });

  test('finance creates it, downloads its QR code and copies its URL; a Thai customer pays it once', async ({
    page,
    context,
    browser,
  }) => {
    test.setTimeout(120_000);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signIn(page, MERCHANT, '/console/payment-links', 'finance');
    await expect(page.getByRole('heading', { level: 1, name: 'Payment links' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Payment links', exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expectNoOverflow(page);

    // A mistake first: the form says what to correct, next to the field, and sends nothing.
    const idLink = newIdLink();
    await fillNewLink(page, {
      idLink,
      description: 'Cooking class, Saturday',
      amount: '250.555',
      methods: ['OFFLINE'],
      usageLimit: '1',
    });
    await page.getByTestId('link-create').click();
    await expect(page.getByTestId('link-form-invalid')).toBeVisible();
    await expect(page.locator('#link-amount-error')).toBeVisible();
    await expect(page.locator('#link-amount')).toHaveAttribute('aria-invalid', 'true');
    await expectAccessible(page);
    await page.locator('#link-amount').fill('250.50');
    await page.getByTestId('link-create').click();

    // Its page: where customers pay, the QR code to print, the terms.
    await expect(page).toHaveURL(new RegExp(`/console/payment-links/${idLink}$`));
    await expect(page.getByRole('heading', { level: 1 })).toContainText(idLink);
    await expect(page.getByTestId('link-status')).toHaveAttribute('data-status', 'ACTIVE');
    await expect(page.getByTestId('link-detail-amount')).toContainText('250.50');
    await expect(page.getByTestId('link-detail-usage-limit')).toHaveText('1');
    await expect(page.getByTestId('link-detail-methods')).toContainText('OFFLINE');
    const url = (await page.getByTestId('link-url').textContent()) ?? '';
    expect(url).toMatch(new RegExp(`^${BASE_URL}/links/[^/]+$`));
    await expect(page.getByTestId('link-qr')).toHaveAttribute('src', /^data:image\/png;base64,/);
    await expect(page.getByTestId('link-payins-empty')).toBeVisible();
    await expectAccessible(page);
    await expectNoOverflow(page);

    const downloading = page.waitForEvent('download');
    await page.getByTestId('link-qr-download').click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`${idLink}-qr.png`);
    const png = await readFile(await download.path());
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

    await page.getByTestId('link-copy').getByRole('button').click();
    await expect(page.getByTestId('link-copy')).toContainText('Copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);

    // The list shows it too.
    await page.getByRole('link', { name: 'Payment links', exact: true }).click();
    const row = page.locator(`[data-testid="link-row"][data-id-link="${idLink}"]`);
    await expect(row.getByTestId('link-status')).toHaveAttribute('data-status', 'ACTIVE');
    await expect(row.getByTestId('link-description')).toHaveText('Cooking class, Saturday');
    await expect(row.getByTestId('link-row-amount')).toContainText('250.50');
    await expectNoOverflow(page);

    // The customer, in Thai: the shop, the description, the amount, and on to the payment page.
    const customer = await customerPage(browser, 'th', 360);
    await customer.goto(url);
    await expect(customer.locator('html')).toHaveAttribute('lang', 'th');
    await expect(customer.getByTestId('link-page')).toContainText('Cooking class, Saturday');
    await expect(customer.getByTestId('link-amount')).toContainText('฿250.50');
    // In Thai words, not message keys (next-intl prints a missing message as its key path).
    await expect(customer.getByTestId('link-pay')).toHaveText(/[\u0E00-\u0E7F]/);
    await expect(customer.getByTestId('link-page')).not.toContainText(/\bpaymentLink\.[a-z]/);
    await expectAccessible(customer);
    await expectNoOverflow(customer);
    await customer.getByTestId('link-pay').click();
    await expect(customer).toHaveURL(new RegExp(`/pay/${MERCHANT}/${idLink}\\.1(\\?|$)`));
    await customer.getByTestId('pay-button').click();
    await customer.getByTestId('simulate-pay').click();
    await expect(customer.getByTestId('payment-result')).toBeVisible({ timeout: 15_000 });

    // The link took its one payment: used up, the payment on its page, linking to the payment's.
    await page.goto(`/console/payment-links/${idLink}`);
    await expect(page.getByTestId('link-status')).toHaveAttribute('data-status', 'USED_UP');
    const payin = page.locator(`[data-testid="link-payin"][data-id-payin="${idLink}.1"]`);
    await expect(payin.getByTestId('payin-status')).toHaveAttribute('data-status', 'SUCCESS', {
      timeout: 15_000,
    });
    await expect(payin.getByRole('link', { name: `${idLink}.1` })).toHaveAttribute(
      'href',
      `/console/payments/${idLink}.1`,
    );
    await expect(page.getByTestId('link-uses-paid')).toHaveText('1');
    await expectAccessible(page);
    await expectNoOverflow(page);
    // The payment's own page names the link it came from, and leads back to it.
    await page.goto(`/console/payments/${idLink}.1`);
    await expect(page.getByTestId('payment-link')).toHaveText(idLink);
    await expect(page.getByTestId('payment-link')).toHaveAttribute(
      'href',
      `/console/payment-links/${idLink}`,
    );

    // Opened again, the link takes no more payments.
    await customer.goto(url);
    await expect(customer.getByTestId('link-closed')).toHaveAttribute('data-status', 'USED_UP');
    await expect(customer.getByTestId('link-pay')).toHaveCount(0);
    await customer.context().close();
  });
});

test.describe('a link where the customer chooses the amount, on a desktop', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('an amount outside the range is refused on the link page; one inside opens its payment', async ({
    page,
    browser,
  }) => {
    test.setTimeout(90_000);
    const existing = await createLink({ money: { amount: 10, currencyCode: 'THB' }, description: 'Taken' });
    await signIn(page, MERCHANT, '/console/payment-links', 'owner');
    const idLink = newIdLink();
    await fillNewLink(page, {
      idLink: existing.idLink,
      description: 'Donation to the library',
      range: { min: '100', max: '500' },
      // One method: the payment page opens on it, its Pay button with the amount.
      methods: ['OFFLINE'],
    });
    // The API's refusals show next to their fields: an expiry past its limit, an id already taken.
    await page.getByLabel('Expires').fill('2035-01-01T10:00');
    await page.getByTestId('link-create').click();
    await expect(page.getByTestId('link-form-problem')).toBeVisible();
    await expect(page.locator('#link-expireAt-error')).toBeVisible();
    await expect(page.getByLabel('Expires')).toHaveAttribute('aria-invalid', 'true');
    await page.getByLabel('Expires').fill('');
    await page.getByTestId('link-create').click();
    await expect(page.locator('#link-idLink-error')).toHaveText(
      'You already have a link with this ID: choose another.',
    );
    await expect(page.locator('#link-expireAt-error')).toHaveCount(0);
    await expectAccessible(page);
    await page.getByLabel('Link ID').fill(idLink);
    await page.getByTestId('link-create').click();
    await expect(page).toHaveURL(new RegExp(`/console/payment-links/${idLink}$`));
    await expect(page.getByTestId('link-detail-amount')).toContainText('100.00');
    await expect(page.getByTestId('link-detail-amount')).toContainText('500.00');
    await expect(page.getByTestId('link-detail-usage-limit')).toHaveText('No limit');
    await expect(page.getByTestId('link-detail-methods')).toContainText('OFFLINE');
    await expectAccessible(page);
    const url = (await page.getByTestId('link-url').textContent()) ?? '';

    const customer = await customerPage(browser, 'en', 1280);
    await customer.goto(url);
    await expect(customer.locator('html')).toHaveAttribute('lang', 'en');
    await expect(customer.getByTestId('link-page')).toContainText('Donation to the library');
    await expect(customer.getByTestId('link-page')).not.toContainText(/\bpaymentLink\.[a-z]/);
    await customer.getByTestId('link-amount-input').fill('50');
    await customer.getByTestId('link-pay').click();
    await expect(customer.getByTestId('link-amount-error')).toBeVisible();
    expect(new URL(customer.url()).pathname).toMatch(/^\/links\//);
    // What was typed stays in the field, marked, with the message tied to it.
    await expect(customer.getByTestId('link-amount-input')).toHaveValue('50');
    await expect(customer.getByTestId('link-amount-input')).toHaveAttribute('aria-invalid', 'true');
    await expectAccessible(customer);

    await customer.getByTestId('link-amount-input').fill('123.45');
    await customer.getByTestId('link-pay').click();
    await expect(customer).toHaveURL(new RegExp(`/pay/${MERCHANT}/${idLink}\\.1(\\?|$)`));
    await expect(customer.getByTestId('pay-button')).toContainText('123.45');
    // The payment exists once the customer pays: the console lists it, open, with that amount.
    await customer.getByTestId('pay-button').click();
    await expect(customer.getByTestId('simulate-pay')).toBeVisible();
    await customer.context().close();
    await page.reload();
    const payin = page.locator(`[data-testid="link-payin"][data-id-payin="${idLink}.1"]`);
    await expect(payin.getByTestId('payin-status')).toHaveAttribute('data-status', 'PENDING');
    await expect(payin).toContainText('123.45');
    await expect(page.getByTestId('link-uses-pending')).toHaveText('1');
    await expect(page.getByTestId('link-status')).toHaveAttribute('data-status', 'ACTIVE');
  });
});

test('a viewer reads the links but cannot create or turn one off', async ({ page }) => {
  const link = await createLink({
    money: { amount: 99, currencyCode: 'THB' },
    description: 'Read-only look',
  });
  await signIn(page, MERCHANT, '/console/payment-links', 'viewer');
  await expect(page.getByRole('heading', { level: 1, name: 'Payment links' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Payment links', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(page.getByTestId('new-link')).toHaveCount(0);
  const row = page.locator(`[data-testid="link-row"][data-id-link="${link.idLink}"]`);
  await expect(row).toBeVisible();
  await expectAccessible(page);
  await row.getByRole('link', { name: link.idLink }).click();
  await expect(page).toHaveURL(new RegExp(`/console/payment-links/${link.idLink}$`));
  await expect(page.getByTestId('link-url')).toHaveText(link.url);
  await expect(page.getByTestId('link-qr')).toBeVisible();
  await expect(page.getByTestId('link-detail-methods')).toHaveText('Every method you have for the currency');
  await expect(page.getByTestId('link-deactivate')).toHaveCount(0);
  await expectAccessible(page);
  // Nor through the console's BFF by hand.
  const refused = await page.request.post(`/console/bff/api/payment-links/${link.idLink}/!deactivate`, {
    headers: { origin: BASE_URL, 'content-type': 'application/json' },
    data: {},
  });
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { code?: string }).code).toBe('ROLE_NOT_PERMITTED');
});

test('turning a link off: its page tells customers it is no longer active', async ({ page, browser }) => {
  const link = await createLink({
    money: { amount: 120, currencyCode: 'THB' },
    description: 'Closing soon',
  });
  await signIn(page, MERCHANT, `/console/payment-links/${link.idLink}`, 'developer');
  await expect(page.getByTestId('link-status')).toHaveAttribute('data-status', 'ACTIVE');
  // Escape backs out and nothing changes.
  await page.getByTestId('link-deactivate').click();
  await expect(page.getByTestId('link-deactivate-confirm')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('link-deactivate-confirm')).toHaveCount(0);
  await expect(page.getByTestId('link-status')).toHaveAttribute('data-status', 'ACTIVE');

  await page.getByTestId('link-deactivate').click();
  await expect(page.getByTestId('link-deactivate-confirm')).toContainText(link.idLink);
  await expectAccessible(page);
  await page.getByTestId('link-deactivate-confirm-yes').click();
  await expect(page.getByTestId('link-status')).toHaveAttribute('data-status', 'INACTIVE');
  await expect(page.getByTestId('link-action-outcome')).toHaveText('The link was turned off.');
  await expect(page.getByTestId('link-deactivate')).toHaveCount(0);
  await expect(page.getByTestId('link-deactivated-at')).not.toHaveText('—');
  await expect(page.getByTestId('link-closed-note')).toBeVisible();

  const customer = await customerPage(browser, 'en', 390);
  await customer.goto(link.url);
  await expect(customer.getByTestId('link-closed')).toHaveAttribute('data-status', 'INACTIVE');
  await expect(customer.getByTestId('link-pay')).toHaveCount(0);
  await customer.context().close();
});

test('two customers each get their own payment; an edited payment page is refused; the link expires', async ({
  browser,
}) => {
  test.slow(); // it waits for the link's real expiry
  // Expires 20 s from now: the server's own clock ends it (the API takes no past expiry, and links
  // never change). The two starts below take a few seconds; the margin keeps a loaded machine's
  // slowness from deciding the test, and the wait below spends only what is left of it.
  const expireAt = new Date(Date.now() + 20_000).toISOString();
  const link = await createLink({
    money: { amount: 180, currencyCode: 'THB' },
    description: 'Two tickets',
    // One method: the payment page opens on its form (bank transfer, paid from the sandbox controls).
    paymentMethodCodes: ['OFFLINE'],
    expireAt,
  });
  const first = await customerPage(browser, 'en', 360);
  const second = await customerPage(browser, 'th', 360);
  for (const customer of [first, second]) {
    await customer.goto(link.url);
    await customer.getByTestId('link-pay').click();
  }
  await expect(first).toHaveURL(new RegExp(`/pay/${MERCHANT}/${link.idLink}\\.1\\?`));
  await expect(second).toHaveURL(new RegExp(`/pay/${MERCHANT}/${link.idLink}\\.2\\?`));

  // The first customer edits the payment page's address: the session the link opened fixes the terms.
  const edited = new URL(first.url());
  edited.searchParams.set('amount', '1.00');
  await first.goto(`${edited.pathname}${edited.search}`);
  await expect(first.getByTestId('payment-error')).toHaveAttribute('data-error', 'amountNotAuthorised');
  await expect(first.getByRole('button', { name: /^Pay/ })).toHaveCount(0);
  const callback = new URL(second.url());
  callback.searchParams.set('callbackUrl', 'https://attacker.example/cb');
  await first.goto(`/pay/${MERCHANT}/${link.idLink}.1${callback.search}`);
  await expect(first.getByTestId('payment-error')).toHaveAttribute('data-error', 'linkChanged');

  // Once the expiry passes, the page says so and takes no payment.
  await first.waitForTimeout(Math.max(0, Date.parse(expireAt) - Date.now()) + 500);
  await first.goto(link.url);
  await expect(first.getByTestId('link-closed')).toHaveAttribute('data-status', 'EXPIRED');
  await expect(first.getByTestId('link-pay')).toHaveCount(0);
  // A payment started before the expiry cannot be made after it.
  await second.getByTestId('pay-button').click();
  await expect(second.getByTestId('payment-error')).toHaveAttribute('data-error', 'paymentLinkClosed');
  await expectAccessible(second);
  const read = await api<{ payins: unknown[]; status: string }>('GET', `/payment-links/${link.idLink}`, {
    token: await merchantToken(MERCHANT, ['GET /payment-links.*']),
  });
  expect(read.body.status).toBe('EXPIRED');
  expect(read.body.payins).toHaveLength(0);
  for (const customer of [first, second]) await customer.context().close();
});
