import { defineConfig } from '@playwright/test';

const port = process.env.E2E_PORT ?? '3300';
// The README's integration example (tests/e2e/integration-example.spec.ts) runs against this instance.
process.env.PAYIN_URL ??= `http://127.0.0.1:${port}`;
process.env.MERCHANT_CODE ??= 'e2e-shop';
process.env.MERCHANT_SECRET ??= 'sk_test_e2e_0123456789abcdefghijklmnop';
// Debian's Chromium; Playwright's own browser download is not available here (and not needed).
const executablePath = process.env.PLAYWRIGHT_CHROMIUM_EXECUTABLE ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: !!process.env.CI,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    browserName: 'chromium',
    viewport: { width: 390, height: 844 },
    locale: 'en-US',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath,
      args: ['--no-sandbox', '--disable-background-networking', '--disable-gpu', '--no-first-run'],
    },
  },
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: { E2E_PORT: port },
  },
});
