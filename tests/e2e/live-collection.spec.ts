import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { api, BASE_URL, merchantToken, redirectUrl } from './support/payments';

// The live merchant's PromptPay collection account and its bank feed (tests/e2e/support/merchants.json).
const FEED_KEY = 'e2e-live-feed-key-0123456789abcdefghij';
const PROMPTPAY_ID = '0105550123451';

test('a live PromptPay payment: the real QR, no sandbox, and the bank feed turns the page to success', async ({
  page,
}) => {
  const checkout = await redirectUrl({
    merchant: 'e2e-live',
    amount: '250',
    currencyCode: 'THB',
    params: { paymentMethodCode: 'QRTH' },
  });
  await page.goto(checkout.url);
  await expect(page.locator('form[novalidate]')).toHaveCount(1);
  await page.getByLabel('Account number').fill('1234567890');
  await page.getByRole('button', { name: /^Pay/ }).click();
  await expect(page.getByRole('heading', { name: 'Scan to pay' })).toBeVisible();
  await expect(page.getByTestId('test-banner')).toHaveCount(0);
  await expect(page.getByTestId('sandbox-controls')).toHaveCount(0);
  await expectAccessible(page);

  // The QR pays the merchant's own PromptPay ID the unique amount; the note carries the reference.
  const read = await api<{
    paymentMethodResponse: { qrCode: string; reference: string; moneyRequired: { amount: number } };
  }>('GET', `/payins/${checkout.idPayin}`, { token: await merchantToken('e2e-live') });
  expect(read.status).toBe(200);
  const { qrCode, reference, moneyRequired } = read.body.paymentMethodResponse;
  expect(qrCode).toContain(PROMPTPAY_ID);

  // The bank's feed reports the customer's transfer, as KBank's or a feed service's would.
  const delivered = await fetch(`${BASE_URL}/api/collection/transactions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Apikey ${FEED_KEY}` },
    body: JSON.stringify({
      transactions: [
        {
          id: `KB${randomBytes(8).toString('hex')}`,
          amount: moneyRequired.amount.toFixed(2),
          currency: 'THB',
          bookedAt: new Date().toISOString(),
          note: `PROMPTPAY ${reference}`,
          payer: { name: 'SOMCHAI JAIDEE', bank: 'SCB' },
        },
      ],
    }),
  });
  expect(delivered.status).toBe(200);
  const answer = (await delivered.json()) as { transactions: { transaction: { outcome: string } }[] };
  expect(answer.transactions[0]!.transaction.outcome).toBe('APPLIED');

  await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('test-banner')).toHaveCount(0);
  await expectAccessible(page);
});
