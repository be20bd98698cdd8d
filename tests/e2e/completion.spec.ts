import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { api, merchantToken, newOrderId, redirectUrl, simulate } from './support/payments';

/** Opens the merchant's RedirectURL for a fixed method and pays (scenario 4), filling what the method needs. */
async function payWith(
  page: Page,
  options: {
    method: string;
    operator?: string;
    amount: string;
    currency: string;
    fill?: Record<string, string>;
    idPayin?: string;
  },
) {
  const checkout = await redirectUrl({
    ...(options.idPayin !== undefined && { idPayin: options.idPayin }),
    amount: options.amount,
    currencyCode: options.currency,
    params: {
      paymentMethodCode: options.method,
      ...(options.operator && { paymentOperatorCode: options.operator }),
    },
  });
  await page.goto(checkout.url);
  await expect(page.locator('form[novalidate]')).toHaveCount(1);
  for (const [label, value] of Object.entries(options.fill ?? {})) await page.getByLabel(label).fill(value);
  await page.getByRole('button', { name: /^Pay/ }).click();
  return checkout;
}

test('instructions (bank transfer): copyable details, "I have paid", then the live update to success and the way back', async ({
  page,
}) => {
  await page.route('https://shop.example/**', (route) =>
    route.fulfill({
      status: 200,
      contentType: 'text/html',
      body: '<title>Shop</title><h1>Back at the shop</h1>',
    }),
  );
  const checkout = await payWith(page, {
    method: 'OFFLINE',
    operator: 'KBANK',
    amount: '1500.50',
    currency: 'THB',
  });
  await expect(page.getByRole('heading', { name: 'Transfer the amount' })).toBeVisible();
  await expect(page.getByText('Kasikornbank')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Copy Account number' })).toBeVisible();
  await expect(page.getByTestId('test-banner')).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: 'I have paid' }).click();
  await expect(page.getByTestId('waiting-for-payment')).toBeVisible();
  await expect(page.getByRole('button', { name: 'I have paid' })).toHaveCount(0);
  await expectAccessible(page);

  // The institution confirms (sandbox API); the open page changes by itself, no reload.
  expect((await simulate(checkout.idPayin, 'SUCCESS')).status).toBe(200);
  await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
  await expect(page.getByTestId('live-region')).toHaveText('Payment successful.');
  await expectAccessible(page);
  // Back at the merchant's returnUrl, told the order and the status known now.
  await page.getByTestId('return-to-merchant').click();
  await expect(page.getByRole('heading', { name: 'Back at the shop' })).toBeVisible();
  const returned = new URL(page.url());
  expect(`${returned.origin}${returned.pathname}`).toBe('https://shop.example/thanks');
  expect(Object.fromEntries(returned.searchParams)).toEqual({
    order: checkout.idPayin,
    idPayin: checkout.idPayin,
    status: 'SUCCESS',
  });
});

test('a refused payment updates live and offers the way back', async ({ page }) => {
  const checkout = await payWith(page, { method: 'OFFLINE', amount: '250', currency: 'THB' });
  await expect(page.getByRole('heading', { name: 'Transfer the amount' })).toBeVisible();
  await simulate(checkout.idPayin, 'REFUSED');
  await expect(page.getByRole('heading', { name: 'Payment not completed' })).toBeVisible();
  await expect(page.getByTestId('live-region')).toHaveText('Payment not completed.');
  await expect(page.getByTestId('return-to-merchant')).toHaveAttribute(
    'href',
    `/pay/e2e-shop/${checkout.idPayin}/bff/return`,
  );
  await expectAccessible(page);
});

test('the sandbox controls end a payment as expired', async ({ page }) => {
  await payWith(page, { method: 'OFFLINE', amount: '99', currency: 'THB' });
  await page.getByTestId('simulate-expire').click();
  await expect(page.getByRole('heading', { name: 'Payment expired' })).toBeVisible();
  await expectAccessible(page);
});

test('the countdown appears near the end of the time to pay', async ({ page }) => {
  await page.clock.install();
  await payWith(page, {
    method: 'QRTH',
    amount: '120',
    currency: 'THB',
    fill: { 'Account number': '1234567890' },
  });
  await expect(page.getByRole('heading', { name: 'Scan to pay' })).toBeVisible();
  await expect(page.getByRole('timer')).toHaveCount(0);
  // QR payments stay open 15 minutes; the countdown shows in the last five.
  await page.clock.fastForward('11:00');
  await expect(page.getByRole('timer')).toContainText('Time left to pay:');
  await expect(page.getByRole('timer')).toContainText('minute');
});

test('qr: a server-rendered QR with the amount and merchant beside it', async ({ page }) => {
  const checkout = await payWith(page, { method: 'QRVN', amount: '150000', currency: 'VND' });
  await expect(page.getByRole('heading', { name: 'Scan to pay' })).toBeVisible();
  const qr = page.getByRole('img', { name: /QR code to pay .*150,000.* to Bangkok Books/ });
  await expect(qr).toBeVisible();
  expect(await qr.evaluate((element) => element.tagName.toLowerCase())).toBe('svg');
  const payin = await api<{ paymentMethodResponse: { qrCode: string } }>(
    'GET',
    `/payins/${checkout.idPayin}`,
    { token: await merchantToken() },
  );
  expect(payin.body.paymentMethodResponse.qrCode).toMatch(/^000201/);
  await expectAccessible(page);
});

test('qr after a short payment: the big amount, the notice and the QR itself ask for the rest', async ({
  page,
}) => {
  const checkout = await payWith(page, { method: 'QRVN', amount: '250000', currency: 'VND' });
  await expect(page.getByRole('heading', { name: 'Scan to pay' })).toBeVisible();
  const tag54 = async () => {
    const payload = (await page.getByTestId('qr').getAttribute('data-payload')) ?? '';
    // Top-level EMVCo data objects: two-digit ID, two-digit length, value.
    for (let at = 0; at < payload.length;) {
      const id = payload.slice(at, at + 2);
      const length = Number(payload.slice(at + 2, at + 4));
      if (id === '54') return payload.slice(at + 4, at + 4 + length);
      at += 4 + length;
    }
    return undefined;
  };
  const due = Number(await tag54());
  expect(due).toBeGreaterThanOrEqual(250_000);
  await api('POST', `/sandbox/payins/${checkout.idPayin}/!simulate`, {
    token: await merchantToken(),
    body: { payment: { amount: due - 25_000 } },
  });
  await page.reload();
  await expect(page.getByTestId('money-received')).toContainText('25,000');
  await expect(page.locator('.qr .amount')).toHaveText(/^₫?\s?25,000\s?₫?$/);
  await expect(page.getByRole('img', { name: /QR code to pay .*25,000.* to Bangkok Books/ })).toBeVisible();
  expect(await tag54()).toBe('25000');
  await expectAccessible(page);
});

test('redirect: on to the (simulated) institution, approve, and back to the result', async ({ page }) => {
  // As a customer who has been to the bank once: the page does not send them off by itself (the
  // next test does that), so axe judges it before a slow machine's countdown ends.
  const idPayin = newOrderId();
  await page.addInitScript((key) => window.sessionStorage.setItem(key, '1'), `redirected:${idPayin}`);
  await payWith(page, { method: 'ONLINE', operator: 'SCB', amount: '500', currency: 'THB', idPayin });
  await expect(page.getByRole('heading', { name: 'Continue at Siam Commercial Bank' })).toBeVisible();
  await expectAccessible(page);
  await page.getByTestId('redirect-link').click();
  await expect(page.getByRole('heading', { name: 'Siam Commercial Bank' })).toBeVisible();
  await expect(page.getByText('Bangkok Books')).toBeVisible();
  await expectAccessible(page);
  await page.getByTestId('institution-approve').click();
  await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
});

test('redirect: the automatic redirect takes the customer to the institution', async ({ page }) => {
  await payWith(page, { method: 'ONLINE', operator: 'KBANK', amount: '501', currency: 'THB' });
  await expect(page).toHaveURL(/\/sandbox\/institution\//, { timeout: 15_000 });
  await page.getByTestId('institution-decline').click();
  await expect(page.getByRole('heading', { name: 'Payment not completed' })).toBeVisible();
});

test('deep link: UPI app link and the same link as a QR', async ({ page }) => {
  await payWith(page, { method: 'QRIN', amount: '999', currency: 'INR' });
  await expect(page.getByRole('heading', { name: 'Pay with a UPI app' })).toBeVisible();
  await expect(page.getByTestId('upi-deeplink')).toHaveAttribute('href', /^upi:\/\/pay\?/);
  await expect(page.getByRole('img', { name: /QR code to pay/ })).toBeVisible();
  await expectAccessible(page);
});

test('push: approve on the phone, with the live waiting state', async ({ page }) => {
  const checkout = await payWith(page, {
    method: 'MOBILE_MONEY',
    operator: 'MPESA',
    amount: '1500',
    currency: 'KES',
    fill: { 'Mobile phone number': '+254 712 345 678' },
  });
  await expect(page.getByRole('heading', { name: 'Approve on your phone' })).toBeVisible();
  await expect(page.getByText(/\+254\*+5678/)).toBeVisible();
  await expectAccessible(page);
  await expect(page.getByTestId('simulate-approve')).toHaveText('Approve');
  await expect(page.getByTestId('simulate-short')).toHaveCount(0);
  await page.getByTestId('simulate-approve').click();
  await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
  const read = await api<{ process: { status: string } }>('GET', `/payins/${checkout.idPayin}`, {
    token: await merchantToken(),
  });
  expect(read.body.process.status).toBe('SUCCESS');
});

test('external reference (P2A_V2): the 12-digit UTR is checked, then recorded', async ({ page }) => {
  const checkout = await payWith(page, {
    method: 'P2A_V2',
    operator: 'UPI',
    amount: '2500',
    currency: 'INR',
  });
  await expect(page.getByRole('heading', { name: 'Pay ₹2,500.00 by UPI, then enter the UTR' })).toBeVisible();
  await expectAccessible(page);
  const input = page.getByLabel('UTR / transaction reference');
  await input.fill('12345');
  await page.getByRole('button', { name: 'Submit reference' }).click();
  // The page refuses a reference that is not 12 digits in its own words, before sending it (the server too).
  await expect(page.getByTestId('reference-error')).toHaveText('Please enter exactly 12 digits.');
  await expect(input).toHaveAttribute('aria-invalid', 'true');
  await input.fill('412345678901');
  await page.getByRole('button', { name: 'Submit reference' }).click();
  await expect(page.getByTestId('reference-saved')).toContainText('412345678901');
  const read = await api<{ paymentMethodResponse: { externalReference?: { reference: string } } }>(
    'GET',
    `/payins/${checkout.idPayin}`,
    { token: await merchantToken() },
  );
  expect(read.body.paymentMethodResponse.externalReference).toEqual({ reference: '412345678901' });
  await page.getByTestId('simulate-pay').click();
  await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
});

test('external reference (P2A_V2 bank transfer): bank, IFSC and account line by line for IMPS/NEFT', async ({
  page,
}) => {
  const checkout = await payWith(page, {
    method: 'P2A_V2',
    operator: 'HDFC',
    amount: '2500',
    currency: 'INR',
  });
  await expect(
    page.getByRole('heading', { name: 'Transfer ₹2,500.00 by IMPS or NEFT, then enter the UTR' }),
  ).toBeVisible();
  const read = await api<{
    paymentMethodResponse: {
      account: { accountNumber: string };
      paymentAddress: { ifsc: string; bankName: string };
    };
  }>('GET', `/payins/${checkout.idPayin}`, { token: await merchantToken() });
  const { account, paymentAddress } = read.body.paymentMethodResponse;
  expect(paymentAddress).toMatchObject({ bankName: 'HDFC Bank', ifsc: 'HDFC0000240' });
  await expect(page.getByTestId('detail-bank')).toContainText('HDFC Bank');
  await expect(page.getByTestId('detail-ifsc')).toContainText('HDFC0000240');
  await expect(page.getByTestId('detail-account-number')).toContainText(account.accountNumber);
  await expect(page.getByText('Pay to UPI ID')).toHaveCount(0);
  await expect(page.getByText(`${account.accountNumber}@HDFC0000240.ifsc.npci`)).toBeVisible();
  await expectAccessible(page);
});

test('instructions (virtual account and crypto): the numbers to enter', async ({ page }) => {
  await payWith(page, { method: 'VAPAY', operator: 'BCA', amount: '150000', currency: 'IDR' });
  await expect(page.getByText('Virtual account number', { exact: true })).toBeVisible();
  await expectAccessible(page);
  await payWith(page, { method: 'CRYPTO_OFFLINE', operator: 'TRON', amount: '25.5', currency: 'USDT' });
  await expect(page.getByRole('heading', { name: 'Send USDT from your wallet' })).toBeVisible();
  await expect(page.getByTestId('detail-network')).toContainText('TRON (TRC-20)');
  await expect(page.getByTestId('detail-network')).not.toContainText('(TRC-20) (TRC-20)');
  await expect(page.getByTestId('detail-amount')).toContainText('25.50 USDT');
  await expect(page.getByRole('button', { name: 'Copy Deposit address' })).toBeVisible();
  await expectAccessible(page);
});

test('live payments show no test banner and no sandbox controls', async ({ page }) => {
  const checkout = await redirectUrl({ merchant: 'e2e-live', params: { paymentMethodCode: 'OFFLINE' } });
  await page.goto(checkout.url);
  await page.getByRole('button', { name: /^Pay/ }).click();
  await expect(page.getByRole('heading', { name: 'Transfer the amount' })).toBeVisible();
  await expect(page.getByTestId('test-banner')).toHaveCount(0);
  await expect(page.getByTestId('sandbox-controls')).toHaveCount(0);
});
