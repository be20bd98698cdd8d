// The "Testing your integration" example of the README, run as it is against the test instance.
import { expect, test } from '@playwright/test';

const PAYIN_URL = process.env.PAYIN_URL ?? 'http://localhost:3000';
const MERCHANT_CODE = process.env.MERCHANT_CODE ?? 'demo';
const MERCHANT_SECRET = process.env.MERCHANT_SECRET ?? ''; // `npm start` prints the demo merchant's

/**
 * What your server does before redirecting: a token confined to this order that binds the link's
 * amount and terms (editing the URL then changes nothing), then the RedirectURL.
 */
async function redirectUrl(idPayin: string, amount: string): Promise<string> {
  const link = {
    amount,
    currencyCode: 'THB',
    callbackUrl: 'https://shop.example/callbacks',
    returnUrl: `https://shop.example/orders/${idPayin}`,
    paymentMethodCode: 'OFFLINE',
  };
  const response = await fetch(`${PAYIN_URL}/api/auth-tokens-by-action`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-version': '2' },
    body: JSON.stringify({
      merchantCode: MERCHANT_CODE,
      secret: MERCHANT_SECRET,
      action: 'PAYIN_CREATE',
      idPayment: idPayin,
      money: { amount: Number(link.amount), currencyCode: link.currencyCode },
      terms: {
        callbackUrl: link.callbackUrl,
        returnUrl: link.returnUrl,
        paymentMethodCode: link.paymentMethodCode,
      },
    }),
  });
  const { token } = (await response.json()) as { token: string };
  const query = new URLSearchParams({ merchantCode: MERCHANT_CODE, idPayin, token, ...link });
  return `${PAYIN_URL}/?${query.toString()}`;
}

test('a customer pays by bank transfer and comes back to the shop', async ({ page }) => {
  await page.route('https://shop.example/**', (route) => route.fulfill({ body: 'Your shop' }));
  const idPayin = `order-${Date.now()}`;
  // 19.01 ends in 901: the test payment succeeds by itself three seconds after it starts.
  await page.goto(await redirectUrl(idPayin, '19.01'));
  await page.getByTestId('pay-button').click();
  await expect(page.getByTestId('payment-result')).toHaveAttribute('data-outcome', 'success', {
    timeout: 15_000,
  });
  await page.getByTestId('return-to-merchant').click();
  await expect(page).toHaveURL(`https://shop.example/orders/${idPayin}?idPayin=${idPayin}&status=SUCCESS`);
});
