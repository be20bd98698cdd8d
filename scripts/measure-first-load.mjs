// First-load JavaScript of the hosted payment page, gzip, measured in Debian's Chromium against the
// built server (`npm run build` first). "First load" is what the initial HTML references (Next's
// definition; legacy nomodule polyfills excluded: modern browsers never fetch them); islands that
// load after the page is interactive are reported separately. Exits 1 over the budget.
import { spawn } from 'node:child_process';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright';

const BUDGET_KB = 150;
const port = process.env.WEIGH_PORT ?? '3310';
const base = `http://127.0.0.1:${port}`;
const merchant = { merchantCode: 'e2e-shop', secret: 'sk_test_e2e_0123456789abcdefghijklmnop' };

const server = spawn(process.execPath, ['scripts/e2e-server.mjs'], {
  stdio: ['ignore', 'ignore', 'inherit'],
  env: { ...process.env, E2E_PORT: port },
});
const stop = () => server.kill('SIGTERM');
process.on('exit', stop);

async function waitForHealth() {
  for (let i = 0; i < 240; i++) {
    if ((await fetch(`${base}/api/health`).catch(() => undefined))?.ok) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('server did not start');
}

async function redirectUrl(params) {
  const idPayin = `weigh-${Date.now()}-${Math.random().toString(16).slice(2, 8)}`;
  const response = await fetch(`${base}/api/auth-tokens-by-action`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-version': '2' },
    body: JSON.stringify({
      ...merchant,
      action: 'PAYIN_CREATE',
      idPayment: idPayin,
      // Bound as every link should be (docs/decisions/030): the page is weighed as customers get it.
      money: { amount: 1500.5, currencyCode: 'THB' },
    }),
  });
  const { token } = await response.json();
  const query = new URLSearchParams({
    merchantCode: merchant.merchantCode,
    idPayin,
    token,
    amount: '1500.50',
    currencyCode: 'THB',
    callbackUrl: 'http://127.0.0.1:9/cb',
    returnUrl: 'https://shop.example/back',
    ...params,
  });
  return `${base}/?${query}`;
}

async function weigh(browser, label, params, prepare) {
  const page = await browser.newPage();
  const scripts = new Map();
  page.on('response', async (response) => {
    if (response.request().resourceType() === 'script' && !scripts.has(response.url()))
      scripts.set(response.url(), await response.body().catch(() => Buffer.alloc(0)));
  });
  await page.goto(await redirectUrl(params), { waitUntil: 'networkidle' });
  if (prepare) await prepare(page);
  const cookie = (await page.context().cookies()).map((entry) => `${entry.name}=${entry.value}`).join('; ');
  const html = await (await fetch(page.url(), { headers: { cookie } })).text();
  await page.waitForTimeout(1500);
  const initial = new Set(
    [...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"[^>]*>/g)]
      .filter((match) => !/\bnomodule\b/i.test(match[0]))
      .map((match) => new URL(match[1], base).href),
  );
  let first = 0;
  let later = 0;
  for (const [url, body] of scripts) {
    if (initial.has(url)) first += gzipSync(body).length;
    else later += gzipSync(body).length;
  }
  await page.close();
  return { label, firstKb: first / 1024, laterKb: later / 1024 };
}

await waitForHealth();
const browser = await chromium.launch({
  executablePath: process.env.PLAYWRIGHT_CHROMIUM_EXECUTABLE ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-background-networking'],
});
const results = [
  await weigh(browser, 'choose a method (scenario 1)', {}),
  await weigh(browser, 'details form (scenario 4, QRTH)', { paymentMethodCode: 'QRTH' }),
  await weigh(browser, 'bank transfer instructions', { paymentMethodCode: 'OFFLINE' }, async (page) => {
    await page.getByRole('button', { name: /^Pay/ }).click();
    await page.getByRole('heading', { name: 'Transfer the amount' }).waitFor();
  }),
];
await browser.close();
stop();

let over = false;
console.log(`First-load JavaScript of the payment page (gzip), budget ${BUDGET_KB} kB`);
for (const { label, firstKb, laterKb } of results) {
  const pass = firstKb <= BUDGET_KB;
  over ||= !pass;
  console.log(
    `  ${pass ? 'PASS' : 'FAIL'} ${label.padEnd(34)} first load ${firstKb.toFixed(1).padStart(6)} kB   islands after load ${laterKb.toFixed(1).padStart(5)} kB`,
  );
}
process.exit(over ? 1 : 0);
