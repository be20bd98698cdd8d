import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { redirectUrl, simulate, type MerchantCode } from './support/payments';

/**
 * What a customer reads and does on the hosted page (issue 25, "Page"): refusal reasons with a next
 * step, the UTR checked in the page's words, step-ordered titles, method-specific labels, an e-mail
 * hint that promises an e-mail only where one is sent, and the QR to save or share. Each at phone
 * and desktop width, in English and a language of the method's country.
 */

type Messages = { [key: string]: string | Messages };

function messagesOf(locale: string): Messages {
  return JSON.parse(
    readFileSync(new URL(`../../messages/${locale}.json`, import.meta.url), 'utf8'),
  ) as Messages;
}

/** A message of the page's catalogue with its arguments, as the page shows it. */
function words(locale: string, key: string, values: Record<string, string> = {}): string {
  let message: string | Messages = messagesOf(locale);
  for (const part of key.split('.')) {
    if (typeof message === 'string' || !(part in message)) throw new Error(`no ${key} in ${locale}`);
    message = message[part]!;
  }
  if (typeof message !== 'string') throw new Error(`${key} is not a message`);
  return message.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? `{${name}}`);
}

/** A message with an argument whose formatting varies by locale (an amount), as a pattern. */
function pattern(locale: string, key: string, any: string): RegExp {
  const [before, after] = words(locale, key).split(`{${any}}`);
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^${escape(before ?? '')}.+${escape(after ?? '')}$`);
}

const DEVICES = [
  { device: 'phone', viewport: { width: 360, height: 740 } },
  { device: 'desktop', viewport: { width: 1280, height: 800 } },
] as const;

/** Every combination of device and language, each in its own describe with its browser settings. */
function eachSetting(
  languages: readonly string[],
  body: (setting: { device: 'phone' | 'desktop'; lang: string }) => void,
) {
  for (const { device, viewport } of DEVICES)
    for (const lang of languages)
      test.describe(`${device}, ${lang}`, () => {
        test.use({
          viewport,
          locale: lang === 'en' ? 'en-US' : lang,
          extraHTTPHeaders: { 'accept-language': `${lang},en;q=0.5` },
        });
        body({ device, lang });
      });
}

/** Opens the merchant's RedirectURL for a fixed method (scenario 4), fills what it asks and pays. */
async function pay(
  page: Page,
  options: {
    method: string;
    operator?: string;
    amount: string;
    currency: string;
    merchant?: MerchantCode;
    fill?: (page: Page) => Promise<void>;
  },
) {
  const checkout = await redirectUrl({
    amount: options.amount,
    currencyCode: options.currency,
    ...(options.merchant && { merchant: options.merchant }),
    params: {
      paymentMethodCode: options.method,
      ...(options.operator && { paymentOperatorCode: options.operator }),
    },
  });
  await page.goto(checkout.url);
  await expect(page.locator('form[novalidate]')).toHaveCount(1);
  await options.fill?.(page);
  await page.getByTestId('pay-button').click();
  return checkout;
}

test.describe('refusals say why, and what to do next', () => {
  const REASONS = ['INSUFFICIENT_FUNDS', 'LIMIT_EXCEEDED', 'CANCELLED_BY_CUSTOMER', 'SUSPECTED_FRAUD'];
  let next = 0;
  eachSetting(['en', 'th'], ({ lang }) => {
    const reason = REASONS[next++ % REASONS.length]!;

    test(`${reason} in the customer's words, live`, async ({ page }) => {
      const checkout = await pay(page, { method: 'OFFLINE', amount: '250', currency: 'THB' });
      await expect(page.getByTestId('detail-reference')).toBeVisible();
      expect((await simulate(checkout.idPayin, 'REFUSED', reason)).status).toBe(200);
      const result = page.getByTestId('payment-result');
      await expect(result).toHaveAttribute('data-reason', reason);
      await expect(page.getByRole('heading', { name: words(lang, 'status.refused.title') })).toBeVisible();
      await expect(page.getByTestId('result-body')).toHaveText(
        words(lang, `status.refused.reasons.${reason}`, { merchant: 'Bangkok Books' }),
      );
      await expect(page.getByTestId('return-to-merchant')).toBeVisible();
      await expectAccessible(page);
    });
  });

  test('a reason the page does not know reads as the general refusal', async ({ page }) => {
    const checkout = await pay(page, { method: 'OFFLINE', amount: '250', currency: 'THB' });
    await expect(page.getByTestId('detail-reference')).toBeVisible();
    await simulate(checkout.idPayin, 'REFUSED', 'DO_NOT_HONOR');
    await expect(page.getByTestId('payment-result')).toHaveAttribute('data-reason', 'OTHER');
    await expect(page.getByTestId('result-body')).toHaveText(
      'The payment was declined or cancelled. No money was taken.',
    );
  });
});

test.describe('the UTR: the order of the steps, and a wrong UTR said in the page’s words', () => {
  eachSetting(['en', 'hi'], ({ device, lang }) => {
    test('UPI: title, inline message before sending, then recorded', async ({ page }) => {
      await pay(page, { method: 'P2A_V2', operator: 'UPI', amount: '1500.50', currency: 'INR' });
      const title = page.getByRole('heading', { level: 1 });
      await expect(title).toHaveText(pattern(lang, 'completion.externalReference.titleUpi', 'amount'));
      await expect(title).toContainText(/1,500\.50/);
      const input = page.getByLabel(words(lang, 'completion.externalReference.label'));
      const submit = page.getByRole('button', { name: words(lang, 'completion.externalReference.submit') });

      // Nothing typed: our words, not the browser's, and nothing is sent.
      await submit.click();
      const error = page.getByTestId('reference-error');
      await expect(error).toHaveText(words(lang, 'checkout.validation.referenceRequired'));
      await expect(input).toHaveAttribute('aria-invalid', 'true');
      await expect(input).toHaveAttribute('aria-describedby', 'reference-error');
      await expect(input).toBeFocused();
      expect(page.url()).not.toContain('referr=');

      // Too short: said when leaving the field, gone once the value is right.
      await input.fill('41234');
      await input.blur();
      await expect(error).toHaveText(words(lang, 'checkout.validation.reference'));
      await expectAccessible(page);
      await input.fill(device === 'phone' ? '4123 4567 8901' : '412345678901');
      await expect(error).toHaveCount(0);
      await expect(input).not.toHaveAttribute('aria-invalid');
      await submit.click();
      await expect(page.getByTestId('reference-saved')).toContainText('412345678901');
    });
  });

  test.describe('without JavaScript', () => {
    test.use({
      javaScriptEnabled: false,
      viewport: { width: 360, height: 740 },
      locale: 'hi',
      extraHTTPHeaders: { 'accept-language': 'hi,en;q=0.5' },
    });

    test('the server’s refusal, in the page’s language, under the field', async ({ page }) => {
      const checkout = await redirectUrl({
        amount: '1500.50',
        currencyCode: 'INR',
        params: { paymentMethodCode: 'P2A_V2', paymentOperatorCode: 'UPI' },
      });
      await page.goto(checkout.url);
      await page.getByTestId('pay-button').click();
      const input = page.getByLabel(words('hi', 'completion.externalReference.label'));
      await input.fill('12345');
      await page.getByRole('button', { name: words('hi', 'completion.externalReference.submit') }).click();
      await expect(page.getByTestId('reference-error')).toHaveText(
        words('hi', 'checkout.validation.reference'),
      );
      await expect(page.getByLabel(words('hi', 'completion.externalReference.label'))).toHaveAttribute(
        'aria-invalid',
        'true',
      );
      await page.getByLabel(words('hi', 'completion.externalReference.label')).fill('412345678901');
      await page.getByRole('button', { name: words('hi', 'completion.externalReference.submit') }).click();
      await expect(page.getByTestId('reference-saved')).toContainText('412345678901');
    });
  });

  eachSetting(['en', 'hi'], ({ lang }) => {
    test('IMPS/NEFT: the title says transfer first, then the UTR', async ({ page }) => {
      await pay(page, { method: 'P2A_V2', operator: 'HDFC', amount: '2500', currency: 'INR' });
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        pattern(lang, 'completion.externalReference.titleBank', 'amount'),
      );
      await expectAccessible(page);
    });
  });
});

test.describe('labels that say what the method means', () => {
  eachSetting(['en', 'th'], ({ lang }) => {
    test('PromptPay: the payer’s PromptPay ID on the form, the shop’s PromptPay ID on the QR', async ({
      page,
    }) => {
      await pay(page, {
        method: 'QRTH',
        amount: '250',
        currency: 'THB',
        merchant: 'e2e-live',
        fill: async (form) => {
          const field = form.getByLabel(words(lang, 'checkout.fields.promptPayAccount'));
          await expect(form.getByText(words(lang, 'checkout.hints.promptPayAccount'))).toBeVisible();
          await expectAccessible(form);
          await field.fill('0812345678');
        },
      });
      const number = page.getByTestId('detail-account-number');
      await expect(number.locator('dt')).toHaveText(words(lang, 'completion.instructions.promptPayId'));
      await expect(number.locator('dd')).toContainText('0105550123451');
      await expectAccessible(page);
    });

    test('a wallet’s phone number is the wallet’s', async ({ page }) => {
      const checkout = await redirectUrl({
        amount: '1500',
        currencyCode: 'KES',
        params: { paymentMethodCode: 'MOBILE_MONEY', paymentOperatorCode: 'MPESA' },
      });
      await page.goto(checkout.url);
      await expect(page.locator('form[novalidate]')).toHaveCount(1);
      await expect(page.getByLabel(words(lang, 'checkout.fields.walletPhone'))).toBeVisible();
      await page.getByTestId('pay-button').click();
      await expect(page.getByTestId('error-phoneNumber')).toHaveText(
        words(lang, 'checkout.validation.phone', { example: '0712 123456' }),
      );
      await expectAccessible(page);
    });
  });
});

test.describe('the e-mail hint promises an e-mail only where one is sent', () => {
  eachSetting(['en', 'vi'], ({ lang }) => {
    for (const merchant of ['e2e-shop', 'e2e-other'] as const) {
      // e2e-shop's customers are e-mailed (the test server has SMTP_URL); e2e-other turned e-mails off.
      const mailed = merchant === 'e2e-shop';
      test(
        mailed ? 'promises the details and the receipt' : 'says what the shop may do with it',
        async ({ page }) => {
          const checkout = await redirectUrl({
            merchant,
            amount: '150000',
            currencyCode: 'VND',
            // An optional e-mail shows when the shop gives one the customer may change (scenario 3).
            params: {
              paymentMethodCode: 'QRVN',
              emailAddress: 'an@example.vn',
              allowCustomerDataChange: 'true',
            },
          });
          await page.goto(checkout.url);
          await expect(page.locator('#field-emailAddress-hint')).toHaveText(
            words(lang, mailed ? 'checkout.hints.emailAddressMailed' : 'checkout.hints.emailAddress'),
          );
          await expectAccessible(page);
        },
      );
    }
  });
});

test.describe('a QR to save or share, for a customer paying on the same phone', () => {
  eachSetting(['en', 'vi'], ({ lang }) => {
    test('VietQR: save as PNG; share the PNG where the browser can', async ({ page }) => {
      // A browser that can share files (as phones do): what it is given to share is recorded.
      await page.addInitScript(() => {
        const shared: { name: string; type: string; size: number }[] = [];
        Object.assign(window, { shared });
        Object.assign(navigator, {
          canShare: (data: { files?: File[] }) => Array.isArray(data.files),
          share: (data: { files: File[] }) => {
            for (const file of data.files) shared.push({ name: file.name, type: file.type, size: file.size });
            return Promise.resolve();
          },
        });
      });
      await pay(page, { method: 'QRVN', amount: '150000', currency: 'VND' });
      await expect(page.getByTestId('qr')).toBeVisible();
      await expect(page.getByText(words(lang, 'completion.qr.saveHint'))).toBeVisible();
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: words(lang, 'completion.qr.save') }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^payment-qr-[A-Za-z0-9_-]+\.png$/);
      const saved = readFileSync(await download.path());
      expect([...saved.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

      await page.getByRole('button', { name: words(lang, 'completion.qr.share') }).click();
      await expect
        .poll(() => page.evaluate(() => (window as unknown as { shared: { type: string }[] }).shared))
        .toEqual([expect.objectContaining({ type: 'image/png', name: download.suggestedFilename() })]);
      await expectAccessible(page);
    });
  });

  test('no Share button where the browser cannot share files', async ({ page }) => {
    await page.addInitScript(() => Object.assign(navigator, { canShare: () => false }));
    await pay(page, { method: 'QRVN', amount: '150000', currency: 'VND' });
    await expect(page.getByRole('button', { name: 'Save QR image' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Share QR' })).toHaveCount(0);
  });
});

test.describe('UPI: the app first on a phone, the QR and the UPI ID first on a computer', () => {
  eachSetting(['en', 'hi'], ({ device, lang }) => {
    test(`${device} layout`, async ({ page }) => {
      await pay(page, { method: 'QRIN', amount: '999', currency: 'INR' });
      const qr = page.locator('.qr svg');
      await expect(page.getByTestId('detail-upi-id')).toBeVisible();
      await expect(page.getByTestId('detail-upi-id').locator('dd > span')).toHaveText(/^[\w.-]+@[\w.-]+$/);
      await expect(
        page.getByRole('button', {
          name: words(lang, 'common.copyLabel', { label: words(lang, 'completion.deeplink.upiId') }),
        }),
      ).toBeVisible();
      const open = words(lang, 'completion.deeplink.open');
      // One button to open the app, primary on a phone, secondary (after the details) on a computer.
      await expect(page.getByRole('link', { name: open })).toHaveCount(1);
      const app = page.getByRole('link', { name: open });
      await expect(app).toHaveAttribute('href', /^upi:\/\/pay\?/);
      const appTop = (await app.boundingBox())!.y;
      const qrTop = (await qr.boundingBox())!.y;
      if (device === 'phone') {
        expect(appTop).toBeLessThan(qrTop);
        await expect(app).toHaveAttribute('data-testid', 'upi-deeplink');
        await expect(page.getByText(words(lang, 'completion.deeplink.desktopHint'))).toBeVisible();
      } else {
        expect(appTop).toBeGreaterThan(qrTop);
        await expect(app).toHaveClass(/secondary/);
        await expect(page.getByText(words(lang, 'completion.deeplink.scanHint'))).toBeVisible();
      }
      await expectAccessible(page);
    });
  });
});
