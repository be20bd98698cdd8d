import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { signIn } from './support/console';
import { api, merchantToken, newOrderId, simulate } from './support/payments';

// Exports and the settlement report in the console (docs/decisions/045): a plain GET form whose
// answer is the file, streamed from the API in the merchant's time zone; owners, admins, finance.

/** What the form holds now: the period it will ask for. */
async function period(page: Page): Promise<{ from: string; to: string }> {
  return {
    from: await page.getByTestId('export-from').inputValue(),
    to: await page.getByTestId('export-to').inputValue(),
  };
}

async function download(page: Page): Promise<{ name: string; text: string }> {
  const downloading = page.waitForEvent('download');
  await page.getByTestId('export-download').click();
  const file = await downloading;
  return { name: file.suggestedFilename(), text: await readFile(await file.path(), 'utf8') };
}

test('finance downloads this month’s payments as CSV and the settlement report as JSON Lines', async ({
  page,
}) => {
  const token = await merchantToken();
  const idPayin = newOrderId();
  const created = await api('POST', `/payins/${idPayin}`, {
    token,
    body: {
      paymentRequested: { money: { amount: 321.5, currencyCode: 'THB' } },
      paymentMethod: { paymentMethodCode: 'OFFLINE' },
      callbackUrl: 'http://127.0.0.1:9/callbacks',
      returnUrl: 'https://shop.example/thanks',
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  expect((await simulate(idPayin, 'SUCCESS')).status).toBe(200);

  await signIn(page, 'e2e-shop', '/console/exports', 'finance');
  await expect(page.getByRole('heading', { level: 1, name: 'Exports' })).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Exports' }),
  ).toHaveAttribute('aria-current', 'page');
  await expectAccessible(page);

  await page.getByTestId('export-kind').selectOption('payins');
  const { from, to } = await period(page);
  expect(from).toBe(`${to.slice(0, 8)}01`);
  const payins = await download(page);
  expect(payins.name).toBe(`e2e-shop-payins-${from}-${to}.csv`);
  const [header, ...rows] = payins.text.split('\r\n');
  expect(header).toMatch(/^idPayin,reference,status,.*,createdAt \([A-Za-z_/]+\),processedAt \(/);
  const row = rows.find((line) => line.startsWith(`${idPayin},`));
  expect(row).toContain(',SUCCESS,');
  expect(row).toContain(',THB,321.50,');
  // The page stays, ready for the next file.
  await expect(page.getByRole('heading', { level: 1, name: 'Exports' })).toBeVisible();

  await page.getByTestId('export-kind').selectOption('settlement-report');
  await page.getByTestId('export-format').selectOption('jsonl');
  const report = await download(page);
  expect(report.name).toBe(`e2e-shop-settlement-report-${from}-${to}.jsonl`);
  const days = report.text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, string>);
  const today = days.find((day) => day.date === to && day.currencyCode === 'THB');
  expect(today).toBeDefined();
  expect(Number(today!.gross)).toBeGreaterThanOrEqual(321.5);
});

test('a period backwards comes back to the form, said in words', async ({ page }) => {
  await signIn(page, 'e2e-shop', '/console/exports', 'finance');
  await page.getByTestId('export-from').fill('2026-03-02');
  await page.getByTestId('export-to').fill('2026-03-01');
  await page.getByTestId('export-download').click();
  await expect(page.getByTestId('export-problem')).toHaveAttribute('data-problem', 'order');
  await expect(page.getByTestId('export-from')).toHaveValue('2026-03-02');
  await expectAccessible(page);
});

test('a viewer has no exports: no section, no form, and the download refuses them', async ({ page }) => {
  await signIn(page, 'e2e-shop', '/console/payments', 'viewer');
  await expect(
    page.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Exports' }),
  ).toHaveCount(0);
  await page.goto('/console/exports');
  await expect(page.getByRole('note')).toContainText('Only owners, admins and finance take exports.');
  await expect(page.getByTestId('export-download')).toHaveCount(0);
  const refused = await page.request.get(
    '/console/exports/download?kind=payins&from=2026-03-01&to=2026-03-01&format=csv',
    {
      maxRedirects: 0,
    },
  );
  expect(refused.status()).toBe(303);
  expect(refused.headers().location).toContain('problem=role');
  // The JSON proxy never serves an export.
  expect(
    (await page.request.get('/console/bff/api/exports/payins?from=2026-03-01&to=2026-03-01')).status(),
  ).toBe(404);
});
