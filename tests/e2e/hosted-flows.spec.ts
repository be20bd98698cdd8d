import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './support/axe';
import {
  api,
  BASE_URL,
  customerToken,
  merchantToken,
  newOrderId,
  redirectUrl,
  simulate,
} from './support/payments';

/** The merchant's shop, where returnUrl points: answered in the browser, no network. */
async function shopAnswers(page: Page) {
  await page.route('https://shop.example/**', (route) =>
    route.fulfill({
      status: 200,
      contentType: 'text/html',
      body: '<title>Shop</title><h1>Back at the shop</h1>',
    }),
  );
}

/** Where the way back landed: the returnUrl with the payment's idPayin and status. */
function returnedTo(page: Page) {
  const url = new URL(page.url());
  return { address: `${url.origin}${url.pathname}`, query: Object.fromEntries(url.searchParams) };
}

async function statusOf(idPayin: string) {
  const read = await api<{ process: { status: string; processorStatus?: string } }>(
    'GET',
    `/payins/${idPayin}`,
    {
      token: await merchantToken(),
    },
  );
  return read.body.process;
}

test.describe('the page lives as long as the payment, not as long as the token', () => {
  test('a token valid 5 s: 10 s later the customer still chooses, pays, reloads and sees the result live', async ({
    page,
  }) => {
    const checkout = await redirectUrl({ tokenValiditySecs: 5, params: { paymentMethodCode: 'OFFLINE' } });
    await page.goto(checkout.url);
    await expect(page.getByRole('heading', { name: 'Pay Bangkok Books' })).toBeVisible();
    // The customer reads, hesitates, finds their banking app: the merchant's token expires meanwhile.
    await page.waitForTimeout(10_000);
    expect((await api('GET', `/payins/${checkout.idPayin}`, { token: checkout.token })).status).toBe(401);

    await page.getByRole('button', { name: /^Pay/ }).click();
    await expect(page.getByRole('heading', { name: 'Transfer the amount' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Transfer the amount' })).toBeVisible();
    // Reopening the merchant's old link (its token long expired) lands on the same payment.
    await page.goto(checkout.url);
    await expect(page.getByRole('heading', { name: 'Transfer the amount' })).toBeVisible();
    await page.getByRole('button', { name: 'I have paid' }).click();
    await expect(page.getByTestId('waiting-for-payment')).toBeVisible();
    expect((await simulate(checkout.idPayin, 'SUCCESS')).status).toBe(200);
    await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
  });

  test('an expired link with no session says so, and offers the way back in the browser', async ({
    page,
  }) => {
    await shopAnswers(page);
    const checkout = await redirectUrl({ tokenValiditySecs: 1 });
    await page.goto('https://shop.example/checkout');
    await page.waitForTimeout(1_500);
    await page.goto(checkout.url);
    await expect(page.getByText('This payment link has expired, and nothing was charged.')).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Go back' }).click();
    await expect(page.getByRole('heading', { name: 'Back at the shop' })).toBeVisible();
  });
});

test.describe('scenario 4 and 5: what the merchant fixed, and what is left to the customer', () => {
  test('4, operator only (SCB, shared by bank transfer and online banking): the customer picks between those two, once', async ({
    page,
  }) => {
    const checkout = await redirectUrl({ params: { paymentOperatorCode: 'SCB' } });
    await page.goto(checkout.url);
    await expect(page.getByRole('heading', { name: 'Choose how to pay' })).toBeVisible();
    await expect(page.getByRole('radio')).toHaveCount(2);
    await expect(page.getByTestId('choice-OFFLINE|SCB')).toBeVisible();
    await expect(page.getByTestId('choice-ONLINE|SCB')).toBeVisible();
    await expectAccessible(page);
    await page.getByTestId('choice-ONLINE|SCB').check();
    await page.getByTestId('choose-option').click();
    await expect(page.getByRole('heading', { name: 'Pay Bangkok Books' })).toBeVisible();
    await expect(page.getByTestId('selected-option')).toContainText('Online banking · Siam Commercial Bank');
    await page.getByRole('button', { name: /^Pay/ }).click();
    await expect(page.getByRole('heading', { name: 'Continue at Siam Commercial Bank' })).toBeVisible();
    const read = await api<{ paymentMethodResponse: { paymentOperator: { code: string } } }>(
      'GET',
      `/payins/${checkout.idPayin}`,
      { token: await merchantToken() },
    );
    expect(read.body.paymentMethodResponse.paymentOperator.code).toBe('SCB');
  });

  test('4, method only (online banking): the customer picks their own bank; none is imposed', async ({
    page,
  }) => {
    const checkout = await redirectUrl({ params: { paymentMethodCode: 'ONLINE' } });
    await page.goto(checkout.url);
    await expect(page.getByRole('heading', { name: 'Choose how to pay with Online banking' })).toBeVisible();
    await expect(page.getByRole('radio', { checked: true })).toHaveCount(0);
    await page.getByLabel('Bangkok Bank').check();
    await page.getByTestId('choose-option').click();
    await page.getByRole('button', { name: /^Pay/ }).click();
    await expect(page.getByRole('heading', { name: 'Continue at Bangkok Bank' })).toBeVisible();
    void checkout;
  });

  test('4, method only where the service holds the account (bank transfer): nothing to pick, no bank imposed by the page', async ({
    page,
  }) => {
    const checkout = await redirectUrl({ params: { paymentMethodCode: 'OFFLINE' } });
    await page.goto(checkout.url);
    await expect(page.getByRole('heading', { name: 'Pay Bangkok Books' })).toBeVisible();
    await expect(page.getByTestId('selected-option')).toHaveText('Bank transfer');
  });

  test('5: a shared operator is pre-checked; an unavailable pre-selection falls back to free choice with a note', async ({
    page,
  }) => {
    const shared = await redirectUrl({ params: { paymentOperatorCode: 'SCB', optionsAvailable: 'true' } });
    await page.goto(shared.url);
    await expect(page.locator('input[name=choice]:checked')).toHaveValue(/\|SCB$/);
    await expect(page.getByTestId('choice-QRTH')).toBeVisible();

    const unavailable = await redirectUrl({
      params: { paymentMethodCode: 'QRVN', optionsAvailable: 'true' },
    });
    await page.goto(unavailable.url);
    await expect(page.getByTestId('option-note')).toHaveText(
      'The payment option Bangkok Books suggested is not available for this payment. Please choose another.',
    );
    await page.getByTestId('choice-QRTH').check();
    await page.getByTestId('choose-option').click();
    await expect(page.getByRole('heading', { name: 'Pay Bangkok Books' })).toBeVisible();
  });
});

test.describe('every screen has a way back to the merchant', () => {
  test('from the option picker, before any payment exists: the returnUrl with status NOT_CREATED', async ({
    page,
  }) => {
    await shopAnswers(page);
    const checkout = await redirectUrl();
    await page.goto(checkout.url);
    await page.getByTestId('return-to-merchant').click();
    await expect(page.getByRole('heading', { name: 'Back at the shop' })).toBeVisible();
    expect(returnedTo(page)).toEqual({
      address: 'https://shop.example/thanks',
      query: { order: checkout.idPayin, idPayin: checkout.idPayin, status: 'NOT_CREATED' },
    });
  });

  test('from the data entry, and from the pending screen after "I have paid": status PENDING', async ({
    page,
  }) => {
    await shopAnswers(page);
    const checkout = await redirectUrl({ params: { paymentMethodCode: 'QRTH' } });
    await page.goto(checkout.url);
    await expect(page.getByLabel('Account number')).toBeVisible();
    await expect(page.getByTestId('return-to-merchant')).toHaveText('Return to Bangkok Books');
    await page.getByLabel('Account number').fill('1234567890');
    await page.getByRole('button', { name: /^Pay/ }).click();
    await page.getByRole('button', { name: 'I have paid' }).click();
    await expect(page.getByTestId('waiting-for-payment')).toBeVisible();
    await page.getByTestId('return-to-merchant').click();
    await expect(page.getByRole('heading', { name: 'Back at the shop' })).toBeVisible();
    expect(returnedTo(page).query).toMatchObject({ idPayin: checkout.idPayin, status: 'PENDING' });
  });

  test('from an error screen: a method the merchant fixed that is not offered', async ({ page }) => {
    await shopAnswers(page);
    const checkout = await redirectUrl({ params: { paymentMethodCode: 'QRVN' } });
    await page.goto(checkout.url);
    await expect(
      page.getByText('The payment method Bangkok Books chose is not available for this payment.'),
    ).toBeVisible();
    await expectAccessible(page);
    await page.getByTestId('return-to-merchant').click();
    await expect(page.getByRole('heading', { name: 'Back at the shop' })).toBeVisible();
    expect(returnedTo(page).query).toMatchObject({ idPayin: checkout.idPayin, status: 'NOT_CREATED' });
  });

  test('a page whose payment ended a while ago has closed, with the way back', async ({ page }) => {
    await shopAnswers(page);
    const checkout = await redirectUrl({ params: { paymentMethodCode: 'OFFLINE' } });
    await page.goto(checkout.url);
    await page.getByTestId('pay-button').click();
    await expect(page.getByRole('heading', { name: 'Transfer the amount' })).toBeVisible();
    expect((await simulate(checkout.idPayin, 'SUCCESS')).status).toBe(200);
    await expect(page.getByTestId('payment-result')).toBeVisible();
    // The test server closes pages 20 s after their payment ended (CUSTOMER_SESSION_GRACE_SECS).
    await page.waitForTimeout(21_000);
    await page.reload();
    await expect(page.getByTestId('payment-error')).toHaveAttribute('data-error', 'sessionEnded');
    await expectAccessible(page);
    await page.getByTestId('return-to-merchant').click();
    await expect(page.getByRole('heading', { name: 'Back at the shop' })).toBeVisible();
    // The status can no longer be read with the closed session: only the order comes back.
    expect(returnedTo(page).query).toEqual({ order: checkout.idPayin, idPayin: checkout.idPayin });
  });

  test('a money-limited token for another amount is caught on arrival, with the way back', async ({
    page,
  }) => {
    await shopAnswers(page);
    const idPayin = newOrderId();
    const token = await customerToken('e2e-shop', idPayin, { money: { amount: 100, currencyCode: 'THB' } });
    const checkout = await redirectUrl({ idPayin, token, amount: '1000.00' });
    await page.goto(checkout.url);
    await expect(
      page.getByText('This link asks for THB 1,000.00, but Bangkok Books approved a payment of THB 100.00.'),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: /^Pay/ })).toHaveCount(0);
    await expectAccessible(page);
    await page.getByTestId('return-to-merchant').click();
    await expect(page.getByRole('heading', { name: 'Back at the shop' })).toBeVisible();
  });

  test('a broken link (no token) has no merchant address to trust: the browser’s Back', async ({ page }) => {
    await shopAnswers(page);
    await page.goto('https://shop.example/cart');
    await page.goto(
      '/?merchantCode=e2e-shop&idPayin=abc&amount=10&currencyCode=THB&returnUrl=https%3A%2F%2Fevil.example',
    );
    await expect(page.getByTestId('return-to-merchant')).toHaveCount(0);
    await page.getByRole('button', { name: 'Go back' }).click();
    await expect(page.getByRole('heading', { name: 'Back at the shop' })).toBeVisible();
  });

  test('a bare / is someone opening the service, not a broken link: on to the scenario builder', async ({
    page,
  }) => {
    await page.goto('/');
    // The console's scenarios, behind its sign-in.
    await expect(page).toHaveURL(/\/console\/sign-in\?next=%2Fconsole%2Fscenarios/);
    await page.goto('/?merchantCode=e2e-shop');
    await expect(page.getByRole('button', { name: 'Go back' })).toBeVisible();
  });
});

test.describe('customer data the merchant gave (scenario 2) is never a dead end', () => {
  // Given in the link but not bound by the token: the customer may correct what the API refuses.
  // Bound data is checked when the token is issued, and a bound value refused later sends the
  // customer back to the shop (tests/e2e/bound-terms.spec.ts).
  test('an invalid given email is shown as a field to correct, then the payment starts', async ({ page }) => {
    const checkout = await redirectUrl({
      amount: '5000',
      currencyCode: 'JPY',
      bind: false,
      params: { paymentMethodCode: 'OFFLINE', emailAddress: 'taro@@example', accountName: 'Taro Yamada' },
    });
    await page.goto(checkout.url);
    await expect(page.getByTestId('error-emailAddress')).toHaveText(
      'The email address from Bangkok Books was not accepted. Please correct it.',
    );
    // The valid given name stays as given; only the refused field is open.
    await expect(page.getByRole('textbox')).toHaveCount(1);
    await expectAccessible(page);
    await page.getByLabel('Email address').fill('taro@example.jp');
    await page.getByRole('button', { name: /^Pay/ }).click();
    await expect(page.getByRole('heading', { name: 'Transfer the amount' })).toBeVisible();
    const accounts = await api<{ paymentMethodResponse: { idPayin: string } }>(
      'GET',
      `/payins/${checkout.idPayin}`,
      { token: await merchantToken() },
    );
    expect(accounts.status).toBe(200);
  });

  test('without JavaScript too: a refused given phone comes back as a field to correct', async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const checkout = await redirectUrl({
      amount: '1500',
      currencyCode: 'KES',
      bind: false,
      params: {
        paymentMethodCode: 'MOBILE_MONEY',
        paymentOperatorCode: 'MPESA',
        phoneNumber: '+66 81 234 5678',
      },
    });
    await page.goto(checkout.url);
    await expect(page.getByTestId('error-phoneNumber')).toBeVisible();
    await page.getByLabel('Mobile phone number').fill('0712 345678');
    await page.getByRole('button', { name: /^Pay/ }).click();
    await expect(page.getByRole('heading', { name: 'Approve on your phone' })).toBeVisible();
    await context.close();
    void checkout;
  });
});

test.describe('redirect methods', () => {
  test('Back from the bank page shows the way on instead of bouncing to the bank again', async ({ page }) => {
    const checkout = await redirectUrl({
      params: { paymentMethodCode: 'ONLINE', paymentOperatorCode: 'KBANK' },
    });
    await page.goto(checkout.url);
    await page.getByRole('button', { name: /^Pay/ }).click();
    await expect(page).toHaveURL(/\/sandbox\/institution\//, { timeout: 15_000 });
    await page.goBack();
    await expect(page.getByRole('heading', { name: 'Continue at Kasikornbank' })).toBeVisible();
    await expect(page.getByText('Back from Kasikornbank?')).toBeVisible();
    // No second automatic redirect: still here well after the countdown would have ended.
    await page.waitForTimeout(7_000);
    await expect(page.getByRole('heading', { name: 'Continue at Kasikornbank' })).toBeVisible();
    await expect(page.getByTestId('return-to-merchant')).toBeVisible();
    await page.getByTestId('redirect-link').click();
    await page.getByTestId('institution-approve').click();
    await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
    expect((await statusOf(checkout.idPayin)).status).toBe('SUCCESS');
  });

  test('a page opened on another host than PUBLIC_URL still ends on the result', async ({ page }) => {
    const checkout = await redirectUrl({
      params: { paymentMethodCode: 'ONLINE', paymentOperatorCode: 'SCB' },
    });
    await page.goto(`${BASE_URL.replace('127.0.0.1', 'localhost')}${checkout.url}`);
    await page.getByRole('button', { name: /^Pay/ }).click();
    await expect(page.getByTestId('redirect-link')).toHaveAttribute('href', /^\/sandbox\/institution\//);
    await page.getByTestId('redirect-link').click();
    expect(new URL(page.url()).hostname).toBe('localhost');
    await page.getByTestId('institution-approve').click();
    await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
  });
});

test.describe('screens written for the phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('a twelve-digit amount fits, and copy buttons never wrap', async ({ page }) => {
    const checkout = await redirectUrl({
      amount: '999999999999.99',
      currencyCode: 'PHP',
      params: { paymentMethodCode: 'OFFLINE' },
    });
    await page.goto(checkout.url);
    await page.getByRole('button', { name: /^Pay/ }).click();
    await expect(page.getByRole('heading', { name: 'Transfer the amount' })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    for (const button of await page.getByRole('button', { name: /^Copy / }).all()) {
      const lines = await button.evaluate((element) => {
        const style = getComputedStyle(element);
        return Math.round(element.getBoundingClientRect().height / parseFloat(style.lineHeight || '20'));
      });
      expect(lines).toBeLessThanOrEqual(2);
      expect(await button.evaluate((element) => getComputedStyle(element).whiteSpace)).toBe('nowrap');
    }
    void checkout;
  });
});

test.describe('content in the customer’s language', () => {
  test('Thai: the bank’s own name; the test banner mentions controls only where there are some', async ({
    page,
    context,
  }) => {
    await context.addCookies([{ name: 'NEXT_LOCALE', value: 'th', url: 'http://127.0.0.1' }]);
    const checkout = await redirectUrl({
      params: { paymentMethodCode: 'OFFLINE', paymentOperatorCode: 'KBANK' },
    });
    await page.goto(checkout.url);
    await expect(page.getByTestId('selected-option')).toContainText('ธนาคารกสิกรไทย');
    const banner = page.getByTestId('test-banner');
    const checkoutBanner = await banner.textContent();
    await page.getByTestId('pay-button').click();
    await expect(page.getByTestId('detail-bank')).toContainText('ธนาคารกสิกรไทย');
    const pendingBanner = await banner.textContent();
    expect(pendingBanner!.length).toBeGreaterThan(checkoutBanner!.length);
    void checkout;
  });

  test('Japanese bank transfer: bank, branch and account type as a Japanese transfer asks', async ({
    page,
    context,
  }) => {
    await context.addCookies([{ name: 'NEXT_LOCALE', value: 'ja', url: 'http://127.0.0.1' }]);
    const checkout = await redirectUrl({
      amount: '5000',
      currencyCode: 'JPY',
      params: { paymentMethodCode: 'OFFLINE', paymentOperatorCode: 'MUFG', emailAddress: 'taro@example.jp' },
    });
    await page.goto(checkout.url);
    await page.getByTestId('pay-button').click();
    await expect(page.getByTestId('detail-bank')).toContainText('三菱UFJ銀行 (0005)');
    await expect(page.getByTestId('detail-branch')).toContainText('本店 (001)');
    await expect(page.getByTestId('detail-account-type')).toContainText('普通');
    await expect(page.getByTestId('detail-account-number')).toContainText(/^\D*\d{7}/);
    void checkout;
  });

  test('Indonesian virtual account: the steps in Indonesian, with the amount in Indonesian format', async ({
    page,
    context,
  }) => {
    await context.addCookies([{ name: 'NEXT_LOCALE', value: 'id', url: 'http://127.0.0.1' }]);
    const checkout = await redirectUrl({
      amount: '150000',
      currencyCode: 'IDR',
      params: { paymentMethodCode: 'VAPAY', paymentOperatorCode: 'BCA' },
    });
    await page.goto(checkout.url);
    await page.getByTestId('pay-button').click();
    const steps = page.getByTestId('va-steps');
    await expect(steps).toBeVisible();
    await steps.locator('summary').first().click();
    await expect(steps).toContainText('Rp 150.000');
    await expect(steps).not.toContainText('Log in to');
    void checkout;
  });
});
