import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_PAYIN_OPERATIONS, type ApiClient } from '../support/api-client';
import { newIdPayin, payinRequest } from '../support/builders';
import {
  asSession,
  consoleToken,
  joinByInvitation,
  nextCode,
  personOf,
  type SignedInPerson,
  TEST_PASSWORD,
  totpCode,
} from '../support/console-people';
import { expectProblem, fieldsOf } from '../support/problem';
import { startTestApi, type TestApi, type TestMerchant } from '../support/test-api';

// People in the console (docs/decisions/035): invitations, argon2id passwords, TOTP with recovery
// codes, server-side sessions that end everywhere, and roles the API enforces through the tokens
// the console mints.
const OPERATOR_KEY = `op_test_${randomBytes(24).toString('base64url')}`;

let api: TestApi;
let client: ApiClient;

beforeAll(async () => {
  api = await startTestApi({ OPERATOR_API_KEY: OPERATOR_KEY });
  client = api.client;
});
afterAll(async () => {
  await api.close();
});

async function team(role = 'owner'): Promise<{ merchant: TestMerchant } & SignedInPerson> {
  const merchant = await api.createMerchant();
  const person = await personOf(client, OPERATOR_KEY, merchant.merchantCode, role);
  return { merchant, ...person };
}

const session = (secret: string) =>
  client.request<{ user: { role: string; name: string }; permissions: string[] }>(
    'GET',
    '/console/session',
    asSession(secret),
  );

async function signIn(email: string, password = TEST_PASSWORD) {
  return client.request<{ stage: string; sessionSecret: string }>('POST', '/console/sign-in', {
    body: { email, password },
  });
}

describe('joining by invitation', () => {
  it('sets a password, then 2FA, then opens the console; the link works once', async () => {
    const merchant = await api.createMerchant({ channelName: 'Bangkok Books' });
    const email = `ana-${randomBytes(3).toString('hex')}@shop.example`;
    const invited = await client.request<{ invitationUrl: string; role: string }>(
      'POST',
      `/operator/merchants/${merchant.merchantCode}/invitations`,
      { token: OPERATOR_KEY, body: { email } },
    );
    expect(invited.status, invited.text).toBe(201);
    expect(invited.body.role).toBe('owner');
    const token = new URL(invited.body.invitationUrl).searchParams.get('invitation')!;
    const preview = await client.request('POST', '/console/invitations/!open', { body: { token } });
    expect(preview.body).toMatchObject({ email, role: 'owner', channelName: 'Bangkok Books' });

    const weak = await client.request('POST', '/console/invitations/!accept', {
      body: { token, name: 'Ana', password: 'short' },
    });
    expectProblem(weak, 400, 'VALIDATION_FAILED');
    expect(fieldsOf(weak)).toEqual(['password']);

    const person = await joinByInvitation(client, token, email);
    expect(person.recoveryCodes).toHaveLength(10);
    expect((await session(person.session)).body).toMatchObject({ user: { role: 'owner', name: 'Ana Lima' } });
    expectProblem(
      await client.request('POST', '/console/invitations/!accept', {
        body: { token, name: 'Someone', password: TEST_PASSWORD },
      }),
      404,
      'INVITATION_INVALID',
    );
    // The password is kept as an argon2id hash, the TOTP secret sealed.
    const row = await api.runtime.deps.db
      .selectFrom('console_users')
      .select(['password_hash', 'totp_secret'])
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(row.totp_secret).not.toContain(person.totpSecret);
  });

  it('refuses a pending sign-in where an active session is needed', async () => {
    const { email } = await team();
    const pending = await signIn(email);
    expect(pending.body.stage).toBe('second_factor');
    expectProblem(await session(pending.body.sessionSecret), 401, 'CONSOLE_SESSION_INVALID');
    expectProblem(
      await client.request('POST', '/console/session/tokens', asSession(pending.body.sessionSecret)),
      401,
      'CONSOLE_SESSION_INVALID',
    );
  });
});

describe('signing in', () => {
  it('needs the password and a fresh TOTP code; a code is taken once', async () => {
    const person = await team();
    const { email } = person;
    expectProblem(await signIn(email, 'wrong password here'), 401, 'SIGN_IN_FAILED');
    expectProblem(
      await signIn(`nobody-${randomBytes(3).toString('hex')}@shop.example`),
      401,
      'SIGN_IN_FAILED',
    );
    const pending = await signIn(email.toUpperCase());
    expect(pending.status).toBe(200);
    const secret = pending.body.sessionSecret;
    expectProblem(
      await client.request('POST', '/console/sign-in/!second-factor', {
        ...asSession(secret),
        body: { code: '000000' },
      }),
      401,
      'SECOND_FACTOR_INVALID',
    );
    // The enrolment took the current step: the same code again is refused; the next step's is taken.
    const reused = await client.request('POST', '/console/sign-in/!second-factor', {
      ...asSession(secret),
      body: { code: await totpCode(person.totpSecret, person.enrolledAtSecs) },
    });
    expectProblem(reused, 401, 'SECOND_FACTOR_INVALID');
    const next = await client.request<{ sessionSecret: string; recoveryCodes?: string[] }>(
      'POST',
      '/console/sign-in/!second-factor',
      {
        ...asSession(secret),
        body: { code: await nextCode(person) },
      },
    );
    expect(next.status, next.text).toBe(200);
    expect(next.body.recoveryCodes).toBeUndefined();
    expect(next.body.sessionSecret).not.toBe(secret);
    // The pending secret does not become the session's (no fixation).
    expectProblem(await session(secret), 401, 'CONSOLE_SESSION_INVALID');
    expect((await session(next.body.sessionSecret)).status).toBe(200);
  });

  it('ends a sign-in after five wrong codes: the password is asked again', async () => {
    const person = await team();
    const pending = await signIn(person.email);
    const secret = pending.body.sessionSecret;
    for (let attempt = 0; attempt < 5; attempt++)
      expectProblem(
        await client.request('POST', '/console/sign-in/!second-factor', {
          ...asSession(secret),
          body: { code: String(100000 + attempt) },
        }),
        401,
        'SECOND_FACTOR_INVALID',
      );
    expectProblem(
      await client.request('POST', '/console/sign-in/!second-factor', {
        ...asSession(secret),
        body: { code: await nextCode(person) },
      }),
      401,
      'CONSOLE_SESSION_INVALID',
    );
  });

  it('takes each recovery code once, typed in any case and spacing', async () => {
    const { email, recoveryCodes } = await team();
    const code = recoveryCodes[0]!;
    const first = await signIn(email);
    const used = await client.request('POST', '/console/sign-in/!second-factor', {
      ...asSession(first.body.sessionSecret),
      body: { recoveryCode: code.toLowerCase().replace(/-/g, ' ') },
    });
    expect(used.status, used.text).toBe(200);
    const second = await signIn(email);
    expectProblem(
      await client.request('POST', '/console/sign-in/!second-factor', {
        ...asSession(second.body.sessionSecret),
        body: { recoveryCode: code },
      }),
      401,
      'SECOND_FACTOR_INVALID',
    );
  });
});

describe('roles, enforced by the API through the console’s tokens', () => {
  it('a viewer reads payments but cannot cancel, see the signing secret, mint tokens or manage the team', async () => {
    const { merchant, session: viewer } = await team('viewer');
    const merchantToken = await client.token(merchant, ALL_PAYIN_OPERATIONS);
    const idPayin = newIdPayin();
    expect(
      (await client.request('POST', `/payins/${idPayin}`, { token: merchantToken, body: payinRequest() }))
        .status,
    ).toBe(201);

    const token = await consoleToken(client, viewer);
    expect((await client.request('GET', `/payins/${idPayin}`, { token })).status).toBe(200);
    expect((await client.request('GET', '/payins', { token })).status).toBe(200);
    expectProblem(
      await client.request('POST', `/payins/${idPayin}/!cancel`, { token, body: {} }),
      403,
      'OPERATION_NOT_PERMITTED',
    );
    expectProblem(
      await client.request('GET', '/callbacks/signing-secret', { token }),
      403,
      'OPERATION_NOT_PERMITTED',
    );
    expectProblem(await client.request('GET', '/api-keys', { token }), 403, 'OPERATION_NOT_PERMITTED');
    expectProblem(
      await client.request('POST', '/console/session/auth-tokens', {
        ...asSession(viewer),
        body: { operations: ['GET /.*'] },
      }),
      403,
      'ROLE_NOT_PERMITTED',
    );
    expectProblem(await client.request('GET', '/console/team', asSession(viewer)), 403, 'ROLE_NOT_PERMITTED');
    expect((await session(viewer)).body.permissions).toEqual(['payments.read']);
  });

  it('finance cancels and records the person’s name; a developer reads the signing secret but cannot cancel', async () => {
    const { merchant, session: finance } = await team('finance');
    const developer = await personOf(client, OPERATOR_KEY, merchant.merchantCode, 'developer', 'Dev Patel');
    const idPayin = newIdPayin();
    const merchantToken = await client.token(merchant, [...ALL_PAYIN_OPERATIONS, 'GET /audit-events']);
    await client.request('POST', `/payins/${idPayin}`, { token: merchantToken, body: payinRequest() });

    const devToken = await consoleToken(client, developer.session);
    expect((await client.request('GET', '/callbacks/signing-secret', { token: devToken })).status).toBe(200);
    expectProblem(
      await client.request('POST', `/payins/${idPayin}/!cancel`, { token: devToken, body: {} }),
      403,
      'OPERATION_NOT_PERMITTED',
    );
    const minted = await client.request<{ token: string }>('POST', '/console/session/auth-tokens', {
      ...asSession(developer.session),
      body: { operations: ['GET /merchant-info'] },
    });
    expect(minted.status).toBe(200);

    const financeToken = await consoleToken(client, finance);
    expectProblem(
      await client.request('GET', '/callbacks/signing-secret', { token: financeToken }),
      403,
      'OPERATION_NOT_PERMITTED',
    );
    const cancelled = await client.request('POST', `/payins/${idPayin}/!cancel`, {
      token: financeToken,
      body: {},
    });
    expect(cancelled.status, cancelled.text).toBe(200);
    const audit = await client.request<{ data: { action: string; actor: Record<string, unknown> }[] }>(
      'GET',
      '/audit-events?action=payin.cancelled',
      { token: merchantToken },
    );
    expect(audit.body.data[0]!.actor).toMatchObject({ type: 'USER', name: 'Ana Lima' });
  });
});

describe('sessions end everywhere', () => {
  it('sign-out refuses the session and its tokens at once; everywhere ends the other sessions too', async () => {
    const person = await team();
    const { email, session: first } = person;
    const pending = await signIn(email);
    const second = await client.request<{ sessionSecret: string }>(
      'POST',
      '/console/sign-in/!second-factor',
      {
        ...asSession(pending.body.sessionSecret),
        body: { code: await nextCode(person) },
      },
    );
    const other = second.body.sessionSecret;
    const token = await consoleToken(client, first);
    const otherToken = await consoleToken(client, other);
    expect((await client.request('GET', '/payins', { token })).status).toBe(200);

    const out = await client.request<{ ended: number }>(
      'POST',
      '/console/session/!sign-out',
      asSession(first),
    );
    expect(out.body.ended).toBe(1);
    expectProblem(await session(first), 401, 'CONSOLE_SESSION_INVALID');
    expectProblem(await client.request('GET', '/payins', { token }), 401, 'CONSOLE_SESSION_INVALID');
    expect((await client.request('GET', '/payins', { token: otherToken })).status).toBe(200);

    const everywhere = await client.request<{ ended: number }>('POST', '/console/session/!sign-out', {
      ...asSession(other),
      body: { everywhere: true },
    });
    expect(everywhere.body.ended).toBe(1);
    expectProblem(
      await client.request('GET', '/payins', { token: otherToken }),
      401,
      'CONSOLE_SESSION_INVALID',
    );
  });

  it('reaches another instance on the same database within seconds', async () => {
    const second = await startTestApi({ OPERATOR_API_KEY: OPERATOR_KEY }, { sharing: api });
    try {
      const { session: secret } = await team();
      const token = await consoleToken(client, secret);
      expect((await second.client.request('GET', '/payins', { token })).status).toBe(200);
      await client.request('POST', '/console/session/!sign-out', asSession(secret));
      await second.runtime.deps.people.refresh();
      expectProblem(await second.client.request('GET', '/payins', { token }), 401, 'CONSOLE_SESSION_INVALID');
      expectProblem(
        await second.client.request('GET', '/console/session', asSession(secret)),
        401,
        'CONSOLE_SESSION_INVALID',
      );
    } finally {
      await second.close();
    }
  });
});

describe('the team', () => {
  it('owners invite, change roles (ending sessions), disable; the last owner stays', async () => {
    const { merchant, session: owner } = await team();
    const admin = await personOf(client, OPERATOR_KEY, merchant.merchantCode, 'admin', 'Ade Admin');
    const list = await client.request<{
      users: { idUser: string; role: string; name: string; secondFactor: boolean }[];
    }>('GET', '/console/team', asSession(owner));
    expect(list.body.users.map((user) => [user.role, user.secondFactor])).toEqual([
      ['owner', true],
      ['admin', true],
    ]);
    const ownerId = list.body.users[0]!.idUser;
    const adminId = list.body.users[1]!.idUser;

    // An admin invites a finance person but not an owner, and cannot touch the owner.
    const invited = await client.request<{ invitationUrl: string }>('POST', '/console/team/invitations', {
      ...asSession(admin.session),
      body: { email: `fin-${randomBytes(3).toString('hex')}@shop.example`, role: 'finance' },
    });
    expect(invited.status, invited.text).toBe(201);
    expect(invited.body.invitationUrl).toContain('/console/join?invitation=');
    expectProblem(
      await client.request('POST', '/console/team/invitations', {
        ...asSession(admin.session),
        body: { email: `own-${randomBytes(3).toString('hex')}@shop.example`, role: 'owner' },
      }),
      403,
      'ROLE_NOT_PERMITTED',
    );
    expectProblem(
      await client.request('PATCH', `/console/team/users/${ownerId}`, {
        ...asSession(admin.session),
        body: { role: 'viewer' },
      }),
      403,
      'ROLE_NOT_PERMITTED',
    );
    expectProblem(
      await client.request('PATCH', `/console/team/users/${ownerId}`, {
        ...asSession(owner),
        body: { role: 'admin' },
      }),
      409,
      'LAST_OWNER',
    );

    // Changing the admin's role ends their sessions: the new role applies at once.
    const changed = await client.request('PATCH', `/console/team/users/${adminId}`, {
      ...asSession(owner),
      body: { role: 'viewer' },
    });
    expect(changed.body).toMatchObject({ role: 'viewer', openSessions: 0 });
    expectProblem(await session(admin.session), 401, 'CONSOLE_SESSION_INVALID');

    const disabled = await client.request(
      'POST',
      `/console/team/users/${adminId}/!disable`,
      asSession(owner),
    );
    expect(disabled.body).toMatchObject({ disabledAt: expect.any(String) });
    expectProblem(await signIn(admin.email), 401, 'SIGN_IN_FAILED');

    const merchantToken = await client.token(merchant, ['GET /audit-events']);
    const audit = await client.request<{ data: { action: string; actor: { name?: string } }[] }>(
      'GET',
      '/audit-events',
      {
        token: merchantToken,
      },
    );
    expect(audit.body.data.slice(0, 3).map((event) => [event.action, event.actor.name])).toEqual([
      ['user.disabled', 'Ana Lima'],
      ['user.role_changed', 'Ana Lima'],
      ['user.invited', 'Ade Admin'],
    ]);
  });
});

describe('the audit log of console actions', () => {
  it('records minted tokens, test callbacks, simulations and redeliveries with the person', async () => {
    const { merchant, session: owner } = await team();
    const token = await consoleToken(client, owner);
    const idPayin = newIdPayin();
    const merchantToken = await client.token(merchant, [...ALL_PAYIN_OPERATIONS, 'GET /audit-events']);
    await client.request('POST', `/payins/${idPayin}`, {
      token: merchantToken,
      body: payinRequest({ callbackUrl: 'http://127.0.0.1:9/hooks' }),
    });
    expect(
      (
        await client.request('POST', '/console/session/auth-tokens', {
          ...asSession(owner),
          body: { operations: ['GET /merchant-info'] },
        })
      ).status,
    ).toBe(200);
    expect(
      (await client.request('POST', '/callbacks/!test', { token, body: { url: 'http://127.0.0.1:9/test' } }))
        .status,
    ).toBe(200);
    expect(
      (
        await client.request('POST', `/sandbox/payins/${idPayin}/!simulate`, {
          token,
          body: { status: 'SUCCESS' },
        })
      ).status,
    ).toBe(200);
    expect((await client.request('POST', `/payins/${idPayin}/callbacks/!redeliver`, { token })).status).toBe(
      202,
    );
    const audit = await client.request<{
      data: { action: string; target: string | null; actor: { name?: string } }[];
    }>('GET', '/audit-events', { token: merchantToken });
    expect(
      audit.body.data.slice(0, 4).map((event) => [event.action, event.target, event.actor.name]),
    ).toEqual([
      ['callback.redelivered', idPayin, 'Ana Lima'],
      ['payin.simulated', idPayin, 'Ana Lima'],
      ['callback.test_sent', null, 'Ana Lima'],
      ['token.minted', null, 'Ana Lima'],
    ]);
  });
});

describe('the merchant’s time zone', () => {
  it('owners and admins set it for the console; the session says it; viewers cannot', async () => {
    const { merchant, session: owner } = await team();
    expect((await session(owner)).body).toMatchObject({ merchant: { timeZone: 'UTC' } });
    const refused = await client.request('PATCH', '/console/merchant-settings', {
      ...asSession(owner),
      body: { timeZone: 'Asia/Atlantis' },
    });
    expectProblem(refused, 400, 'VALIDATION_FAILED');
    expect(fieldsOf(refused)).toEqual(['timeZone']);
    const set = await client.request('PATCH', '/console/merchant-settings', {
      ...asSession(owner),
      body: { timeZone: 'Asia/Bangkok' },
    });
    expect(set.body).toEqual({ timeZone: 'Asia/Bangkok' });
    expect((await session(owner)).body).toMatchObject({ merchant: { timeZone: 'Asia/Bangkok' } });
    const viewer = await personOf(client, OPERATOR_KEY, merchant.merchantCode, 'viewer');
    expectProblem(
      await client.request('PATCH', '/console/merchant-settings', {
        ...asSession(viewer.session),
        body: { timeZone: 'UTC' },
      }),
      403,
      'ROLE_NOT_PERMITTED',
    );
    const operatorView = await client.request<{ timeZone: string }>(
      'GET',
      `/operator/merchants/${merchant.merchantCode}`,
      { token: OPERATOR_KEY },
    );
    expect(operatorView.body.timeZone).toBe('Asia/Bangkok');
    const audit = await client.request<{
      data: { action: string; details: unknown; actor: { type: string } }[];
    }>('GET', '/audit-events?action=merchant.updated', {
      token: await client.token(merchant, ['GET /audit-events']),
    });
    expect(audit.body.data[0]).toMatchObject({
      actor: { type: 'USER' },
      details: { before: { timeZone: 'UTC' }, after: { timeZone: 'Asia/Bangkok' } },
    });
  });
});

describe('the demo merchant', () => {
  it('prints an owner invitation while nobody has joined', async () => {
    const demo = await startTestApi();
    try {
      expect(demo.runtime.demoOwnerInvitationUrl).toMatch(/\/console\/join\?invitation=/);
    } finally {
      await demo.close();
    }
  });
});
