import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { api, merchantToken, redirectUrl } from './support/payments';

interface Process {
  status: string;
  processorStatus?: string;
  moneyReceived?: { amount: number };
  moneyReceivedLate?: { amount: number };
}

async function processOf(idPayin: string): Promise<Process> {
  const read = await api<{ process: Process }>('GET', `/payins/${idPayin}`, { token: await merchantToken() });
  return read.body.process;
}

/** A bank transfer of this amount through the hosted page, up to its instructions. */
async function startTransfer(page: Page, amount: string) {
  const checkout = await redirectUrl({ amount, params: { paymentMethodCode: 'OFFLINE' } });
  await page.goto(checkout.url);
  await page.getByTestId('pay-button').click();
  await expect(page.getByRole('heading', { name: 'Transfer the amount' })).toBeVisible();
  return checkout;
}

test.describe('magic amounts: deterministic outcomes with no click', () => {
  test('…901 succeeds by itself, and the banner says so before the customer pays', async ({ page }) => {
    const checkout = await redirectUrl({ amount: '19.01', params: { paymentMethodCode: 'OFFLINE' } });
    await page.goto(checkout.url);
    await expect(page.getByTestId('test-banner')).toContainText(
      'ends in 901: the payment succeeds by itself',
    );
    await page.getByTestId('pay-button').click();
    await expect(page.getByTestId('payment-result')).toHaveAttribute('data-outcome', 'success', {
      timeout: 15_000,
    });
    expect(await processOf(checkout.idPayin)).toMatchObject({
      status: 'SUCCESS',
      processorStatus: 'APPROVED',
    });
  });

  test('…903 is refused with INSUFFICIENT_FUNDS', async ({ page }) => {
    const checkout = await startTransfer(page, '19.03');
    await expect(page.getByTestId('payment-result')).toHaveAttribute('data-outcome', 'refused', {
      timeout: 15_000,
    });
    expect(await processOf(checkout.idPayin)).toMatchObject({
      status: 'REFUSED',
      processorStatus: 'INSUFFICIENT_FUNDS',
    });
  });

  test('…911 expires after 10 seconds', async ({ page }) => {
    const checkout = await startTransfer(page, '19.11');
    await expect(page.getByTestId('payment-result')).toHaveAttribute('data-outcome', 'expired', {
      timeout: 20_000,
    });
    expect(await processOf(checkout.idPayin)).toMatchObject({
      status: 'REFUSED',
      processorStatus: 'EXPIRED',
    });
  });

  test('…921 is paid short: the page shows what is missing, then the payment ends underpaid', async ({
    page,
  }) => {
    const checkout = await startTransfer(page, '19.21');
    await expect(page.getByTestId('money-received')).toBeVisible({ timeout: 15_000 });
    await expect(page.getByTestId('money-received')).toContainText('Pay the remaining');
    await expectAccessible(page);
    await expect(page.getByTestId('payment-result')).toHaveAttribute('data-outcome', 'underpaid', {
      timeout: 25_000,
    });
    await expect(page.getByText(/^Only .* arrived before the time to pay ran out/)).toBeVisible();
    expect(await processOf(checkout.idPayin)).toMatchObject({
      status: 'REFUSED',
      processorStatus: 'UNDERPAID',
    });
  });

  test('…922 is paid over: it succeeds as overpaid', async ({ page }) => {
    const checkout = await startTransfer(page, '19.22');
    await expect(page.getByTestId('payment-result')).toHaveAttribute('data-outcome', 'overpaid', {
      timeout: 15_000,
    });
    expect(await processOf(checkout.idPayin)).toMatchObject({
      status: 'SUCCESS',
      processorStatus: 'OVERPAID',
    });
  });
});

test.describe('sandbox controls on the page', () => {
  test('pay short, then let the time run out: underpaid, and the amount received is said', async ({
    page,
  }) => {
    const checkout = await startTransfer(page, '500');
    await expectAccessible(page);
    await page.getByTestId('simulate-short').click();
    await expect(page.getByTestId('money-received')).toContainText('We have received');
    expect((await processOf(checkout.idPayin)).status).toBe('PENDING');
    await page.getByTestId('simulate-expire').click();
    await expect(page.getByTestId('payment-result')).toHaveAttribute('data-outcome', 'underpaid');
  });

  test('pay over: successful, overpaid', async ({ page }) => {
    const checkout = await startTransfer(page, '501');
    await page.getByTestId('simulate-over').click();
    await expect(page.getByTestId('payment-result')).toHaveAttribute('data-outcome', 'overpaid');
    expect(await processOf(checkout.idPayin)).toMatchObject({ processorStatus: 'OVERPAID' });
  });

  test('pay after the time ran out: expired, and the late money is acknowledged', async ({ page }) => {
    const checkout = await startTransfer(page, '502');
    await page.getByTestId('simulate-late').click();
    await expect(page.getByTestId('payment-result')).toHaveAttribute('data-outcome', 'expired');
    await expect(page.getByTestId('received-late')).toBeVisible();
    expect(await processOf(checkout.idPayin)).toMatchObject({
      status: 'REFUSED',
      processorStatus: 'EXPIRED',
      moneyReceivedLate: { amount: expect.any(Number) },
    });
  });

  test('refused with a chosen reason', async ({ page }) => {
    const checkout = await startTransfer(page, '503');
    await page.getByTestId('refusal-reason').selectOption('LIMIT_EXCEEDED');
    await page.getByTestId('simulate-refuse').click();
    await expect(page.getByTestId('payment-result')).toHaveAttribute('data-outcome', 'refused');
    expect(await processOf(checkout.idPayin)).toMatchObject({ processorStatus: 'LIMIT_EXCEEDED' });
  });

  test('a P2A_V2 payment cannot complete before its reference: the control says so', async ({ page }) => {
    const checkout = await redirectUrl({
      amount: '2600',
      currencyCode: 'INR',
      params: { paymentMethodCode: 'P2A_V2', paymentOperatorCode: 'UPI' },
    });
    await page.goto(checkout.url);
    await page.getByTestId('pay-button').click();
    await page.getByTestId('simulate-pay').click();
    await expect(page.getByTestId('simulate-error')).toHaveText(
      'Enter the transaction reference first: this payment cannot complete without it.',
    );
  });
});
