import { expect, test } from '@playwright/test';
import { expectAccessible } from './support/axe';

/**
 * An address with no page (a payment link cut short in a message, a typo) answers 404 with the
 * page's frame, in the visitor's language, and a way back: never Next.js's bare English 404.
 */

test.describe('a Thai phone', () => {
  test.use({
    viewport: { width: 360, height: 740 },
    locale: 'th-TH',
    extraHTTPHeaders: { 'accept-language': 'th-TH,th;q=0.9' },
  });

  test('reads "page not found" in Thai, with the way back, nothing wider than the screen', async ({
    page,
  }) => {
    const response = await page.goto('/pay/shop');
    expect(response?.status()).toBe(404);
    await expect(page.locator('html')).toHaveAttribute('lang', 'th');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('ไม่พบหน้านี้');
    await expect(page.getByTestId('payment-error').getByRole('alert')).toContainText('โปรดกลับไปที่ร้านค้า');
    await expect(page.getByRole('button', { name: 'ย้อนกลับ' })).toBeVisible();
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    await expectAccessible(page);
  });
});

test.describe('an English desktop', () => {
  test.use({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });

  test('reads "Page not found", its title says so, and Back returns to the page before', async ({ page }) => {
    await page.goto('/console/sign-in');
    const before = page.url();
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    await expect(page).toHaveTitle('Page not found');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
    await expect(page.getByText('Next.js')).toHaveCount(0);
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Go back' }).click();
    await expect(page).toHaveURL(before);
  });
});
