import 'server-only';
import type { Context } from 'hono';
import { z } from 'zod';
import {
  completedSignInSchema,
  consoleSessionSchema,
  consoleTokenSchema,
  createdInvitationSchema,
  endedSessionsSchema,
  enrolmentSchema,
  invitationPreviewSchema,
  invitationSchema,
  pendingSignInSchema,
  teamSchema,
} from '@/lib/api/console-responses';
import { tokenResponseSchema } from '@/lib/api/responses';
import { can, ROLES, type Permission } from '@/lib/console/roles';
import { isTimeZone } from '@/lib/format/time-zone';
import { consoleAuthTokenByActionRequestSchema, consoleAuthTokenRequestSchema } from '@/lib/schemas';
import type { AuditAction } from '../../audit-log';
import { AppError } from '../../errors';
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  type ClientInfo,
  type ConsoleUser,
  type Invitation,
  type PendingSignIn,
  type SignedInPerson,
} from '../../people';
import { recordAuditOf } from '../audit';
import type { ApiDependencies, ApiEnv } from '../context';
import { reply, responseHeaders } from '../reply';
import { clientAddress, header } from '../request-info';
import { defineRoute, type ApiRoute } from '../route';
import { issueActionToken, issueGeneralToken } from './token.routes';

const TAG = 'Console';
const BEARER = /^bearer +([A-Za-z0-9_-]{20,100})$/i;
const CONSOLE_SECURITY = [['consoleSession']] as const;
const ID_USER = /^usr_[0-9a-f]{24}$/;
const ID_INVITATION = /^inv_[0-9a-f]{24}$/;
const FOR_THE_CONSOLE =
  " The console's own endpoints (docs/decisions/035): its server calls them for the person whose session it holds.";

const emailSchema = z
  .email({ message: 'An e-mail address, e.g. ana@shop.example.' })
  .max(254)
  .transform((email) => email.trim());
const passwordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `At least ${PASSWORD_MIN_LENGTH} characters: a few words make a good one.`)
  .max(PASSWORD_MAX_LENGTH, `At most ${PASSWORD_MAX_LENGTH} characters.`);
const nameSchema = z
  .string()
  .trim()
  .min(1, 'Your name, as your team knows you.')
  .max(120, 'At most 120 characters.')
  .regex(/^[^\p{Cc}]*$/u, 'No control characters.');
const tokenSchema = z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, 'The token from the invitation link.');

const signInSchema = z.strictObject({
  email: emailSchema,
  password: z.string().min(1).max(PASSWORD_MAX_LENGTH),
});
const secondFactorSchema = z
  .strictObject({
    code: z
      .string()
      .trim()
      .regex(/^\d{6}$/, 'The 6-digit code your authenticator app shows.')
      .optional(),
    recoveryCode: z.string().trim().min(12).max(20).optional(),
  })
  .refine((body) => (body.code === undefined) !== (body.recoveryCode === undefined), {
    message: 'Give the code from your app, or one recovery code.',
    when: (payload) => payload.issues.length === 0,
  });
const invitationTokenSchema = z.strictObject({ token: tokenSchema });
const acceptSchema = z.strictObject({ token: tokenSchema, name: nameSchema, password: passwordSchema });
const signOutSchema = z.strictObject({ everywhere: z.boolean().default(false) });
const inviteSchema = z.strictObject({ email: emailSchema, role: z.enum(ROLES) });
const roleSchema = z.strictObject({ role: z.enum(ROLES) });
const settingsSchema = z.strictObject({
  timeZone: z.string().refine(isTimeZone, 'An IANA time zone, e.g. Asia/Bangkok.'),
});

function clientOf(c: Context<ApiEnv>, deps: ApiDependencies): ClientInfo {
  return { address: clientAddress(c, deps.trustProxy), userAgent: header(c, 'user-agent') };
}

function sessionSecretOf(c: Context<ApiEnv>): string {
  const secret = BEARER.exec(header(c, 'authorization')?.trim() ?? '')?.[1];
  if (secret === undefined)
    throw new AppError(
      'AUTHENTICATION_REQUIRED',
      "Send the console session's secret: Authorization: Bearer <secret>.",
    );
  return secret;
}

/** The signed-in person whose session secret the request carries, allowed `permission` when given. */
async function personOf(
  c: Context<ApiEnv>,
  deps: ApiDependencies,
  permission?: Permission,
): Promise<SignedInPerson> {
  const person = await deps.people.requireSignedIn(sessionSecretOf(c));
  if (permission && !can(person.user.role, permission))
    throw new AppError('ROLE_NOT_PERMITTED', `The ${person.user.role} role cannot do this (${permission}).`);
  return person;
}

function pendingReply(c: Context<ApiEnv>, pending: PendingSignIn) {
  responseHeaders(c)['cache-control'] = 'no-store';
  return reply(c, {
    stage: pending.stage,
    sessionSecret: pending.secret,
    expiresAt: pending.expiresAt.toISOString(),
  });
}

/** A failed attempt counts against the client address like a wrong merchant secret, with its lockout. */
async function failed(c: Context<ApiEnv>, deps: ApiDependencies, error: AppError): Promise<never> {
  throw (await deps.authFailures.recordFailure(clientAddress(c, deps.trustProxy))) ?? error;
}

/** Runs `work`; its refusal with `code` counts as a failed attempt (guessed invitation tokens, codes). */
async function countingFailures<T>(
  c: Context<ApiEnv>,
  deps: ApiDependencies,
  code: 'INVITATION_INVALID' | 'SECOND_FACTOR_INVALID',
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AppError && error.code === code) return failed(c, deps, error);
    throw error;
  }
}

const actorOf = (user: ConsoleUser) => ({ type: 'user' as const, idUser: user.id, name: user.name });

async function audit(
  c: Context<ApiEnv>,
  deps: ApiDependencies,
  person: SignedInPerson,
  event: { action: AuditAction; target?: string; details?: Record<string, unknown> },
): Promise<void> {
  await recordAuditOf(c, deps, person.merchant.code, actorOf(person.user), event);
}

function presentInvitation(invitation: Invitation) {
  return {
    idInvitation: invitation.id,
    email: invitation.email,
    role: invitation.role,
    createdAt: invitation.createdAt.toISOString(),
    expiresAt: invitation.expiresAt.toISOString(),
  };
}

/** Every console route: its tag and version, a session's secret as credential unless `signedIn: false`. */
function consoleRoute<Body extends z.ZodType | undefined = undefined>({
  signedIn = true,
  ...route
}: Omit<ApiRoute<Body>, 'tag' | 'versioned' | 'auth' | 'security'> & { signedIn?: boolean }): ApiRoute<Body> {
  return defineRoute<Body>({
    ...route,
    description: route.description + FOR_THE_CONSOLE,
    tag: TAG,
    versioned: true,
    auth: 'none',
    ...(signedIn && { security: CONSOLE_SECURITY }),
    errors: [
      ...(route.body ? (['VALIDATION_FAILED', 'MALFORMED_JSON'] as const) : []),
      ...(signedIn ? (['AUTHENTICATION_REQUIRED', 'CONSOLE_SESSION_INVALID'] as const) : []),
      ...route.errors,
    ],
  });
}

/** The link a person opens to join: the console's page, with the token in the query. */
export function invitationUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/console/join?${new URLSearchParams({ invitation: token }).toString()}`;
}

function userParam(c: Context<ApiEnv>): string {
  const id = c.req.param('idUser') ?? '';
  if (!ID_USER.test(id)) throw new AppError('USER_NOT_FOUND', 'There is no such person on your team.');
  return id;
}

/**
 * The console's sign-in, session and team endpoints (docs/decisions/035). People sign in with
 * e-mail, password and a TOTP code; the session's secret is the console's cookie, sent here as a
 * bearer credential; the console's API tokens carry the role's operations and die with the session.
 */
export function consoleRoutes(publicUrl: string): readonly ApiRoute[] {
  return [
    consoleRoute({
      signedIn: false,
      method: 'POST',
      path: '/console/sign-in',
      operationId: 'consoleSignIn',
      summary: 'Sign in with e-mail and password',
      description:
        'The first step: answers a pending sign-in whose `stage` says what comes next, `second_factor` (a code from ' +
        'the authenticator app) or `enrol` (2FA to set up first). Wrong e-mail and wrong password answer alike, and count ' +
        'as failed attempts of the client address.',
      body: signInSchema,
      responses: {
        200: { description: 'The sign-in, pending its second factor.', schema: pendingSignInSchema },
      },
      errors: ['SIGN_IN_FAILED', 'TOO_MANY_FAILED_ATTEMPTS'],
      async handle(c, { body, deps }) {
        const client = clientOf(c, deps);
        await deps.authFailures.assertAddressMayTry(client.address);
        const pending = await deps.people.signIn(body.email, body.password, client);
        if (!pending)
          return failed(
            c,
            deps,
            new AppError('SIGN_IN_FAILED', 'The e-mail address or the password is not right.'),
          );
        return pendingReply(c, pending);
      },
    }),
    consoleRoute({
      method: 'GET',
      path: '/console/sign-in/enrolment',
      operationId: 'consoleEnrolment',
      summary: 'Read the 2FA secret being set up',
      description:
        'For a pending sign-in at stage `enrol`: the TOTP secret and its otpauth:// URI (for a QR code) to add to an ' +
        'authenticator app.',
      responses: { 200: { description: 'What the app needs.', schema: enrolmentSchema } },
      errors: [],
      async handle(c, { deps }) {
        const enrolment = await deps.people.enrolment(sessionSecretOf(c));
        responseHeaders(c)['cache-control'] = 'no-store';
        return reply(c, { secret: enrolment.secret, otpauthUri: enrolment.uri, email: enrolment.email });
      },
    }),
    consoleRoute({
      method: 'POST',
      path: '/console/sign-in/!second-factor',
      operationId: 'consoleSecondFactor',
      summary: 'Complete a sign-in with a code',
      description:
        'A 6-digit TOTP code (each taken once), or one recovery code (used up). At stage `enrol` the code confirms the ' +
        'new 2FA and the answer carries ten recovery codes, shown this once. The session continues under a new secret.',
      body: secondFactorSchema,
      responses: { 200: { description: 'Signed in.', schema: completedSignInSchema } },
      errors: ['SECOND_FACTOR_INVALID', 'TOO_MANY_FAILED_ATTEMPTS'],
      async handle(c, { body, deps }) {
        const address = clientAddress(c, deps.trustProxy);
        await deps.authFailures.assertAddressMayTry(address);
        const secret = sessionSecretOf(c);
        let done: Awaited<ReturnType<typeof deps.people.completeSignIn>>;
        try {
          done = await deps.people.completeSignIn(secret, body);
        } catch (error) {
          if (error instanceof AppError && error.code === 'SECOND_FACTOR_INVALID')
            return failed(c, deps, error);
          throw error;
        }
        const person = await deps.people.requireSignedIn(done.secret);
        if (done.enrolled)
          await audit(c, deps, person, { action: 'user.second_factor_enabled', target: person.user.id });
        responseHeaders(c)['cache-control'] = 'no-store';
        return reply(c, {
          stage: 'active',
          sessionSecret: done.secret,
          expiresAt: done.expiresAt.toISOString(),
          ...(done.recoveryCodes && { recoveryCodes: done.recoveryCodes }),
        });
      },
    }),
    consoleRoute({
      signedIn: false,
      method: 'POST',
      path: '/console/invitations/!open',
      operationId: 'consoleOpenInvitation',
      summary: 'Read an invitation',
      description:
        'What an invitation link offers: the merchant, the e-mail address and the role. Used, withdrawn and expired ' +
        'links answer 404 INVITATION_INVALID.',
      body: invitationTokenSchema,
      responses: { 200: { description: 'The invitation.', schema: invitationPreviewSchema } },
      errors: ['INVITATION_INVALID', 'TOO_MANY_FAILED_ATTEMPTS'],
      async handle(c, { body, deps }) {
        await deps.authFailures.assertAddressMayTry(clientAddress(c, deps.trustProxy));
        const { invitation, merchant } = await countingFailures(c, deps, 'INVITATION_INVALID', () =>
          deps.people.openInvitation(body.token),
        );
        return reply(c, {
          email: invitation.email,
          role: invitation.role,
          channelName: merchant.channelName,
          expiresAt: invitation.expiresAt.toISOString(),
        });
      },
    }),
    consoleRoute({
      signedIn: false,
      method: 'POST',
      path: '/console/invitations/!accept',
      operationId: 'consoleAcceptInvitation',
      summary: 'Accept an invitation',
      description:
        'Creates the person (name and password, at least 12 characters, kept as an argon2id hash) with the ' +
        "invitation's e-mail and role, and answers a pending sign-in at stage `enrol`: 2FA is set up before the console " +
        'opens. The link works once.',
      body: acceptSchema,
      responses: {
        200: { description: 'The person, signed in as far as setting up 2FA.', schema: pendingSignInSchema },
      },
      errors: ['INVITATION_INVALID', 'USER_ALREADY_EXISTS', 'TOO_MANY_FAILED_ATTEMPTS'],
      async handle(c, { body, deps }) {
        const client = clientOf(c, deps);
        await deps.authFailures.assertAddressMayTry(client.address);
        const { user, pending } = await countingFailures(c, deps, 'INVITATION_INVALID', () =>
          deps.people.acceptInvitation(body.token, { name: body.name, password: body.password }, client),
        );
        await recordAuditOf(c, deps, user.merchantCode, actorOf(user), {
          action: 'user.joined',
          target: user.id,
          details: { email: user.email, role: user.role },
        });
        return pendingReply(c, pending);
      },
    }),
    consoleRoute({
      method: 'GET',
      path: '/console/session',
      operationId: 'consoleSession',
      summary: 'Read the signed-in session',
      description: 'Who is signed in, for which merchant, and what their role allows.',
      responses: { 200: { description: 'The session.', schema: consoleSessionSchema } },
      errors: [],
      async handle(c, { deps }) {
        const person = await personOf(c, deps);
        return reply(c, {
          idSession: person.session.id,
          user: {
            idUser: person.user.id,
            email: person.user.email,
            name: person.user.name,
            role: person.user.role,
          },
          merchant: {
            merchantCode: person.merchant.code,
            channelName: person.merchant.channelName,
            isTest: person.merchant.isTest,
            timeZone: person.merchant.settings.timeZone ?? 'UTC',
          },
          permissions: person.permissions,
          expiresAt: person.session.expiresAt.toISOString(),
        });
      },
    }),
    consoleRoute({
      method: 'POST',
      path: '/console/session/tokens',
      operationId: 'consoleSessionToken',
      summary: "Mint the console's API token",
      description:
        "A token of at most five minutes with the operations of the person's role; it names the session and is " +
        'refused as soon as the session ends, on every instance within seconds.',
      responses: { 200: { description: 'The token.', schema: consoleTokenSchema } },
      errors: [],
      async handle(c, { deps }) {
        const { token, expiresAt } = await deps.people.consoleToken(await personOf(c, deps));
        responseHeaders(c)['cache-control'] = 'no-store';
        return reply(c, { token, expiresAt: expiresAt.toISOString() });
      },
    }),
    consoleRoute({
      method: 'POST',
      path: '/console/session/!sign-out',
      operationId: 'consoleSignOut',
      summary: 'Sign out',
      description:
        'Ends this session, or with `everywhere` every session of the person; their console tokens are refused at once ' +
        'here and within seconds on every other instance. Pending sign-ins end too.',
      body: signOutSchema,
      bodyOptional: true,
      responses: { 200: { description: 'How many sessions ended.', schema: endedSessionsSchema } },
      errors: [],
      async handle(c, { body, deps }) {
        const secret = sessionSecretOf(c);
        const person = await deps.people.signedIn(secret);
        if (!person) {
          await deps.people.endBySecret(secret);
          return reply(c, { ended: 0 });
        }
        const ended = await deps.people.signOut(person, body.everywhere);
        if (body.everywhere)
          await audit(c, deps, person, {
            action: 'user.sessions_ended',
            target: person.user.id,
            details: { ended },
          });
        return reply(c, { ended });
      },
    }),
    consoleRoute({
      method: 'POST',
      path: '/console/session/auth-tokens',
      operationId: 'consoleMintAuthToken',
      summary: 'Mint a merchant token from the console',
      description:
        'POST /auth-tokens for a signed-in person whose role may mint tokens (owner, admin, developer): the same body ' +
        'without merchantCode and secret.',
      body: consoleAuthTokenRequestSchema,
      responses: { 200: { description: 'The token.', schema: tokenResponseSchema } },
      errors: ['ROLE_NOT_PERMITTED', 'INVALID_OPERATION_PATTERN'],
      async handle(c, { body, deps }) {
        const person = await personOf(c, deps, 'tokens.mint');
        const token = await issueGeneralToken(deps, person.merchant, undefined, body);
        await audit(c, deps, person, {
          action: 'token.minted',
          details: { operations: body.operations, validitySecs: body.validitySecs ?? null },
        });
        return reply(c, { token });
      },
    }),
    consoleRoute({
      method: 'POST',
      path: '/console/session/auth-tokens-by-action',
      operationId: 'consoleMintAuthTokenByAction',
      summary: 'Mint a payin token from the console',
      description:
        'POST /auth-tokens-by-action for a signed-in person whose role may mint tokens (the scenario builder): the ' +
        'same body without merchantCode and secret.',
      body: consoleAuthTokenByActionRequestSchema,
      responses: { 200: { description: 'The token.', schema: tokenResponseSchema } },
      errors: ['ROLE_NOT_PERMITTED'],
      async handle(c, { body, deps }) {
        const person = await personOf(c, deps, 'tokens.mint');
        const token = await issueActionToken(deps, person.merchant, undefined, body);
        await audit(c, deps, person, {
          action: 'token.minted',
          target: body.idPayment,
          details: { action: body.action, validitySecs: body.validitySecs ?? null },
        });
        return reply(c, { token });
      },
    }),
    consoleRoute({
      method: 'PATCH',
      path: '/console/merchant-settings',
      operationId: 'consoleMerchantSettings',
      summary: "Change the merchant's console settings",
      description:
        'The IANA time zone (e.g. Asia/Bangkok) the console shows times in, for everyone of the team. Owners and ' +
        'admins; recorded in the audit log.',
      body: settingsSchema,
      responses: { 200: { description: 'The settings.', schema: settingsSchema } },
      errors: ['ROLE_NOT_PERMITTED'],
      async handle(c, { body, deps }) {
        const person = await personOf(c, deps, 'team.manage');
        const { before, after } = await deps.administration.update(person.merchant.code, {
          timeZone: body.timeZone,
        });
        const from = before.settings.timeZone ?? 'UTC';
        if (from !== body.timeZone)
          await audit(c, deps, person, {
            action: 'merchant.updated',
            target: after.code,
            details: { before: { timeZone: from }, after: { timeZone: body.timeZone } },
          });
        return reply(c, { timeZone: after.settings.timeZone ?? 'UTC' });
      },
    }),
    consoleRoute({
      method: 'GET',
      path: '/console/team',
      operationId: 'consoleTeam',
      summary: 'Read the team',
      description:
        'The people of the merchant (with whether 2FA is set up and how many sessions are open) and the open ' +
        'invitations. Owners and admins.',
      responses: { 200: { description: 'The team.', schema: teamSchema } },
      errors: ['ROLE_NOT_PERMITTED'],
      async handle(c, { deps }) {
        const person = await personOf(c, deps, 'team.manage');
        const { users, invitations } = await deps.people.team(person.merchant.code);
        return reply(c, {
          users: await presentMembers(deps, person.merchant.code, users),
          invitations: invitations.map(presentInvitation),
        });
      },
    }),
    consoleRoute({
      method: 'POST',
      path: '/console/team/invitations',
      operationId: 'consoleInvite',
      summary: 'Invite a person',
      description:
        'An invitation by e-mail with a role, valid for 7 days and once; its link is in this answer only (the console ' +
        'shows it to copy). Only an owner invites an owner.',
      body: inviteSchema,
      responses: { 201: { description: 'The invitation and its link.', schema: createdInvitationSchema } },
      errors: ['ROLE_NOT_PERMITTED', 'USER_ALREADY_EXISTS'],
      async handle(c, { body, deps }) {
        const person = await personOf(c, deps, 'team.manage');
        const { invitation, token } = await deps.people.invite(person.merchant.code, body, person.user);
        await audit(c, deps, person, {
          action: 'user.invited',
          target: invitation.id,
          details: { email: invitation.email, role: invitation.role },
        });
        responseHeaders(c)['cache-control'] = 'no-store';
        return reply(
          c,
          { ...presentInvitation(invitation), invitationUrl: invitationUrl(publicUrl, token) },
          201,
        );
      },
    }),
    consoleRoute({
      method: 'DELETE',
      path: '/console/team/invitations/:idInvitation',
      operationId: 'consoleWithdrawInvitation',
      summary: 'Withdraw an invitation',
      description: 'Its link stops working at once.',
      responses: { 200: { description: 'The withdrawn invitation.', schema: invitationSchema } },
      errors: ['ROLE_NOT_PERMITTED', 'INVITATION_INVALID'],
      async handle(c, { deps }) {
        const person = await personOf(c, deps, 'team.manage');
        const id = c.req.param('idInvitation') ?? '';
        if (!ID_INVITATION.test(id))
          throw new AppError('INVITATION_INVALID', 'There is no open invitation with this id.');
        const invitation = await deps.people.withdrawInvitation(person.merchant.code, id);
        await audit(c, deps, person, {
          action: 'invitation.revoked',
          target: invitation.id,
          details: { email: invitation.email, role: invitation.role },
        });
        return reply(c, presentInvitation(invitation));
      },
    }),
    consoleRoute({
      method: 'PATCH',
      path: '/console/team/users/:idUser',
      operationId: 'consoleChangeRole',
      summary: "Change a person's role",
      description:
        "The person's sessions end, so the new role applies at once. Only an owner changes an owner or makes one; the " +
        'last owner keeps the role (409 LAST_OWNER).',
      body: roleSchema,
      responses: { 200: { description: 'The person.', schema: teamSchema.shape.users.element } },
      errors: ['ROLE_NOT_PERMITTED', 'USER_NOT_FOUND', 'LAST_OWNER'],
      async handle(c, { body, deps }) {
        const person = await personOf(c, deps, 'team.manage');
        const { before, user } = await deps.people.changeRole(person.user, userParam(c), body.role);
        if (before !== user.role)
          await audit(c, deps, person, {
            action: 'user.role_changed',
            target: user.id,
            details: { email: user.email, before: { role: before }, after: { role: user.role } },
          });
        return reply(c, (await presentMembers(deps, person.merchant.code, [user]))[0]);
      },
    }),
    consoleRoute({
      method: 'POST',
      path: '/console/team/users/:idUser/!disable',
      operationId: 'consoleDisableUser',
      summary: 'Disable a person',
      description:
        'They can no longer sign in and their sessions end everywhere. The last owner cannot be disabled.',
      responses: { 200: { description: 'The person.', schema: teamSchema.shape.users.element } },
      errors: ['ROLE_NOT_PERMITTED', 'USER_NOT_FOUND', 'LAST_OWNER'],
      async handle(c, { deps }) {
        const person = await personOf(c, deps, 'team.manage');
        const user = await deps.people.disable(person.user, userParam(c));
        await audit(c, deps, person, {
          action: 'user.disabled',
          target: user.id,
          details: { email: user.email },
        });
        return reply(c, (await presentMembers(deps, person.merchant.code, [user]))[0]);
      },
    }),
    consoleRoute({
      method: 'POST',
      path: '/console/team/users/:idUser/!end-sessions',
      operationId: 'consoleEndSessions',
      summary: "End a person's sessions",
      description:
        'Signs the person out everywhere: anyone may do it for themselves, owners and admins for others.',
      responses: { 200: { description: 'How many sessions ended.', schema: endedSessionsSchema } },
      errors: ['ROLE_NOT_PERMITTED', 'USER_NOT_FOUND'],
      async handle(c, { deps }) {
        const person = await personOf(c, deps);
        const id = userParam(c);
        const ended = await deps.people.endSessionsOf(person.user, id);
        await audit(c, deps, person, { action: 'user.sessions_ended', target: id, details: { ended } });
        return reply(c, { ended });
      },
    }),
  ];
}

/** People as the team page shows them, with their open sessions counted in one query. */
async function presentMembers(deps: ApiDependencies, merchantCode: string, users: readonly ConsoleUser[]) {
  const open = await deps.people.openSessionCounts(merchantCode);
  return users.map((user) => ({
    idUser: user.id,
    email: user.email,
    name: user.name,
    role: user.role,
    secondFactor: user.secondFactorSince !== undefined,
    createdAt: user.createdAt.toISOString(),
    disabledAt: user.disabledAt?.toISOString() ?? null,
    openSessions: open.get(user.id) ?? 0,
  }));
}
