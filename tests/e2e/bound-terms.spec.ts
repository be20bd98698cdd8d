import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { api, customerToken, merchantToken, redirectUrl } from './support/payments';

// A payment link's terms live in its token (docs/decisions/030): editing the URL or the posted form
// changes nothing. Each tampered attempt ends on an error screen in the customer's words, with the
// way back where the page knows it, and no payment is created with the tampered values.

/** The merchant's link: OFFLINE at KBANK, 1,500.50 THB, the payer's name given and locked. */
async function boundLink() {
  return redirectUrl({
    amount: '1500.50',
    currencyCode: 'THB',
    params: { paymentMethodCode: 'OFFLINE', paymentOperatorCode: 'KBANK', accountName: 'Somchai Jaidee' },
  });
}

async function payinStatus(idPayin: string) {
  const read = await api('GET', `/payins/${idPayin}`, { token: await merchantToken() });
  return read.status;
}

function tampered(url: string, changes: Record<string, string>): string {
  const link = new URL(url, 'http://localhost');
  for (const [name, value] of Object.entries(changes)) link.searchParams.set(name, value);
  return `${link.pathname}${link.search}`;
}

async function expectRefusedPage(page: Page, error: string) {
  await expect(page.getByTestId('payment-error')).toHaveAttribute('data-error', error);
  await expect(page.getByRole('button', { name: /^Pay/ })).toHaveCount(0);
}

test('a tampered link changes nothing: amount, currency, callbackUrl, method and locked data are refused', async ({
  page,
}) => {
  const checkout = await boundLink();
  const cases: [Record<string, string>, string, RegExp | undefined][] = [
    [{ amount: '1.00' }, 'amountNotAuthorised', /approved a payment of/],
    [{ currencyCode: 'VND', amount: '1500' }, 'amountNotAuthorised', undefined],
    [{ callbackUrl: 'https://attacker.example/cb' }, 'linkChanged', /notification address/],
    [{ returnUrl: 'https://attacker.example/back' }, 'linkChanged', /return address/],
    [{ paymentMethodCode: 'QRTH' }, 'linkChanged', /payment method/],
    [{ accountName: 'Someone Else' }, 'linkChanged', /account holder name/],
  ];
  for (const [changes, error, says] of cases) {
    await page.goto(tampered(checkout.url, changes));
    await expectRefusedPage(page, error);
    if (says) await expect(page.getByTestId('payment-error')).toContainText(says);
  }
  await expectAccessible(page);
  expect(await payinStatus(checkout.idPayin)).toBe(404);
  // The untouched link still works, on the bound terms.
  await page.goto(checkout.url);
  await expect(page.getByRole('button', { name: /^Pay/ })).toBeVisible();
  await expect(page.getByTestId('unbound-banner')).toHaveCount(0);
});

test('a tampered pay form changes nothing: what contradicts the token is refused, nothing is created', async ({
  page,
}) => {
  const checkout = await boundLink();
  await page.goto(checkout.url);
  await expect(page.getByRole('button', { name: /^Pay/ })).toBeVisible();
  const edits: [Record<string, string>, string][] = [
    [{ amount: '1.00' }, 'amount'],
    [{ currencyCode: 'VND', amount: '1500' }, 'amount'],
    [{ callbackUrl: 'https://attacker.example/cb' }, 'notification address'],
    [{ paymentMethodCode: 'QRTH', paymentOperatorCode: '' }, 'payment method'],
    [{ accountName: 'Someone Else' }, 'account holder name'],
  ];
  for (const [edit, named] of edits) {
    await page.route('**/bff/payin', async (route) => {
      const request = route.request();
      if (request.method() !== 'POST') return route.continue();
      const body = request.postData() ?? '';
      const json = request.headers()['content-type']?.includes('json');
      const fields: Record<string, string> = json
        ? (JSON.parse(body) as Record<string, string>)
        : Object.fromEntries(new URLSearchParams(body));
      const changed = { ...fields, ...edit };
      await route.continue({
        postData: json ? JSON.stringify(changed) : new URLSearchParams(changed).toString(),
      });
    });
    await page.getByRole('button', { name: /^Pay/ }).click();
    await expect(page.getByTestId('payment-error')).toHaveAttribute('data-error', 'linkChanged');
    await expect(page.getByTestId('payment-error').getByRole('listitem')).toContainText([named]);
    // The way back to the merchant is there: the session knows its address.
    await expect(page.getByRole('link', { name: /Return to/ })).toBeVisible();
    expect(await payinStatus(checkout.idPayin)).toBe(404);
    await page.unrouteAll();
    await page.goto(checkout.url);
    await expect(page.getByRole('button', { name: /^Pay/ })).toBeVisible();
  }
  // Untouched, the same form pays on the bound terms.
  await page.getByRole('button', { name: /^Pay/ }).click();
  await expect(page.getByTestId('detail-reference')).toBeVisible();
  const read = await api<{
    paymentRequested: { money: { amount: number; currencyCode: string } };
    paymentMethodResponse: { paymentMethodCode: string; paymentOperator: { code: string } };
  }>('GET', `/payins/${checkout.idPayin}`, { token: await merchantToken() });
  expect(read.body.paymentRequested.money).toEqual({ amount: 1500.5, currencyCode: 'THB' });
  expect(read.body.paymentMethodResponse).toMatchObject({
    paymentMethodCode: 'OFFLINE',
    paymentOperator: { code: 'KBANK' },
  });
});

test('a sandbox link whose token leaves the amount open says so; a bound one does not', async ({ page }) => {
  const unbound = await redirectUrl({ bind: false, params: { paymentMethodCode: 'OFFLINE' } });
  await page.goto(unbound.url);
  await expect(page.getByTestId('unbound-banner')).toContainText('not bound to its token');
  await expectAccessible(page);
  const bound = await redirectUrl({ params: { paymentMethodCode: 'OFFLINE', paymentOperatorCode: 'KBANK' } });
  await page.goto(bound.url);
  await expect(page.getByRole('button', { name: /^Pay/ })).toBeVisible();
  await expect(page.getByTestId('unbound-banner')).toHaveCount(0);
});

test('a live merchant’s link with a general token is refused before anything is shown', async ({ page }) => {
  const checkout = await redirectUrl({
    merchant: 'e2e-live',
    params: { paymentMethodCode: 'OFFLINE' },
    token: await merchantToken('e2e-live'),
  });
  await page.goto(checkout.url);
  await expectRefusedPage(page, 'linkNotBound');
  await expect(page.getByTestId('payment-error')).toContainText('did not prepare this payment link');
  expect(
    (await api('GET', `/payins/${checkout.idPayin}`, { token: await merchantToken('e2e-live') })).status,
  ).toBe(404);
});

test('a link reopened with another amount shows the existing payment and says it is the one that counts', async ({
  page,
}) => {
  const checkout = await redirectUrl({
    params: { paymentMethodCode: 'OFFLINE', paymentOperatorCode: 'KBANK' },
  });
  await page.goto(checkout.url);
  await page.getByRole('button', { name: /^Pay/ }).click();
  await expect(page.getByTestId('detail-reference')).toBeVisible();
  const idPayin = checkout.idPayin;
  const token = await customerToken('e2e-shop', idPayin, { money: { amount: 999, currencyCode: 'THB' } });
  const again = new URLSearchParams({
    merchantCode: 'e2e-shop',
    idPayin,
    token,
    amount: '999',
    currencyCode: 'THB',
    callbackUrl: 'http://127.0.0.1:9/callbacks',
    returnUrl: `https://shop.example/thanks?order=${idPayin}`,
  });
  await page.goto(`/?${again.toString()}`);
  await expect(page.getByTestId('link-mismatch')).toContainText('999');
  await expect(page.getByTestId('link-mismatch')).toContainText('1,500.50');
  await expect(page.getByTestId('detail-reference')).toBeVisible();
  await expectAccessible(page);
});

test('bound customer data the payment cannot take sends the customer back to the shop, not into a form', async ({
  page,
}) => {
  // A Thai number is a phone number (the token takes it), but M-Pesa needs a Kenyan mobile.
  const checkout = await redirectUrl({
    amount: '1500',
    currencyCode: 'KES',
    params: {
      paymentMethodCode: 'MOBILE_MONEY',
      paymentOperatorCode: 'MPESA',
      phoneNumber: '+66 81 234 5678',
    },
  });
  await page.goto(checkout.url);
  await expectRefusedPage(page, 'parametersInvalid');
  await expect(page.getByTestId('payment-error').getByRole('listitem')).toContainText(['phone number']);
  await expect(page.getByRole('link', { name: /Return to/ })).toBeVisible();
  await expect(page.getByRole('textbox')).toHaveCount(0);
  await expectAccessible(page);
});
