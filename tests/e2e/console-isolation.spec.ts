import { expect, test, type Page } from '@playwright/test';
import { signIn } from './support/console';
import { createOfflinePayin } from './support/payments';

/**
 * The server renders every merchant's console pages in one process: what one merchant's page showed
 * must never be in the HTML of another's, and a page must hydrate as the server rendered it (no
 * React hydration error, which would throw the server's HTML away and with it what the person had
 * already typed).
 */

function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

test("one merchant's payments never reach another merchant's page, which hydrates as rendered", async ({
  browser,
}) => {
  const [first, second] = await Promise.all([browser.newContext(), browser.newContext()]);
  const [shopPage, otherPage] = await Promise.all([first.newPage(), second.newPage()]);
  const shopErrors = pageErrors(shopPage);
  const otherErrors = pageErrors(otherPage);
  const shops = (await createOfflinePayin({ code: 'e2e-shop', amount: 321.5 })).idPayin;
  const others = (await createOfflinePayin({ code: 'e2e-other', amount: 321.5 })).idPayin;

  await signIn(shopPage, 'e2e-shop', '/console/payments');
  await expect(shopPage.locator(`[data-id-payin="${shops}"]`)).toBeVisible();
  await signIn(otherPage, 'e2e-other', '/console/payments');
  await expect(otherPage.locator(`[data-id-payin="${others}"]`)).toBeVisible();

  // The same list (same query), rendered for one shop and right after for the other: each page's
  // HTML, as the server sent it, holds its own payment and not the other shop's.
  for (let round = 0; round < 3; round++) {
    const shopHtml = await (await shopPage.request.get('/console/payments')).text();
    const otherHtml = await (await otherPage.request.get('/console/payments')).text();
    expect(shopHtml).toContain(shops);
    expect(shopHtml).not.toContain(others);
    expect(otherHtml).toContain(others);
    expect(otherHtml).not.toContain(shops);
  }

  // Loaded again in the browser: hydrated without React's mismatch error (#418).
  await otherPage.reload();
  await expect(otherPage.locator(`[data-id-payin="${others}"]`)).toBeVisible();
  await expect(otherPage.locator(`[data-id-payin="${shops}"]`)).toHaveCount(0);
  expect(shopErrors).toEqual([]);
  expect(otherErrors).toEqual([]);
  await Promise.all([first.close(), second.close()]);
});
