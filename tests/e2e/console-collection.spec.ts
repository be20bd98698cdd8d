import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { signIn } from './support/console';

test.use({ viewport: { width: 360, height: 800 } });
// One after the other: both spend e2e-live's 10 requests per second, which console.spec shares.
test.describe.configure({ mode: 'default' });

// Runs share one database: every bank transaction id is new, and amounts are odd enough that no
// open payin of the account is owed exactly them (an amount match would apply the money).
const bankId = (label: string) => `E2E-${label}-${randomBytes(6).toString('hex').toUpperCase()}`;
const oddAmount = () =>
  `${4000 + Math.floor(Math.random() * 900)}.${String(11 + Math.floor(Math.random() * 88))}`;

async function expectNoOverflow(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/** Chooses a statement in the collection page's import form (opened) and imports it. */
async function importStatement(page: Page, name: string, text: string): Promise<void> {
  const form = page.getByRole('form', { name: 'Import a statement' });
  if (!(await form.isVisible())) await page.getByText('Import a statement', { exact: true }).click();
  await form.getByLabel('Statement file').setInputFiles({
    name,
    mimeType: 'text/csv',
    buffer: Buffer.from(text, 'utf8'),
  });
  await form.getByTestId('statement-submit').click();
}

test('a live merchant imports a statement, sees a broken one refused whole, and refunds what no payin took', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  await signIn(page, 'e2e-live', '/console/collection');
  await expect(page.getByRole('heading', { level: 1, name: 'Collection' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Collection', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );

  // The account the operator configured, with its bank feed.
  const account = page.locator('[data-testid="collection-account"][data-account="kbank-promptpay"]');
  await expect(account).toContainText('PROMPTPAY');
  await expect(account).toContainText('Bangkok Books Co., Ltd.');
  await expect(account.getByTestId('collection-account-feed')).toHaveAttribute('data-feed', 'true');

  // A statement: one credit quoting no payin's reference, one debit.
  const credit = bankId('CR');
  const amount = oddAmount();
  await importStatement(
    page,
    'kbank-march.csv',
    [
      'id,date,amount,currency,note',
      `${credit},2026-03-02 10:15:00,${amount},THB,Thank you for the books`,
      `${bankId('DR')},2026-03-02 11:00:00,-120.00,THB,Bank fee`,
    ].join('\n'),
  );
  const summary = page.getByTestId('statement-summary');
  await expect(summary).toBeVisible();
  await expect(summary.getByTestId('statement-stored')).toHaveAttribute('data-count', '1');
  await expect(summary.getByTestId('statement-duplicates')).toHaveAttribute('data-count', '0');
  await expect(summary.getByTestId('statement-skipped')).toHaveAttribute('data-count', '1');
  const imported = summary.locator(`[data-testid="statement-transaction"][data-bank-id="${credit}"]`);
  await expect(imported.getByTestId('collection-outcome')).toHaveAttribute('data-outcome', 'UNMATCHED');
  await expectAccessible(page);
  await expectNoOverflow(page);

  // A broken statement: every problem named, and not even its good row stored.
  const untouched = bankId('OK');
  await importStatement(
    page,
    'broken.csv',
    [
      'id,date,amount,currency,note',
      `${untouched},2026-03-03 09:00:00,${oddAmount()},THB,Fine on its own`,
      `${bankId('BAD')},2026-03-03 09:05:00,12.3.4,THB,Not an amount`,
      `${bankId('BAD')},yesterday,50.00,THB,Not a date`,
    ].join('\n'),
  );
  await expect(page.getByTestId('statement-nothing-stored')).toContainText('Nothing was stored');
  const problems = page.getByTestId('statement-problem');
  await expect(problems).toContainText('line 3');
  await expect(problems).toContainText('line 4');
  await expect(problems).not.toContainText('line 2');
  await expect(page.getByTestId('statement-summary')).toHaveCount(0);
  await expectAccessible(page);
  await expectNoOverflow(page);

  await page.goto('/console/collection?show=all');
  await expect(page.getByTestId('collection-table')).toBeVisible();
  await expect(page.locator(`[data-testid="collection-row"][data-bank-id="${untouched}"]`)).toHaveCount(0);
  await expect(page.locator(`[data-testid="collection-row"][data-bank-id="${credit}"]`)).toBeVisible();

  // The review queue (the page's default) lists the unmatched credit with its unapplied money.
  await page.goto('/console/collection');
  await expect(page.getByRole('heading', { level: 2, name: 'Review queue' })).toBeVisible();
  const row = page.locator(`[data-testid="collection-row"][data-bank-id="${credit}"]`);
  await expect(row.getByTestId('collection-outcome')).toHaveAttribute('data-outcome', 'UNMATCHED');
  await expect(row.locator('[data-amount]')).toHaveAttribute('data-amount', String(Number(amount)));
  await expect(row).toContainText('Thank you for the books');
  await expectAccessible(page);
  await expectNoOverflow(page);

  // Its page: the record as the statement gave it, and the review's two actions.
  await row.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/console\/collection\/\d+$/);
  const transactionUrl = page.url();
  await expect(page.getByTestId('collection-needs-review')).toBeVisible();
  await expect(page.getByTestId('collection-raw')).toContainText(credit);
  await expect(page.getByTestId('collection-resolution')).toHaveCount(0);
  await expectAccessible(page);
  await expectNoOverflow(page);

  // A second tab still shows the review forms after the first has refunded the money.
  const stale = await context.newPage();
  await stale.goto(transactionUrl);
  await expect(stale.getByTestId('refund-form')).toBeVisible();

  const reference = `KBANK-RF-${randomBytes(4).toString('hex').toUpperCase()}`;
  const refund = page.getByTestId('refund-form');
  await refund.getByLabel("Refund's bank reference (optional)").fill(reference);
  // It cannot be undone: the console asks first, naming the amount, and "Go back" changes nothing.
  await refund.getByRole('button', { name: 'Mark refunded' }).click();
  const confirm = page.getByTestId('refund-confirm');
  await expect(confirm).toContainText(/^Mark .+ as refunded\? Only once you have sent it back/);
  await expect(confirm.getByRole('button', { name: 'Go back' })).toBeFocused();
  await expectAccessible(page);
  await confirm.getByRole('button', { name: 'Go back' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(page.getByTestId('collection-needs-review')).toBeVisible();
  await refund.getByRole('button', { name: 'Mark refunded' }).click();
  await confirm.getByRole('button', { name: 'Yes, mark refunded' }).click();
  await expect(page.getByTestId('collection-action-outcome')).toHaveText('Marked refunded.');
  const resolution = page.getByTestId('collection-resolution');
  await expect(resolution.getByTestId('resolution-kind')).toHaveText('Refunded to the payer');
  // The signed-in person's name, as the session says, beside the merchant's code.
  await expect(resolution.getByTestId('resolution-by')).toHaveText('Ana Lima (e2e-live)');
  await expect(resolution.getByTestId('resolution-note')).toHaveText(reference);
  await expect(resolution.getByTestId('resolution-at')).not.toHaveText('—');
  await expect(page.getByTestId('collection-unapplied')).toContainText('0.00');
  await expect(page.getByTestId('collection-review')).toHaveCount(0);
  await expectAccessible(page);

  // The stale tab's refund is refused with the API's own words.
  await stale.getByTestId('refund-form').getByRole('button', { name: 'Mark refunded' }).click();
  await stale.getByTestId('refund-confirm-yes').click();
  await expect(stale.getByTestId('review-problem')).toContainText('COLLECTION_TRANSACTION_RESOLVED');
  await expect(stale.getByTestId('review-problem')).toContainText('no unapplied money left');
  await stale.close();

  // It left the queue; the ledger shows the refund and who made it.
  await page.goto('/console/collection');
  await expect(page.getByRole('heading', { level: 2, name: 'Review queue' })).toBeVisible();
  await expect(page.locator(`[data-testid="collection-row"][data-bank-id="${credit}"]`)).toHaveCount(0);
  await page.goto('/console/balances');
  const refundTransfer = page
    .locator('[data-testid="ledger-transfer"][data-type="COLLECTION_REFUND"]')
    .first();
  await expect(refundTransfer.getByTestId('ledger-actor')).toContainText('e2e-live');
  await expect(refundTransfer.getByTestId('ledger-subject')).toHaveAttribute(
    'href',
    new URL(transactionUrl).pathname,
  );
  await expectAccessible(page);
  await expectNoOverflow(page);
});
