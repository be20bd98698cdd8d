import 'server-only';
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { can, mayAssign, permissionsOf, type Permission, type Role } from '@/lib/console/roles';
import type { Database } from '../db';
import { AppError } from '../errors';
import { hashSecret, type Merchant, type MerchantDirectory } from '../merchants';
import type { TokenService } from '../tokens';
import { hashPassword, passwordMatches } from './passwords';
import {
  advanceSession,
  countActiveOwners,
  countCodeFailure,
  countOpenSessions,
  endSessions,
  findInvitationByTokenHash,
  findSessionBySecretHash,
  findUser,
  findUserByEmail,
  insertInvitation,
  insertSession,
  insertUser,
  listOpenInvitations,
  listSessionsEndedSince,
  listUsers,
  markInvitationAccepted,
  revokeInvitation,
  takeRecoveryCode,
  takeTotpStep,
  touchSession,
  updateUser,
  type ConsoleSessionRecord,
  type ConsoleUser,
  type Invitation,
  type SessionStage,
} from './people.repository';
import { operationsOfRole } from './role-operations';
import {
  newRecoveryCodes,
  newTotpSecret,
  normaliseRecoveryCode,
  sealTotpSecret,
  totpStep,
  totpUri,
  unsealTotpSecret,
} from './second-factor';

/** How long an invitation link stays usable. */
export const INVITATION_VALIDITY_SECS = 7 * 24 * 3600;
/** Wrong codes one sign-in takes before it ends (the password is asked again). */
export const MAX_CODE_ATTEMPTS = 5;
/** How long a sign-in waits for its second factor (or its enrolment). */
const PENDING_SECS = 10 * 60;
/** Console tokens live at most this long; each names its session, checked on every request. */
const CONSOLE_TOKEN_SECS = 300;
/** How long an ended session is remembered for refusing its tokens: longer than any of them lives. */
const ENDED_MEMORY_MS = (CONSOLE_TOKEN_SECS + 120) * 1000;
/** How far back each refresh reads again (a change committed after a look). */
const REFRESH_MARGIN_MS = 60_000;
/** A session's last use is written at most this often. */
const TOUCH_INTERVAL_MS = 60_000;

/** Where a sign-in came from, kept with its session. */
export interface ClientInfo {
  address: string;
  userAgent: string | undefined;
}

/** A sign-in that is not complete yet: its secret (the cookie's value) and what comes next. */
export interface PendingSignIn {
  secret: string;
  stage: Exclude<SessionStage, 'active'>;
  expiresAt: Date;
}

/** A signed-in person: the session, the user, the merchant. */
export interface SignedInPerson {
  session: ConsoleSessionRecord;
  user: ConsoleUser;
  merchant: Merchant;
  permissions: Permission[];
}

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const newSecret = () => randomBytes(32).toString('base64url');

/**
 * The people of merchants' teams (docs/decisions/035): invitations, passwords (argon2id), TOTP with
 * recovery codes, and sessions kept in the database so that signing out, a disabled user or a
 * changed role ends them on every instance.
 */
export class People {
  /** Sessions ended (id → when seen), so their console tokens are refused here at once. */
  private readonly ended = new Map<string, number>();
  private lastLook: Date | undefined;
  private readonly touched = new Map<string, number>();

  constructor(
    private readonly options: {
      db: Kysely<Database>;
      pepper: Buffer;
      /** Seals TOTP secrets at rest. */
      sealingKey: Buffer;
      merchants: MerchantDirectory;
      tokens: TokenService;
      sessionLifetimeSecs: number;
      now?: () => Date;
    },
  ) {}

  private get db() {
    return this.options.db;
  }

  private now(): Date {
    return this.options.now?.() ?? new Date();
  }

  private hash(secret: string): string {
    return hashSecret(this.options.pepper, secret).toString('hex');
  }

  /** A recovery code's keyed hash, however it was typed (its own purpose prefix). */
  private recoveryHash(code: string): string {
    return this.hash(`recovery:${normaliseRecoveryCode(code)}`);
  }

  // Invitations

  /** Invites a person by e-mail with a role; the token (for the link) is in the answer only. */
  async invite(
    merchantCode: string,
    input: { email: string; role: Role },
    invitedBy: ConsoleUser | undefined,
  ): Promise<{ invitation: Invitation; token: string }> {
    if (invitedBy && !mayAssign(invitedBy.role, input.role))
      throw new AppError('ROLE_NOT_PERMITTED', `Only an owner may invite an ${input.role}.`);
    if (await findUserByEmail(this.db, input.email))
      throw new AppError('USER_ALREADY_EXISTS', `${input.email} already has a console account.`);
    const token = newSecret();
    const invitation = await insertInvitation(this.db, {
      id: newId('inv'),
      merchantCode,
      email: input.email,
      role: input.role,
      invitedBy: invitedBy?.id,
      tokenHash: this.hash(token),
      expiresAt: new Date(this.now().getTime() + INVITATION_VALIDITY_SECS * 1000),
    });
    return { invitation, token };
  }

  /** The invitation a link's token opens, while it can be accepted. */
  async openInvitation(token: string): Promise<{ invitation: Invitation; merchant: Merchant }> {
    const invitation = await findInvitationByTokenHash(this.db, this.hash(token));
    const merchant = invitation && (await this.options.merchants.find(invitation.merchantCode));
    if (
      !invitation ||
      !merchant ||
      invitation.acceptedAt ||
      invitation.revokedAt ||
      invitation.expiresAt <= this.now()
    )
      throw new AppError(
        'INVITATION_INVALID',
        'This invitation link was used, withdrawn or has expired: ask for a new one.',
      );
    return { invitation, merchant };
  }

  /** Accepts an invitation: the user is created, and signed in as far as setting up 2FA. */
  async acceptInvitation(
    token: string,
    input: { name: string; password: string },
    client: ClientInfo,
  ): Promise<{ user: ConsoleUser; pending: PendingSignIn }> {
    const { invitation } = await this.openInvitation(token);
    const passwordHash = await hashPassword(input.password);
    const user = await this.db.transaction().execute(async (tx) => {
      if (!(await markInvitationAccepted(tx, invitation.id)))
        throw new AppError('INVITATION_INVALID', 'This invitation link was used meanwhile.');
      const created = await insertUser(tx, {
        id: newId('usr'),
        merchantCode: invitation.merchantCode,
        email: invitation.email,
        name: input.name,
        role: invitation.role,
        passwordHash,
      });
      if (!created)
        throw new AppError('USER_ALREADY_EXISTS', `${invitation.email} already has a console account.`);
      return created;
    });
    return { user, pending: await this.startSignIn(user, client) };
  }

  // Signing in

  private async startSignIn(user: ConsoleUser, client: ClientInfo): Promise<PendingSignIn> {
    const stage = user.secondFactorSince ? 'second_factor' : 'enrol';
    if (stage === 'enrol') {
      // A fresh secret at each enrolment: one shown before and never confirmed is not kept.
      const secret = newTotpSecret();
      await updateUser(this.db, user.id, { totpSecret: sealTotpSecret(this.options.sealingKey, secret) });
    }
    const secret = newSecret();
    const expiresAt = new Date(this.now().getTime() + PENDING_SECS * 1000);
    await insertSession(this.db, {
      id: newId('ses'),
      secretHash: this.hash(secret),
      userId: user.id,
      merchantCode: user.merchantCode,
      stage,
      expiresAt,
      clientAddress: client.address,
      userAgent: client.userAgent?.slice(0, 300),
    });
    return { secret, stage, expiresAt };
  }

  /** Checks e-mail and password; the same work and answer whether or not the e-mail is known. */
  async signIn(email: string, password: string, client: ClientInfo): Promise<PendingSignIn | undefined> {
    const user = await findUserByEmail(this.db, email);
    const matches = await passwordMatches(user?.passwordHash, password);
    if (!user || !matches || user.disabledAt) return undefined;
    return this.startSignIn(user, client);
  }

  /** A session of this stage by its secret, with its user; undefined when ended, expired or unknown. */
  private async sessionAt(
    secret: string,
    stages: readonly SessionStage[],
  ): Promise<{ session: ConsoleSessionRecord; user: ConsoleUser } | undefined> {
    const session = await findSessionBySecretHash(this.db, this.hash(secret));
    if (!session || session.endedAt || session.expiresAt <= this.now() || !stages.includes(session.stage))
      return undefined;
    const user = await findUser(this.db, session.userId);
    if (!user || user.disabledAt) return undefined;
    return { session, user };
  }

  private async pending(secret: string, stages: readonly SessionStage[]) {
    const found = await this.sessionAt(secret, stages);
    if (!found)
      throw new AppError('CONSOLE_SESSION_INVALID', 'This sign-in has ended or expired: sign in again.');
    return found;
  }

  /** What to show an authenticator app while setting up 2FA: the secret and its otpauth URI. */
  async enrolment(secret: string): Promise<{ secret: string; uri: string; email: string }> {
    const { user } = await this.pending(secret, ['enrol']);
    const totp = unsealTotpSecret(this.options.sealingKey, user.totpSecret!);
    return { secret: totp, uri: totpUri(user.email, totp), email: user.email };
  }

  /**
   * The second step: a TOTP code (or, once 2FA is set up, a recovery code). Setting up 2FA answers
   * the recovery codes, once. The session moves on under a new secret.
   */
  async completeSignIn(
    secret: string,
    input: { code?: string | undefined; recoveryCode?: string | undefined },
  ): Promise<{ secret: string; expiresAt: Date; recoveryCodes?: string[]; enrolled: boolean }> {
    const { session, user } = await this.pending(secret, ['second_factor', 'enrol']);
    const invalid = async () => {
      await countCodeFailure(this.db, session.id, MAX_CODE_ATTEMPTS);
      return new AppError(
        'SECOND_FACTOR_INVALID',
        'The code is not valid: check your app and try the current one.',
      );
    };
    let recoveryCodes: string[] | undefined;
    if (input.recoveryCode !== undefined) {
      if (session.stage !== 'second_factor') throw await invalid();
      if (!(await takeRecoveryCode(this.db, user.id, this.recoveryHash(input.recoveryCode))))
        throw await invalid();
    } else {
      const totp = user.totpSecret && unsealTotpSecret(this.options.sealingKey, user.totpSecret);
      const step = totp
        ? await totpStep(totp, input.code ?? '', Math.floor(this.now().getTime() / 1000))
        : undefined;
      if (step === undefined || !(await takeTotpStep(this.db, user.id, step))) throw await invalid();
      if (session.stage === 'enrol') {
        recoveryCodes = newRecoveryCodes();
        await updateUser(this.db, user.id, {
          secondFactorSince: this.now(),
          recoveryCodeHashes: recoveryCodes.map((code) => this.recoveryHash(code)),
        });
      }
    }
    const next = newSecret();
    const expiresAt = new Date(this.now().getTime() + this.options.sessionLifetimeSecs * 1000);
    if (
      !(await advanceSession(this.db, session.id, session.stage, {
        stage: 'active',
        secretHash: this.hash(next),
        expiresAt,
      }))
    )
      throw new AppError('CONSOLE_SESSION_INVALID', 'This sign-in has ended meanwhile: sign in again.');
    return {
      secret: next,
      expiresAt,
      enrolled: session.stage === 'enrol',
      ...(recoveryCodes && { recoveryCodes }),
    };
  }

  /** The signed-in person of an active session's secret, or undefined. */
  async signedIn(secret: string): Promise<SignedInPerson | undefined> {
    const found = await this.sessionAt(secret, ['active']);
    if (!found) return undefined;
    const merchant = await this.options.merchants.find(found.user.merchantCode);
    if (!merchant) return undefined;
    const now = this.now().getTime();
    const touched = this.touched.get(found.session.id);
    if (touched === undefined || now - touched > TOUCH_INTERVAL_MS) {
      this.touched.set(found.session.id, now);
      if (this.touched.size > 10_000) this.touched.clear();
      await touchSession(this.db, found.session.id);
    }
    return { ...found, merchant, permissions: permissionsOf(found.user.role) };
  }

  async requireSignedIn(secret: string): Promise<SignedInPerson> {
    const person = await this.signedIn(secret);
    if (!person)
      throw new AppError('CONSOLE_SESSION_INVALID', 'Your console session has ended: sign in again.');
    return person;
  }

  /** A short-lived API token with the operations of the person's role, valid while the session is. */
  async consoleToken(person: SignedInPerson): Promise<{ token: string; expiresAt: Date }> {
    const remaining = Math.floor((person.session.expiresAt.getTime() - this.now().getTime()) / 1000);
    const validitySecs = Math.max(1, Math.min(CONSOLE_TOKEN_SECS, remaining));
    const token = await this.options.tokens.issue({
      merchantCode: person.merchant.code,
      operations: operationsOfRole(person.user.role),
      validitySecs,
      console: { sessionId: person.session.id, userId: person.user.id, name: person.user.name },
    });
    return { token, expiresAt: new Date(this.now().getTime() + validitySecs * 1000) };
  }

  /** Whether a console token's session is still open (ended here, or seen ended by a refresh). */
  isSessionOpen(sessionId: string): boolean {
    return !this.ended.has(sessionId);
  }

  private forget(ids: readonly string[]): void {
    const now = Date.now();
    for (const id of ids) this.ended.set(id, now);
  }

  /** Signs out: this session, or every session of the person. */
  async signOut(person: SignedInPerson, everywhere: boolean): Promise<number> {
    const ids = await endSessions(
      this.db,
      everywhere ? { userId: person.user.id } : { id: person.session.id },
    );
    this.forget(ids);
    return ids.length;
  }

  /** Ends any sign-in (pending ones too) by its secret; nothing when it is unknown. */
  async endBySecret(secret: string): Promise<void> {
    const session = await findSessionBySecretHash(this.db, this.hash(secret));
    if (session) this.forget(await endSessions(this.db, { id: session.id }));
  }

  /** Takes in sessions other instances ended since the last look; forgets what no token outlives. */
  async refresh(): Promise<void> {
    const since = new Date(
      this.lastLook
        ? this.lastLook.getTime() - REFRESH_MARGIN_MS
        : Date.now() - ENDED_MEMORY_MS - REFRESH_MARGIN_MS,
    );
    const look = this.now();
    this.forget(await listSessionsEndedSince(this.db, since));
    this.lastLook = look;
    const cutoff = Date.now() - ENDED_MEMORY_MS - REFRESH_MARGIN_MS;
    for (const [id, at] of this.ended) if (at < cutoff) this.ended.delete(id);
  }

  // The team

  async team(merchantCode: string): Promise<{ users: ConsoleUser[]; invitations: Invitation[] }> {
    const [users, invitations] = await Promise.all([
      listUsers(this.db, merchantCode),
      listOpenInvitations(this.db, merchantCode),
    ]);
    return { users, invitations };
  }

  /** How many sessions each person of the merchant has open (absent: none). */
  openSessionCounts(merchantCode: string): Promise<Map<string, number>> {
    return countOpenSessions(this.db, merchantCode);
  }

  /** A member of the actor's team the actor may manage (an admin does not manage owners). */
  private async manageable(actor: ConsoleUser, userId: string): Promise<ConsoleUser> {
    const target = await findUser(this.db, userId);
    if (!target || target.merchantCode !== actor.merchantCode)
      throw new AppError('USER_NOT_FOUND', 'There is no such person on your team.');
    if (!mayAssign(actor.role, target.role))
      throw new AppError('ROLE_NOT_PERMITTED', 'Only an owner may change an owner.');
    return target;
  }

  private async keepAnOwner(target: ConsoleUser): Promise<void> {
    if (
      target.role === 'owner' &&
      !target.disabledAt &&
      (await countActiveOwners(this.db, target.merchantCode)) <= 1
    )
      throw new AppError('LAST_OWNER', 'Make someone else an owner first: a team keeps at least one owner.');
  }

  /** Changes a person's role; their sessions end, so the new role applies at once. */
  async changeRole(
    actor: ConsoleUser,
    userId: string,
    role: Role,
  ): Promise<{ before: Role; user: ConsoleUser }> {
    const target = await this.manageable(actor, userId);
    if (!mayAssign(actor.role, role))
      throw new AppError('ROLE_NOT_PERMITTED', 'Only an owner may make an owner.');
    if (target.role === role) return { before: role, user: target };
    if (role !== 'owner') await this.keepAnOwner(target);
    const user = (await updateUser(this.db, target.id, { role }))!;
    this.forget(await endSessions(this.db, { userId: target.id }));
    return { before: target.role, user };
  }

  /** Disables a person: they cannot sign in, and their sessions end everywhere. */
  async disable(actor: ConsoleUser, userId: string): Promise<ConsoleUser> {
    const target = await this.manageable(actor, userId);
    if (target.disabledAt) return target;
    await this.keepAnOwner(target);
    const user = (await updateUser(this.db, target.id, { disabledAt: this.now() }))!;
    this.forget(await endSessions(this.db, { userId: target.id }));
    return user;
  }

  /** Ends every session of a person: one's own always, others' with the team permission. */
  async endSessionsOf(actor: ConsoleUser, userId: string): Promise<number> {
    if (userId !== actor.id) {
      if (!can(actor.role, 'team.manage'))
        throw new AppError('ROLE_NOT_PERMITTED', 'Your role cannot end other people’s sessions.');
      await this.manageable(actor, userId);
    }
    const ids = await endSessions(this.db, { userId });
    this.forget(ids);
    return ids.length;
  }

  /**
   * An owner's invitation for a merchant nobody has joined yet (the demo merchant at start): earlier
   * unused ones are withdrawn, so only the link printed last works. Undefined once someone joined.
   */
  async inviteFirstOwner(merchantCode: string, email: string): Promise<string | undefined> {
    const { users, invitations } = await this.team(merchantCode);
    if (users.length > 0) return undefined;
    for (const invitation of invitations) await revokeInvitation(this.db, merchantCode, invitation.id);
    const { token } = await this.invite(merchantCode, { email, role: 'owner' }, undefined);
    return token;
  }

  async withdrawInvitation(merchantCode: string, id: string): Promise<Invitation> {
    const invitation = await revokeInvitation(this.db, merchantCode, id);
    if (!invitation) throw new AppError('INVITATION_INVALID', 'There is no open invitation with this id.');
    return invitation;
  }
}
