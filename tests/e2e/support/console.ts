import { readFileSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import type { MerchantCode } from './payments';

const merchants = JSON.parse(readFileSync(new URL('./merchants.json', import.meta.url), 'utf8')) as {
  merchants: { merchantCode: string; secret: string; callbackSecret?: string }[];
};

/** A merchant of the test instance as its merchants file has it (secret, callback secret). */
export function merchantOf(code: MerchantCode) {
  const merchant = merchants.merchants.find((candidate) => candidate.merchantCode === code);
  if (!merchant) throw new Error(`no merchant ${code}`);
  return merchant;
}

export function secretOf(code: MerchantCode): string {
  return merchantOf(code).secret;
}

/** Signs in to the console through its form, as a merchant does. */
export async function signIn(page: Page, code: MerchantCode = 'e2e-shop', next?: string): Promise<void> {
  await page.goto(next ? `/console/sign-in?next=${encodeURIComponent(next)}` : '/console/sign-in');
  await page.getByLabel('Merchant code').fill(code);
  await page.getByLabel('Secret').fill(secretOf(code));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('console-merchant')).toContainText(code);
}
