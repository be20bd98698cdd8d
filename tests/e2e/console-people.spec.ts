import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { Webhook } from 'standardwebhooks';
import { expectAccessible } from './support/axe';
import {
  inviteLink,
  newPerson,
  OPERATOR_API_KEY,
  PASSWORD,
  signIn,
  signInAs,
  totpCode,
} from './support/console';
import { api, customerToken, newOrderId } from './support/payments';

// People in the console (docs/decisions/035): joining by invitation with a password and 2FA,
// signing in with a code or a recovery code, roles, signing out everywhere, and rotating the
// callback secret with an overlap in which callbacks verify with both secrets.

/** Joins by the link through the console's pages: name and password, then 2FA; the recovery codes. */
async function joinThroughPages(page: Page, link: string) {
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Join Bangkok Books in the merchant console',
  );
  await expectAccessible(page);
  await page.getByLabel('Your name').fill('Mali Chaiyo');
  await page.getByLabel('Choose a password').fill(PASSWORD);
  await page.getByLabel('Repeat the password').fill('something else entirely');
  await page.getByRole('button', { name: 'Continue to two-step sign-in' }).click();
  await expect(page.getByTestId('join-notice')).toHaveText('The two passwords differ.');
  await page.getByLabel('Your name').fill('Mali Chaiyo');
  await page.getByLabel('Choose a password').fill(PASSWORD);
  await page.getByLabel('Repeat the password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Continue to two-step sign-in' }).click();

  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Set up two-step sign-in');
  await expect(page.getByTestId('totp-qr').locator('svg')).toBeVisible();
  await expectAccessible(page);
  const secret = (await page.getByTestId('totp-secret').innerText()).replace(/\s/g, '');
  await page.getByLabel('Then enter the 6-digit code the app shows').fill('000000');
  await page.getByRole('button', { name: 'Confirm and continue' }).click();
  await expect(page.locator('#setup-error')).toContainText('That code is not right');
  const enrolledAtSecs = Math.floor(Date.now() / 1000);
  await page
    .getByLabel('Then enter the 6-digit code the app shows')
    .fill(await totpCode(secret, enrolledAtSecs));
  await page.getByRole('button', { name: 'Confirm and continue' }).click();
  const codes = page.getByTestId('recovery-codes').locator('li');
  await expect(codes).toHaveCount(10);
  const recoveryCodes = await codes.allInnerTexts();
  await page.getByTestId('continue-to-console').click();
  await expect(page.getByTestId('console-person')).toHaveText('Mali Chaiyo · Finance');
  return { secret, enrolledAtSecs, recoveryCodes };
}

test('an invitation leads to a password, 2FA and the console; then sign-in takes the next code or a recovery code', async ({
  page,
}) => {
  // A whole journey over two devices (some 40 pages and forms, axe on four): three times the budget.
  test.slow();
  const email = `mali-${newOrderId()}@shop.example`;
  const link = await inviteLink('e2e-shop', email, 'finance');
  const joined = await joinThroughPages(page, link);

  // The link works once.
  await page.goto(link);
  await expect(page.getByTestId('join-invalid')).toBeVisible();

  await page.goto('/console/payments');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByTestId('sign-in-notice')).toHaveText('You signed out.');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password').fill('not the password at all');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('sign-in-notice')).toContainText('not right');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Enter your code');
  await expectAccessible(page);
  // The code that set up 2FA is used up.
  await page.getByLabel('6-digit code').fill(await totpCode(joined.secret, joined.enrolledAtSecs));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('sign-in-notice')).toContainText('That code is not right');
  await page.getByLabel('6-digit code').fill(await totpCode(joined.secret, joined.enrolledAtSecs + 30));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('console-person')).toHaveText('Mali Chaiyo · Finance');

  // On another device, with a recovery code instead.
  const other = await page.context().browser()!.newContext();
  const phone = await other.newPage();
  await phone.goto('/console/sign-in');
  await phone.getByLabel('E-mail address').fill(email);
  await phone.getByLabel('Password').fill(PASSWORD);
  await phone.getByRole('button', { name: 'Sign in' }).click();
  await phone.getByText('Lost your phone? Use a recovery code').click();
  await phone.getByLabel('Recovery code').fill(joined.recoveryCodes[0]!);
  await phone.getByRole('button', { name: 'Sign in with a recovery code' }).click();
  await expect(phone.getByTestId('console-person')).toHaveText('Mali Chaiyo · Finance');

  // Signing out everywhere from the first device ends the other one's session too.
  await page.goto('/console/account');
  await page.getByTestId('sign-out-everywhere').click();
  await expect(page.getByTestId('sign-in-notice')).toHaveText('You signed out on every device.');
  // A fresh tab on the phone: its open page may notice by itself and leave for sign-in, which would
  // abort a navigation of ours (CI saw net::ERR_ABORTED).
  const again = await other.newPage();
  await again.goto('/console/payments');
  await expect(again).toHaveURL(/\/console\/sign-in/);
  const call = await again.request.get('/console/bff/api/payins');
  expect(call.status()).toBe(401);
  await other.close();
});

test('a viewer reads payments but cannot cancel or see secrets; a finance person cancels', async ({
  page,
  browser,
}) => {
  // Three people in three browsers, each signing in with 2FA: three times the budget.
  test.slow();
  const idPayin = newOrderId();
  const token = await customerToken('e2e-shop', idPayin);
  const created = await api('POST', `/payins/${idPayin}`, {
    token,
    body: {
      paymentRequested: { money: { amount: 150, currencyCode: 'THB' } },
      paymentMethod: { paymentMethodCode: 'OFFLINE' },
      callbackUrl: 'http://127.0.0.1:9/callbacks',
      returnUrl: 'https://shop.example/thanks',
    },
  });
  expect(created.status).toBe(201);

  await signIn(page, 'e2e-shop', undefined, 'viewer');
  await expect(page.getByTestId('console-person')).toContainText('Viewer');
  await expect(page.getByRole('link', { name: 'Team' })).toHaveCount(0);
  await page.goto(`/console/payments/${idPayin}`);
  await expect(page.getByTestId('payin-status')).toHaveAttribute('data-status', 'PENDING');
  await expect(page.getByTestId('console-cancel')).toHaveCount(0);
  await expect(page.getByTestId('console-approve')).toHaveCount(0);
  const origin = new URL(page.url()).origin;
  const cancel = await page.request.post(`/console/bff/api/payins/${idPayin}/!cancel`, {
    data: {},
    headers: { origin },
  });
  expect(cancel.status()).toBe(403);
  expect(((await cancel.json()) as { code: string }).code).toBe('ROLE_NOT_PERMITTED');
  await page.goto('/console/developers');
  await expect(page.getByRole('heading', { name: 'Callback signing secret' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'API keys' })).toHaveCount(0);
  await expect(page.getByTestId('mint-not-permitted')).toBeVisible();
  expect((await page.request.get('/console/bff/api/callbacks/signing-secret')).status()).toBe(403);
  await expectAccessible(page);

  const finance = await browser.newPage();
  await signIn(finance, 'e2e-shop', undefined, 'finance');
  await finance.goto(`/console/payments/${idPayin}`);
  await expect(finance.getByTestId('console-approve')).toHaveCount(0);
  await finance.getByTestId('console-cancel').click();
  await finance.getByTestId('console-cancel-confirm-yes').click();
  await expect(finance.getByTestId('payin-status')).toHaveAttribute('data-status', 'REFUSED');
  await finance.close();

  // The owner reads who did it in the audit log.
  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  await signIn(owner, 'e2e-shop');
  await owner.goto('/console/audit');
  const row = owner.getByTestId('audit-events').locator('tr', { hasText: idPayin });
  await expect(row).toContainText('payin.cancelled');
  await expect(row).toContainText('Ana Lima');
  await expectAccessible(owner);
  await ownerContext.close();
});

test('an owner invites a person with a role from the team page; disabling them ends their session', async ({
  page,
  browser,
}) => {
  // An owner and the person invited, joining with 2FA in a second browser: three times the budget.
  test.slow();
  await signIn(page, 'e2e-other');
  await page.getByRole('link', { name: 'Team' }).click();
  await expectAccessible(page);
  const email = `dev-${newOrderId()}@shop.example`;
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Role', { exact: true }).selectOption('developer');
  await page.getByRole('button', { name: 'Create invitation' }).click();
  const link = await page.getByTestId('invitation-link').locator('code').innerText();
  expect(link).toContain('/console/join?invitation=');
  await expect(page.getByTestId('open-invitations')).toContainText(email);

  const person = await newPerson('e2e-other', 'developer', 'Dev Patel');
  const developerBrowser = await browser.newContext();
  const developer = await developerBrowser.newPage();
  await signInAs(developer, person, undefined, person.enrolledAtSecs + 30);
  await expect(developer.getByTestId('console-person')).toHaveText('Dev Patel · Developer');

  await page.reload();
  await page.getByTestId(`disable-${person.email}`).click();
  await page.getByTestId('team-confirm').getByRole('button', { name: 'Disable' }).click();
  await expect(page.getByTestId('team-outcome')).toHaveText('Dev Patel is disabled.');
  // A fresh tab of the same browser: the open one may notice by itself and leave for sign-in, which
  // would abort a navigation of ours (CI saw net::ERR_ABORTED once).
  const again = await developerBrowser.newPage();
  await again.goto('/console/payments');
  await expect(again).toHaveURL(/\/console\/sign-in/);
  await developerBrowser.close();
});

/** A local receiver of callbacks: every request's headers and raw body. */
function startListener(): Promise<{
  server: Server;
  url: string;
  hits: { headers: IncomingHttpHeaders; body: string }[];
}> {
  const hits: { headers: IncomingHttpHeaders; body: string }[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      hits.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(204).end();
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`, hits }),
    ),
  );
}

test('rotating the signing secret with an overlap: a callback verifies with the old and the new secret', async ({
  page,
}) => {
  const listener = await startListener();
  try {
    // A merchant of its own: the other tests' merchants keep their one secret.
    const code = `rotation-${newOrderId().slice(-8)}`;
    const created = await api('POST', '/operator/merchants', {
      token: OPERATOR_API_KEY,
      body: { merchantCode: code, channelName: 'Rotation Shop', test: true },
    });
    expect(created.status).toBe(201);
    const person = await newPerson(code, 'developer', 'Dev Patel');
    await signInAs(page, person, '/console/developers', person.enrolledAtSecs + 30);
    // Reveal is disabled until the page hydrates (ScriptButton), so this click is never lost.
    await page.getByRole('button', { name: 'Reveal' }).click();
    const old = await page.getByTestId('signing-secret').innerText();
    await page.getByLabel('Old secret keeps signing for').selectOption('24');
    await page.getByRole('button', { name: 'Rotate secret' }).click();
    await page.getByTestId('rotate-confirm').getByRole('button', { name: 'Rotate secret' }).click();
    const rotated = page.getByTestId('rotated-secret');
    await expect(rotated).toContainText('The previous secret signs too until');
    const fresh = await rotated.locator('code').innerText();
    expect(fresh).not.toBe(old);

    await page.goto('/console/callbacks');
    await page.getByLabel('URL', { exact: true }).fill(listener.url);
    await page.getByRole('button', { name: 'Send test callback' }).click();
    await expect(page.getByTestId('test-callback-result')).toBeVisible();
    await expect.poll(() => listener.hits.length).toBe(1);
    const hit = listener.hits[0]!;
    const headers = Object.fromEntries(
      Object.entries(hit.headers).map(([name, value]) => [name, String(value)]),
    );
    expect(headers['webhook-signature']!.split(' ')).toHaveLength(2);
    for (const secret of [old, fresh])
      expect(() => new Webhook(secret).verify(hit.body, headers)).not.toThrow();
  } finally {
    listener.server.close();
  }
});

test('an owner sets the merchant’s time zone: every console time is written in it, the zone named', async ({
  page,
}) => {
  const code = `zone-${newOrderId().slice(-8)}`;
  const created = await api<{ secret: string }>('POST', '/operator/merchants', {
    token: OPERATOR_API_KEY,
    body: { merchantCode: code, channelName: 'Zone Shop', test: true },
  });
  expect(created.status).toBe(201);
  const token = await api<{ token: string }>('POST', '/auth-tokens', {
    body: { merchantCode: code, secret: created.body.secret, operations: ['POST /payins/.*'] },
  });
  const idPayin = newOrderId();
  const payin = await api('POST', `/payins/${idPayin}`, {
    token: token.body.token,
    body: {
      paymentRequested: { money: { amount: 99, currencyCode: 'THB' } },
      paymentMethod: { paymentMethodCode: 'OFFLINE' },
      callbackUrl: 'http://127.0.0.1:9/callbacks',
      returnUrl: 'https://shop.example/thanks',
    },
  });
  expect(payin.status).toBe(201);

  const person = await newPerson(code, 'owner', 'Somchai Owner');
  await signInAs(page, person, '/console/account', person.enrolledAtSecs + 30);
  await page.getByLabel('Time zone').selectOption('Asia/Bangkok');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('time-zone-outcome')).toHaveText(
    'Saved: the console now shows times in this zone.',
  );
  await expectAccessible(page);
  await page.goto(`/console/payments/${idPayin}?lang=th`);
  await expect(page.getByTestId('payin-status')).toHaveAttribute('data-status', 'PENDING');
  await expect(page.locator('main')).toContainText(/\d{1,2} [^\s]+ \d{4} \d{2}:\d{2}:\d{2} Asia\/Bangkok/);
  await expect(page.locator('main')).not.toContainText(' UTC');
});
