import { randomBytes, randomInt } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { signIn } from './support/console';
import { createOfflinePayin } from './support/payments';

/** Types into the payments search box and submits the form. */
async function searchFor(page: Page, text: string) {
  const box = page.getByRole('searchbox', { name: 'Search' });
  await box.fill(text);
  await box.press('Enter');
  await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(text).replace(/%20/g, '\\+')}`));
}

const rows = (page: Page) => page.getByTestId('payment-row');

test('the payments search box finds a payment by name, order ID, reference and amount, with the filters', async ({
  page,
}) => {
  // Names and an amount of this test's own: parallel tests keep adding payins to the shop.
  const tag = randomBytes(4).toString('hex');
  const whole = randomInt(4000, 5000);
  const amount = Number(`${whole}.45`);
  const wanted = await createOfflinePayin({ amount, accountName: `Kanokwan ${tag}` });
  const other = await createOfflinePayin({ amount: Number(`${whole + 1}.45`), accountName: `Other ${tag}` });

  await signIn(page, 'e2e-shop', '/console/payments');
  await searchFor(page, `KANOKWAN ${tag}`);
  await expect(rows(page)).toHaveCount(1);
  await expect(page.locator(`[data-id-payin="${wanted.idPayin}"]`)).toBeVisible();
  // The search stays in the box, and in the pages' links with the filters.
  await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue(`KANOKWAN ${tag}`);
  await expectAccessible(page);

  await searchFor(page, wanted.idPayin);
  await expect(rows(page)).toHaveCount(1);
  await expect(page.locator(`[data-id-payin="${wanted.idPayin}"]`)).toBeVisible();

  await searchFor(page, wanted.reference.toLowerCase());
  await expect(page.locator(`[data-id-payin="${wanted.idPayin}"]`)).toBeVisible();

  await searchFor(page, amount.toLocaleString('en-US', { minimumFractionDigits: 2 }));
  await expect(page.locator(`[data-id-payin="${wanted.idPayin}"]`)).toBeVisible();
  await expect(page.locator(`[data-id-payin="${other.idPayin}"]`)).toHaveCount(0);

  // With a filter: the open payment is not among the successful ones.
  await searchFor(page, `kanokwan ${tag}`);
  await page.getByLabel('Status').selectOption('SUCCESS');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/status=SUCCESS/);
  await expect(page).toHaveURL(/q=kanokwan/);
  await expect(page.getByTestId('payments-empty')).toHaveText(
    'No payment matches this search and these filters.',
  );
  await page.getByLabel('Status').selectOption('PENDING');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(rows(page)).toHaveCount(1);
  await expect(page.locator(`[data-id-payin="${wanted.idPayin}"]`)).toBeVisible();

  // Clear: the whole list again.
  await page.getByRole('link', { name: 'Clear' }).click();
  await expect(page).toHaveURL(/\/console\/payments$/);
  await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue('');
  await expect(rows(page).first()).toBeVisible();
});

test('banks read in the console’s language: ธนาคารกสิกรไทย in Thai on a phone, Kasikornbank in English', async ({
  page,
  context,
}) => {
  const tag = randomBytes(4).toString('hex');
  const { idPayin } = await createOfflinePayin({
    amount: 321.5,
    paymentOperatorCode: 'KBANK',
    accountName: `Bank ${tag}`,
  });
  await page.setViewportSize({ width: 360, height: 740 });
  await signIn(page, 'e2e-shop', '/console/payments');
  await context.addCookies([{ name: 'NEXT_LOCALE', value: 'th', url: new URL(page.url()).origin }]);
  await page.goto(`/console/payments?q=${encodeURIComponent(`Bank ${tag}`)}`);
  const row = page.locator(`[data-id-payin="${idPayin}"]`);
  await expect(row.getByTestId('operator-name')).toHaveText('ธนาคารกสิกรไทย');
  await row.getByRole('link', { name: idPayin }).click();
  await expect(page.getByTestId('operator-name')).toHaveText('ธนาคารกสิกรไทย');
  await expectAccessible(page);

  await context.addCookies([{ name: 'NEXT_LOCALE', value: 'en', url: new URL(page.url()).origin }]);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.reload();
  await expect(page.getByTestId('operator-name')).toHaveText('Kasikornbank');
});
