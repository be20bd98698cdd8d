import { expect, test } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { customerToken, newOrderId, redirectUrl } from './support/payments';

test.describe('arrival from the RedirectURL', () => {
  test('trades the token for a customer session in an HttpOnly cookie scoped to the payment, on a clean URL', async ({
    page,
    context,
  }) => {
    const checkout = await redirectUrl();
    const response = await page.goto(checkout.url);
    expect(page.url()).not.toContain('token=');
    expect(page.url()).not.toContain(checkout.token);
    expect(new URL(page.url()).pathname).toBe(`/pay/e2e-shop/${checkout.idPayin}`);
    expect(response?.headers()['referrer-policy']).toBe('no-referrer');
    const cookies = await context.cookies();
    const session = cookies.find((cookie) => cookie.name === 'payin_session');
    // Not the merchant's token: a session of its own, confined to this payin (it outlives the link).
    expect(session?.value).not.toBe(checkout.token);
    expect(session?.value.split('.')).toHaveLength(3);
    expect(session).toMatchObject({
      httpOnly: true,
      secure: true,
      sameSite: 'Lax',
      path: `/pay/e2e-shop/${checkout.idPayin}`,
    });
    await expect(page.getByRole('heading', { name: 'Choose how to pay' })).toBeVisible();
  });

  test('sends the security headers and a per-request CSP nonce that every script carries', async ({
    page,
  }) => {
    const checkout = await redirectUrl();
    await page.goto(checkout.url);
    const first = await page.request.get(page.url());
    const second = await page.request.get(page.url());
    const headers = first.headers();
    const nonce = /'nonce-([^']+)'/.exec(headers['content-security-policy'] ?? '')?.[1];
    expect(nonce).toBeTruthy();
    expect(/'nonce-([^']+)'/.exec(second.headers()['content-security-policy'] ?? '')?.[1]).not.toBe(nonce);
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(headers['content-security-policy']).toContain("object-src 'none'");
    expect(headers['content-security-policy']).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['cache-control']).toBe('no-store');
    const html = await first.text();
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((match) => match[0]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) expect(script).toContain(`nonce="${nonce}"`);
    // No third-party script or font.
    for (const src of [...html.matchAll(/(?:src|href)="(https?:\/\/[^"]+)"/g)].map((match) => match[1])) {
      expect(src).toContain('127.0.0.1');
    }
  });
});

test.describe('error pages', () => {
  test('a link without token or with missing parameters names what is wrong', async ({ page }) => {
    await page.goto('/?merchantCode=e2e-shop&idPayin=abc&amount=10&currencyCode=THB');
    await expect(page.getByRole('heading', { name: "We can't continue with this payment" })).toBeVisible();
    await expect(page.getByText('This payment link is incomplete or damaged.')).toBeVisible();
    await expect(page.getByRole('listitem').filter({ hasText: 'security token' })).toBeVisible();
    await expect(page.getByRole('listitem').filter({ hasText: 'return address' })).toBeVisible();
    await expectAccessible(page);
  });

  test('an invalid order ID does not keep the token in the URL', async ({ page }) => {
    const token = await customerToken('e2e-shop', newOrderId());
    await page.goto(
      `/?merchantCode=e2e-shop&idPayin=${encodeURIComponent('../x')}&token=${token}&amount=10&currencyCode=THB`,
    );
    expect(page.url()).not.toContain('token=');
    await expect(page.getByRole('listitem').filter({ hasText: 'order number' })).toBeVisible();
  });

  test('invalid parameters of an otherwise valid link are listed', async ({ page }) => {
    // Unbound: no token could bind an amount of 10.555 THB or a javascript: address.
    const checkout = await redirectUrl({
      amount: '10.555',
      bind: false,
      params: { returnUrl: 'javascript:alert(1)' },
    });
    await page.goto(checkout.url);
    await expect(page.getByText('Some details in this payment link are missing or wrong')).toBeVisible();
    await expect(page.getByRole('listitem').filter({ hasText: 'amount' })).toBeVisible();
    await expect(page.getByRole('listitem').filter({ hasText: 'return address' })).toBeVisible();
  });

  test('a token that does not verify', async ({ page }) => {
    const checkout = await redirectUrl();
    const forged = checkout.url.replace(checkout.token, `${checkout.token.slice(0, -4)}AAAA`);
    await page.goto(forged);
    await expect(page.getByText('This payment link is not valid.')).toBeVisible();
    await expectAccessible(page);
  });

  test('a token of another merchant', async ({ page }) => {
    const idPayin = newOrderId();
    const otherToken = await customerToken('e2e-other', idPayin);
    const checkout = await redirectUrl({ idPayin });
    await page.goto(checkout.url.replace(checkout.token, otherToken));
    await expect(page.getByText('This payment link was made for a different shop.')).toBeVisible();
  });

  test('a token that does not allow this payment', async ({ page }) => {
    const checkout = await redirectUrl();
    const otherPayment = await customerToken('e2e-shop', newOrderId());
    await page.goto(checkout.url.replace(checkout.token, otherPayment));
    await expect(page.getByText('This payment link was made for a different order.')).toBeVisible();
  });

  test('a page without its session (cookies cleared, another browser)', async ({ page }) => {
    const checkout = await redirectUrl();
    await page.goto(checkout.url);
    await page.context().clearCookies();
    await page.reload();
    await expect(page.getByText("We can't find this payment on this device.")).toBeVisible();
    await expectAccessible(page);
  });
});
