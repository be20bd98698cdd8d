import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { messagesTo } from './support/inbox';
import { redirectUrl, simulate } from './support/payments';

/**
 * E-mails to customers (docs/decisions/052) as a customer meets them: a Thai customer starts a bank
 * transfer on a phone and leaves; the e-mail in Thai carries the details and a link that opens the
 * same payment on another device, with no cookie and no token; the receipt follows the payment.
 */

const address = () => `somchai.${randomBytes(4).toString('hex')}@example.com`;

test('a Thai bank transfer’s e-mail brings the customer back to the same payment on another device', async ({
  browser,
}) => {
  const customer = address();
  const checkout = await redirectUrl({
    amount: '1500.50',
    currencyCode: 'THB',
    params: { paymentMethodCode: 'OFFLINE', paymentOperatorCode: 'KBANK', emailAddress: customer },
  });
  const phone = await browser.newContext({
    viewport: { width: 360, height: 740 },
    locale: 'th-TH',
    extraHTTPHeaders: { 'accept-language': 'th,en;q=0.5' },
  });
  const page = await phone.newPage();
  await page.goto(checkout.url);
  await expect(page.locator('form[novalidate]')).toHaveCount(1);
  await page.getByTestId('pay-button').click();
  const reference = await page.getByTestId('detail-reference').locator('dd > span').textContent();
  await phone.close();

  const [mail] = await messagesTo(customer);
  expect(mail, 'the instructions e-mail').toBeDefined();
  expect(mail!.language).toBe('th');
  expect(mail!.from).toContain('Bangkok Books');
  expect(mail!.text).toContain('ธนาคารกสิกรไทย');
  expect(mail!.text).toContain(reference?.trim() ?? 'no reference on the page');
  expect(mail!.text).not.toMatch(/eyJ[A-Za-z0-9_-]{10,}/);
  const link = /http:\/\/127\.0\.0\.1:\d+\/resume\/[A-Za-z0-9_-]{32}/.exec(mail!.text)?.[0];
  expect(link, mail!.text).toBeDefined();

  // Another device, in English: no cookie, the link alone opens this payment's page.
  const desktop = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
  const other = await desktop.newPage();
  await other.goto(link!);
  await expect(other).toHaveURL(new RegExp(`/pay/e2e-shop/${checkout.idPayin}$`));
  await expect(other.getByTestId('detail-reference')).toContainText(reference?.trim() ?? '');
  await expect(other.getByTestId('detail-account-number')).toBeVisible();
  await expectAccessible(other);

  // Paid: the receipt arrives, and the page opened from the e-mail shows the result.
  expect((await simulate(checkout.idPayin, 'SUCCESS')).status).toBe(200);
  const both = await messagesTo(customer, 2);
  expect(both.map((message) => message.subject)).toHaveLength(2);
  expect(both[1]!.text).toContain(checkout.idPayin);
  await expect(other.getByTestId('payment-result')).toBeVisible();
  await desktop.close();
});

test('a page link this server did not make opens nothing and says so', async ({ page }) => {
  await page.goto(`/resume/${'A'.repeat(32)}`);
  await expect(page.getByTestId('payment-error')).toHaveAttribute('data-error', 'linkInvalid');
  await expectAccessible(page);
});
