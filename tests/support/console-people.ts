import { randomBytes } from 'node:crypto';
import { generate } from 'otplib';
import type { ApiClient, ApiResponse } from './api-client';

/** A person signed in to the console through the API, as the console's server does it. */
export interface SignedInPerson {
  email: string;
  password: string;
  totpSecret: string;
  /** The active session's secret (the console's cookie value). */
  session: string;
  recoveryCodes: string[];
  /** The time (seconds) whose code set up 2FA: that step is taken; the next one's code signs in. */
  enrolledAtSecs: number;
}

/** The code of the step after the enrolment's: valid for a sign-in within the next half minute. */
export function nextCode(person: SignedInPerson): Promise<string> {
  return totpCode(person.totpSecret, person.enrolledAtSecs + 30);
}

export const TEST_PASSWORD = 'correct horse battery staple';

/** The TOTP code of a secret at a time (seconds); the current step by default. */
export function totpCode(secret: string, atSecs = Math.floor(Date.now() / 1000)): Promise<string> {
  return generate({ secret, epoch: atSecs });
}

export function asSession(session: string) {
  return { token: session };
}

function expectOk<T>(response: ApiResponse<T>, what: string): T {
  if (response.status >= 300) throw new Error(`${what}: ${response.status} ${response.text}`);
  return response.body;
}

/** Accepts an invitation link's token and sets up 2FA: a signed-in person. */
export async function joinByInvitation(
  client: ApiClient,
  token: string,
  email: string,
  name = 'Ana Lima',
): Promise<SignedInPerson> {
  const accepted = expectOk(
    await client.request<{ sessionSecret: string; stage: string }>('POST', '/console/invitations/!accept', {
      body: { token, name, password: TEST_PASSWORD },
    }),
    'accept',
  );
  const enrolment = expectOk(
    await client.request<{ secret: string }>(
      'GET',
      '/console/sign-in/enrolment',
      asSession(accepted.sessionSecret),
    ),
    'enrolment',
  );
  const enrolledAtSecs = Math.floor(Date.now() / 1000);
  const done = expectOk(
    await client.request<{ sessionSecret: string; recoveryCodes: string[] }>(
      'POST',
      '/console/sign-in/!second-factor',
      {
        ...asSession(accepted.sessionSecret),
        body: { code: await totpCode(enrolment.secret, enrolledAtSecs) },
      },
    ),
    'second factor',
  );
  return {
    email,
    password: TEST_PASSWORD,
    totpSecret: enrolment.secret,
    session: done.sessionSecret,
    recoveryCodes: done.recoveryCodes,
    enrolledAtSecs,
  };
}

/** Invites a person with the operator key and has them join: a signed-in person of that role. */
export async function personOf(
  client: ApiClient,
  operatorKey: string,
  merchantCode: string,
  role = 'owner',
  name = 'Ana Lima',
): Promise<SignedInPerson> {
  const email = `${role}-${randomBytes(4).toString('hex')}@shop.example`;
  const invited = expectOk(
    await client.request<{ invitationUrl: string }>(
      'POST',
      `/operator/merchants/${merchantCode}/invitations`,
      {
        token: operatorKey,
        body: { email, role },
      },
    ),
    'invite',
  );
  const token = new URL(invited.invitationUrl).searchParams.get('invitation')!;
  return joinByInvitation(client, token, email, name);
}

/** The console's API token for a signed-in session. */
export async function consoleToken(client: ApiClient, session: string): Promise<string> {
  return expectOk(
    await client.request<{ token: string }>('POST', '/console/session/tokens', asSession(session)),
    'console token',
  ).token;
}
