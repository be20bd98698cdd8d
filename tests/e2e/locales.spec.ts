import { expect, test } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { redirectUrl } from './support/payments';

test.describe('language', () => {
  test.use({ locale: 'th-TH', extraHTTPHeaders: { 'accept-language': 'th-TH,th;q=0.9,en;q=0.5' } });

  test('follows Accept-Language, with amounts formatted for the locale', async ({ page }) => {
    const checkout = await redirectUrl();
    await page.goto(checkout.url);
    await expect(page.locator('html')).toHaveAttribute('lang', 'th');
    await expect(page.getByText('฿1,500.50')).toBeVisible();
    await expect(page.getByLabel('ภาษา')).toHaveValue('th');
    await expectAccessible(page);
  });

  test('switches with the visible switcher and remembers the choice', async ({ page, context }) => {
    const checkout = await redirectUrl({ amount: '150000', currencyCode: 'VND' });
    await page.goto(checkout.url);
    const before = page.url();
    await page.locator('#lang').selectOption('vi');
    await expect(page.locator('html')).toHaveAttribute('lang', 'vi');
    expect(page.url()).toBe(before);
    await expect(page.getByText('150.000 ₫')).toBeVisible();
    expect((await context.cookies()).find((cookie) => cookie.name === 'NEXT_LOCALE')?.value).toBe('vi');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'vi');
    await expectAccessible(page);
  });
});

test('every locale renders the checkout without missing messages', async ({ page }) => {
  const locales = ['en', 'th', 'vi', 'id', 'ms', 'fil', 'hi', 'zh-CN', 'ja', 'ko', 'lo', 'sw', 'zu'];
  const errors: string[] = [];
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  for (const locale of locales) {
    // A payment per language: each page load uses the payment's own rate-limit budget.
    const checkout = await redirectUrl({ params: { paymentMethodCode: 'QRTH' } });
    await page.goto(checkout.url);
    await page.goto(`${page.url()}&lang=${locale}`);
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    // next-intl prints a missing message as its key path.
    await expect(page.locator('body')).not.toContainText(
      /\b(checkout|errors|common|completion|status)\.[a-z]/,
    );
    // The pay button by its id: before the page hydrates, a no-JavaScript "OK" of a select's form
    // (components/ui/auto-submit-select.tsx) is a submit button too (CI once met both).
    await expect(page.getByTestId('pay-button')).toContainText(/1[,.\s\u00a0\u202f]?500/);
  }
  expect(errors).toEqual([]);
});
