import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { api, type MerchantCode } from './payments';

const merchants = JSON.parse(readFileSync(new URL('./merchants.json', import.meta.url), 'utf8')) as {
  merchants: { merchantCode: string; secret: string; callbackSecret?: string }[];
};

/** The e2e server's operator API key (scripts/e2e-server.mjs sets the same). */
export const OPERATOR_API_KEY =
  process.env.E2E_OPERATOR_API_KEY ?? 'op_e2e_0123456789abcdefghijklmnopqrstuvwxyz';
export const PASSWORD = 'correct horse battery staple';

/** A merchant of the test instance as its merchants file has it (secret, callback secret). */
export function merchantOf(code: MerchantCode) {
  const merchant = merchants.merchants.find((candidate) => candidate.merchantCode === code);
  if (!merchant) throw new Error(`no merchant ${code}`);
  return merchant;
}

export function secretOf(code: MerchantCode): string {
  return merchantOf(code).secret;
}

export type Role = 'owner' | 'admin' | 'developer' | 'finance' | 'viewer';

/** A person of a merchant's team who has joined and set up 2FA (through the API, as the console does). */
export interface Person {
  email: string;
  name: string;
  totpSecret: string;
  /** The second whose code set up 2FA: that time step is used up. */
  enrolledAtSecs: number;
}

export function totpCode(secret: string, atSecs = Math.floor(Date.now() / 1000)): Promise<string> {
  return generate({ secret, epoch: atSecs });
}

/** An invitation link for the merchant, made with the operator key. */
export async function inviteLink(code: string, email: string, role: Role = 'owner'): Promise<string> {
  const invited = await api<{ invitationUrl: string }>('POST', `/operator/merchants/${code}/invitations`, {
    token: OPERATOR_API_KEY,
    body: { email, role },
  });
  expect(invited.status, JSON.stringify(invited.body)).toBe(201);
  return invited.body.invitationUrl;
}

/** A new person of the merchant with this role, joined and with 2FA set up. */
export async function newPerson(code: string, role: Role = 'owner', name = 'Ana Lima'): Promise<Person> {
  const email = `${role}-${randomBytes(5).toString('hex')}@shop.example`;
  const token = new URL(await inviteLink(code, email, role)).searchParams.get('invitation')!;
  const accepted = await api<{ sessionSecret: string }>('POST', '/console/invitations/!accept', {
    body: { token, name, password: PASSWORD },
  });
  expect(accepted.status).toBe(200);
  const enrolment = await api<{ secret: string }>('GET', '/console/sign-in/enrolment', {
    token: accepted.body.sessionSecret,
  });
  const enrolledAtSecs = Math.floor(Date.now() / 1000);
  const done = await api('POST', '/console/sign-in/!second-factor', {
    token: accepted.body.sessionSecret,
    body: { code: await totpCode(enrolment.body.secret, enrolledAtSecs) },
  });
  expect(done.status).toBe(200);
  return { email, name, totpSecret: enrolment.body.secret, enrolledAtSecs };
}

/**
 * Signs a person in through the console's forms, as people do: e-mail and password, then the
 * next code of their app. Each call signs in a new person of `role` (default owner).
 */
export async function signIn(
  page: Page,
  code: MerchantCode = 'e2e-shop',
  next?: string,
  role: Role = 'owner',
): Promise<Person> {
  const person = await newPerson(code, role);
  await signInAs(page, person, next, person.enrolledAtSecs + 30);
  await expect(page.getByTestId('console-merchant')).toContainText(code);
  return person;
}

/** The sign-in forms for a person who exists, with the code of the given time. */
export async function signInAs(page: Page, person: Person, next: string | undefined, codeAtSecs: number) {
  await page.goto(next ? `/console/sign-in?next=${encodeURIComponent(next)}` : '/console/sign-in');
  await page.getByLabel('E-mail address').fill(person.email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByLabel('6-digit code').fill(await totpCode(person.totpSecret, codeAtSecs));
  await page.getByRole('button', { name: 'Sign in' }).click();
}
