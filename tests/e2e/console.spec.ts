import { expect, test } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { signIn } from './support/console';
import { api, customerToken, merchantToken, newOrderId, redirectUrl } from './support/payments';

/** A test payin created by the merchant's server (OFFLINE THB), open. */
async function createPayin(amount = 250): Promise<string> {
  const idPayin = newOrderId();
  const token = await customerToken('e2e-shop', idPayin);
  const created = await api('POST', `/payins/${idPayin}`, {
    token,
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

test.describe('console sign-in', () => {
  test('a wrong password is refused, the right one and a code sign in with an HttpOnly cookie, sign-out ends it', async ({
    page,
    context,
  }) => {
    await page.goto('/console/payments');
    await expect(page).toHaveURL(/\/console\/sign-in\?next=%2Fconsole%2Fpayments/);
    await page.getByLabel('E-mail address').fill('nobody@shop.example');
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByTestId('sign-in-notice')).toContainText('not right');
    await expectAccessible(page);

    await signIn(page, 'e2e-shop', '/console/payments');
    await expect(page).toHaveURL(/\/console\/payments$/);
    await expect(page.getByTestId('console-mode')).toHaveText('Test');
    const cookie = (await context.cookies()).find((candidate) => candidate.name === 'console_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/console' });
    // The cookie is the session's secret: no merchant secret is in it or anywhere in the browser.
    expect(cookie?.value).not.toContain('sk_test');
    expect(await page.evaluate(() => document.cookie)).not.toContain('console_session');

    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByTestId('sign-in-notice')).toHaveText('You signed out.');
    await page.goto('/console/payments');
    await expect(page).toHaveURL(/\/console\/sign-in/);
  });

  test('the proxy refuses calls without a session and calls the console does not offer', async ({
    page,
    request,
  }) => {
    const signedOut = await request.get('/console/bff/api/payins');
    expect(signedOut.status()).toBe(401);
    await signIn(page);
    const refused = await page.request.get('/console/bff/api/sandbox/institution/x');
    expect(refused.status()).toBe(404);
  });
});

test('a payment made on the hosted page turns to success in the list, live', async ({ page, browser }) => {
  await signIn(page);
  // A currency the other tests seldom use, filtered on: parallel tests keep adding THB payins.
  const checkout = await redirectUrl({
    amount: '321.00',
    currencyCode: 'PHP',
    params: { paymentMethodCode: 'OFFLINE' },
  });
  await page.goto('/console/payments?currencyCode=PHP&paymentMethodCode=OFFLINE');
  const customer = await browser.newPage();
  await customer.goto(checkout.url);
  await customer.getByTestId('pay-button').click();
  const row = page.locator(`[data-testid="payment-row"][data-id-payin="${checkout.idPayin}"]`);
  await expect(row.getByTestId('payin-status')).toHaveAttribute('data-status', 'PENDING', {
    timeout: 15_000,
  });
  await customer.getByTestId('simulate-pay').click();
  await expect(row.getByTestId('payin-status')).toHaveAttribute('data-status', 'SUCCESS', {
    timeout: 15_000,
  });
  await expectAccessible(page);
  await customer.close();
});

test('payment detail: simulate a short payment, then cancel', async ({ page }) => {
  const idPayin = await createPayin(400);
  await signIn(page);
  await page.goto(`/console/payments/${idPayin}`);
  await expect(page.getByTestId('payin-status')).toHaveAttribute('data-status', 'PENDING');
  await expectAccessible(page);
  await expect(page.getByTestId('payment-fee')).toHaveText(/\d/);
  await expect(page.getByTestId('method-name')).toHaveText('Bank transfer OFFLINE');
  await page.getByTestId('console-short').click();
  await expect(page.getByTestId('money-received')).not.toHaveText('—');
  await expect(page.getByTestId('payin-status')).toHaveAttribute('data-status', 'PENDING');
  // Cancelling cannot be undone: the console asks first; Escape backs out and nothing changes.
  await page.getByTestId('console-cancel').click();
  const confirm = page.getByTestId('console-cancel-confirm');
  await expect(confirm).toContainText(`Cancel payment ${idPayin}?`);
  await expect(confirm.getByRole('button', { name: 'Keep it' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(confirm).toHaveCount(0);
  await expect(page.getByTestId('payin-status')).toHaveAttribute('data-status', 'PENDING');
  await page.getByTestId('console-cancel').click();
  await confirm.getByRole('button', { name: 'Yes, cancel the payment' }).click();
  await expect(page.getByTestId('payin-status')).toHaveAttribute('data-status', 'REFUSED');
  await expect(page.getByText('CANCELLED').first()).toBeVisible();
  await expect(page.getByTestId('payin-json')).toContainText('"processorStatus": "CANCELLED"');
  // Charged nothing: no fee is shown for a payment that never succeeded.
  await expect(page.getByTestId('payment-fee')).toHaveText('None: the payment did not succeed');
  // Final now: only a late payment is left to simulate.
  await expect(page.getByTestId('console-cancel')).toHaveCount(0);
});

test('the list filters by status and pages stay in the URL', async ({ page }) => {
  const open = await createPayin(111);
  const done = await createPayin(112);
  const token = await merchantToken();
  expect(
    (await api('POST', `/sandbox/payins/${done}/!simulate`, { token, body: { status: 'SUCCESS' } })).status,
  ).toBe(200);
  await signIn(page);
  await page.goto('/console/payments?status=SUCCESS');
  await expect(page.locator(`[data-id-payin="${done}"]`)).toBeVisible();
  await expect(page.locator(`[data-id-payin="${open}"]`)).toHaveCount(0);
  await page.getByLabel('Status').selectOption('PENDING');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/status=PENDING/);
  await expect(page.locator(`[data-id-payin="${open}"]`)).toBeVisible();
});

test('on a live merchant a viewer sees read-only views: no scenarios, no simulate or cancel', async ({
  page,
}) => {
  await signIn(page, 'e2e-live', undefined, 'viewer');
  await expect(page.getByTestId('console-mode')).toHaveText('Live');
  await expect(page.getByRole('link', { name: 'Scenarios' })).toHaveCount(0);
  const idPayin = newOrderId();
  // A live merchant's PAYIN_CREATE token fixes the amount (docs/decisions/030).
  const token = await customerToken('e2e-live', idPayin, { money: { amount: 100, currencyCode: 'THB' } });
  const created = await api('POST', `/payins/${idPayin}`, {
    token,
    body: {
      paymentRequested: { money: { amount: 100, currencyCode: 'THB' } },
      paymentMethod: { paymentMethodCode: 'OFFLINE' },
      callbackUrl: 'https://shop.example/callbacks',
      returnUrl: 'https://shop.example/thanks',
    },
  });
  expect(created.status).toBe(201);
  await page.goto(`/console/payments/${idPayin}`);
  await expect(page.getByTestId('payin-status')).toHaveAttribute('data-status', 'PENDING');
  await expect(page.getByTestId('console-cancel')).toHaveCount(0);
  const refused = await page.request.post(`/console/bff/api/payins/${idPayin}/!cancel`, {
    data: {},
    headers: { origin: new URL(page.url()).origin },
  });
  expect(refused.status()).toBe(403);
  await expectAccessible(page);
});

test('on a live merchant a finance person cancels after confirming; the sandbox tools stay away', async ({
  page,
}) => {
  await signIn(page, 'e2e-live', undefined, 'finance');
  const idPayin = newOrderId();
  const token = await customerToken('e2e-live', idPayin, { money: { amount: 120, currencyCode: 'THB' } });
  const created = await api('POST', `/payins/${idPayin}`, {
    token,
    body: {
      paymentRequested: { money: { amount: 120, currencyCode: 'THB' } },
      paymentMethod: { paymentMethodCode: 'OFFLINE' },
      callbackUrl: 'https://shop.example/callbacks',
      returnUrl: 'https://shop.example/thanks',
    },
  });
  expect(created.status).toBe(201);
  await page.goto(`/console/payments/${idPayin}`);
  await expect(page.getByTestId('console-approve')).toHaveCount(0);
  await page.getByTestId('console-cancel').click();
  await page.getByTestId('console-cancel-confirm-yes').click();
  await expect(page.getByTestId('payin-status')).toHaveAttribute('data-status', 'REFUSED');
});

test('a console post must show the console as its origin: Origin null, none or cross-site is refused', async ({
  page,
}) => {
  await signIn(page, 'e2e-shop');
  const idPayin = await createPayin();
  const visit = await page.goto(`/console/payments/${idPayin}`);
  // The console's pages send their origin on their own posts; payment pages send no referrer at all.
  expect(visit?.headers()['referrer-policy']).toBe('same-origin');
  await expect(page.locator('meta[name="referrer"]')).toHaveAttribute('content', 'same-origin');
  const origin = new URL(page.url()).origin;
  const cancel = `/console/bff/api/payins/${idPayin}/!cancel`;
  const cases: Record<string, string>[] = [
    { origin: 'null' },
    {},
    { origin: 'https://attacker.example' },
    { origin, 'sec-fetch-site': 'cross-site' },
    { origin: 'null', 'sec-fetch-site': 'same-site' },
  ];
  for (const headers of cases) {
    const refused = await page.request.post(cancel, { data: {}, headers });
    expect(refused.status(), JSON.stringify(headers)).toBe(403);
    expect(((await refused.json()) as { code: string }).code).toBe('CROSS_SITE_REFUSED');
  }
  await page.reload();
  await expect(page.getByTestId('payin-status')).toHaveAttribute('data-status', 'PENDING');
  // The console's own button still works, in a real browser.
  await page.getByTestId('console-cancel').click();
  await page.getByTestId('console-cancel-confirm-yes').click();
  await expect(page.getByTestId('payin-status')).toHaveAttribute('data-status', 'REFUSED');
  const checkout = await redirectUrl();
  const payment = await page.goto(checkout.url);
  expect(payment?.headers()['referrer-policy']).toBe('no-referrer');
});

test('console times are short local date and time with the zone named, in Thai too', async ({ page }) => {
  await signIn(page, 'e2e-shop');
  const idPayin = await createPayin(321);
  await page.goto(`/console/payments/${idPayin}?lang=th`);
  await expect(page.getByTestId('payin-status')).toHaveAttribute('data-status', 'PENDING');
  const main = page.locator('main');
  await expect(main).toContainText(/\d{1,2} [^\s]+ \d{4} \d{2}:\d{2}:\d{2} UTC/);
  await expect(main).not.toContainText('นาฬิกา');
  // The method by the name customers read, in the console's language, its API code beside it.
  await expect(page.getByTestId('method-name')).toHaveText('โอนเงินผ่านธนาคาร OFFLINE');
  // In a language the console has no messages for, the console's English throughout.
  await page.goto(`/console/payments/${idPayin}?lang=ja`);
  await expect(page.getByTestId('method-name')).toHaveText('Bank transfer OFFLINE');
});

test('the console speaks Thai, and English with lang="en" in a language it has no messages for', async ({
  page,
}) => {
  await page.goto('/console/sign-in?lang=th');
  await expect(page.locator('.console')).toHaveAttribute('lang', 'th');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('เข้าสู่ระบบคอนโซลร้านค้า');
  await expectAccessible(page);
  await page.goto('/console/sign-in?lang=ja');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
  await expect(page.locator('.console')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in to the merchant console');
});
