import 'server-only';
import { sql, type Kysely } from 'kysely';
import { isRole, type Role } from '@/lib/console/roles';
import type { ConsoleInvitationRow, ConsoleSessionRow, ConsoleUserRow, Database } from '../db';

/** A person of a merchant's team (no password or TOTP secret leaves this module). */
export interface ConsoleUser {
  id: string;
  merchantCode: string;
  email: string;
  name: string;
  role: Role;
  passwordHash: string;
  /** Sealed TOTP secret; set at enrolment, in use once `secondFactorSince` is set. */
  totpSecret: string | undefined;
  secondFactorSince: Date | undefined;
  totpLastStep: number | undefined;
  recoveryCodeHashes: readonly string[];
  createdAt: Date;
  disabledAt: Date | undefined;
}

export interface Invitation {
  id: string;
  merchantCode: string;
  email: string;
  role: Role;
  invitedBy: string | undefined;
  createdAt: Date;
  expiresAt: Date;
  acceptedAt: Date | undefined;
  revokedAt: Date | undefined;
}

/** 'second_factor': the password was right, a code is due; 'enrol': 2FA to set up first; 'active': signed in. */
export type SessionStage = 'second_factor' | 'enrol' | 'active';

export interface ConsoleSessionRecord {
  id: string;
  userId: string;
  merchantCode: string;
  stage: SessionStage;
  createdAt: Date;
  expiresAt: Date;
  lastSeenAt: Date;
  endedAt: Date | undefined;
  clientAddress: string;
  userAgent: string | undefined;
}

const roleOf = (value: string): Role => (isRole(value) ? value : 'viewer');

function toUser(row: ConsoleUserRow): ConsoleUser {
  return {
    id: row.id,
    merchantCode: row.merchant_code,
    email: row.email,
    name: row.name,
    role: roleOf(row.role),
    passwordHash: row.password_hash,
    totpSecret: row.totp_secret ?? undefined,
    secondFactorSince: row.totp_enabled_at ?? undefined,
    totpLastStep: row.totp_last_step === null ? undefined : Number(row.totp_last_step),
    recoveryCodeHashes: row.recovery_code_hashes,
    createdAt: row.created_at,
    disabledAt: row.disabled_at ?? undefined,
  };
}

function toInvitation(row: ConsoleInvitationRow): Invitation {
  return {
    id: row.id,
    merchantCode: row.merchant_code,
    email: row.email,
    role: roleOf(row.role),
    invitedBy: row.invited_by ?? undefined,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    acceptedAt: row.accepted_at ?? undefined,
    revokedAt: row.revoked_at ?? undefined,
  };
}

function toSession(row: ConsoleSessionRow): ConsoleSessionRecord {
  return {
    id: row.id,
    userId: row.user_id,
    merchantCode: row.merchant_code,
    stage: row.stage as SessionStage,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    lastSeenAt: row.last_seen_at,
    endedAt: row.ended_at ?? undefined,
    clientAddress: row.client_address,
    userAgent: row.user_agent ?? undefined,
  };
}

// Users

export async function findUserByEmail(db: Kysely<Database>, email: string): Promise<ConsoleUser | undefined> {
  const row = await db
    .selectFrom('console_users')
    .selectAll()
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirst();
  return row && toUser(row);
}

export async function findUser(db: Kysely<Database>, id: string): Promise<ConsoleUser | undefined> {
  const row = await db.selectFrom('console_users').selectAll().where('id', '=', id).executeTakeFirst();
  return row && toUser(row);
}

export async function listUsers(db: Kysely<Database>, merchantCode: string): Promise<ConsoleUser[]> {
  const rows = await db
    .selectFrom('console_users')
    .selectAll()
    .where('merchant_code', '=', merchantCode)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map(toUser);
}

/** Owners who can still sign in (the last one cannot be demoted or disabled). */
export async function countActiveOwners(db: Kysely<Database>, merchantCode: string): Promise<number> {
  const { count } = await db
    .selectFrom('console_users')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('merchant_code', '=', merchantCode)
    .where('role', '=', 'owner')
    .where('disabled_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(count);
}

export async function insertUser(
  db: Kysely<Database>,
  user: { id: string; merchantCode: string; email: string; name: string; role: Role; passwordHash: string },
): Promise<ConsoleUser | undefined> {
  const row = await db
    .insertInto('console_users')
    .values({
      id: user.id,
      merchant_code: user.merchantCode,
      email: user.email,
      name: user.name,
      role: user.role,
      password_hash: user.passwordHash,
    })
    .onConflict((conflict) => conflict.expression(sql`lower(email)`).doNothing())
    .returningAll()
    .executeTakeFirst();
  return row && toUser(row);
}

export async function updateUser(
  db: Kysely<Database>,
  id: string,
  change: Partial<{
    role: Role;
    totpSecret: string;
    secondFactorSince: Date;
    totpLastStep: number;
    recoveryCodeHashes: string[];
    disabledAt: Date;
  }>,
): Promise<ConsoleUser | undefined> {
  const row = await db
    .updateTable('console_users')
    .set({
      ...(change.role !== undefined && { role: change.role }),
      ...(change.totpSecret !== undefined && { totp_secret: change.totpSecret }),
      ...(change.secondFactorSince !== undefined && { totp_enabled_at: change.secondFactorSince }),
      ...(change.totpLastStep !== undefined && { totp_last_step: String(change.totpLastStep) }),
      ...(change.recoveryCodeHashes !== undefined && { recovery_code_hashes: change.recoveryCodeHashes }),
      ...(change.disabledAt !== undefined && { disabled_at: change.disabledAt }),
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
  return row && toUser(row);
}

/**
 * Takes a TOTP step if it is later than the last one taken, in one statement: two requests with
 * the same code race here and only one wins.
 */
export async function takeTotpStep(db: Kysely<Database>, id: string, step: number): Promise<boolean> {
  const result = await db
    .updateTable('console_users')
    .set({ totp_last_step: String(step), updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', String(step))]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Uses up one recovery code (by its hash), in one statement; false when it was not there. */
export async function takeRecoveryCode(db: Kysely<Database>, id: string, hash: string): Promise<boolean> {
  const result = await db
    .updateTable('console_users')
    .set({ recovery_code_hashes: sql<string[]>`array_remove(recovery_code_hashes, ${hash})` })
    .where('id', '=', id)
    .where(sql<boolean>`${hash} = any(recovery_code_hashes)`)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

// Invitations

export async function insertInvitation(
  db: Kysely<Database>,
  invitation: Omit<Invitation, 'createdAt' | 'acceptedAt' | 'revokedAt'> & { tokenHash: string },
): Promise<Invitation> {
  const row = await db
    .insertInto('console_invitations')
    .values({
      id: invitation.id,
      merchant_code: invitation.merchantCode,
      email: invitation.email,
      role: invitation.role,
      token_hash: invitation.tokenHash,
      invited_by: invitation.invitedBy ?? null,
      expires_at: invitation.expiresAt,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toInvitation(row);
}

export async function findInvitationByTokenHash(
  db: Kysely<Database>,
  tokenHash: string,
): Promise<Invitation | undefined> {
  const row = await db
    .selectFrom('console_invitations')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
  return row && toInvitation(row);
}

/** Marks the invitation used, once: false when it was accepted or revoked meanwhile. */
export async function markInvitationAccepted(db: Kysely<Database>, id: string): Promise<boolean> {
  const result = await db
    .updateTable('console_invitations')
    .set({ accepted_at: sql<Date>`now()` })
    .where('id', '=', id)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function listOpenInvitations(db: Kysely<Database>, merchantCode: string): Promise<Invitation[]> {
  const rows = await db
    .selectFrom('console_invitations')
    .selectAll()
    .where('merchant_code', '=', merchantCode)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .orderBy('created_at', 'desc')
    .execute();
  return rows.map(toInvitation);
}

export async function revokeInvitation(
  db: Kysely<Database>,
  merchantCode: string,
  id: string,
): Promise<Invitation | undefined> {
  const row = await db
    .updateTable('console_invitations')
    .set({ revoked_at: sql<Date>`now()` })
    .where('id', '=', id)
    .where('merchant_code', '=', merchantCode)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
  return row && toInvitation(row);
}

// Sessions

export async function insertSession(
  db: Kysely<Database>,
  session: {
    id: string;
    secretHash: string;
    userId: string;
    merchantCode: string;
    stage: SessionStage;
    expiresAt: Date;
    clientAddress: string;
    userAgent: string | undefined;
  },
): Promise<ConsoleSessionRecord> {
  const row = await db
    .insertInto('console_sessions')
    .values({
      id: session.id,
      secret_hash: session.secretHash,
      user_id: session.userId,
      merchant_code: session.merchantCode,
      stage: session.stage,
      expires_at: session.expiresAt,
      client_address: session.clientAddress,
      user_agent: session.userAgent ?? null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toSession(row);
}

export async function findSessionBySecretHash(
  db: Kysely<Database>,
  secretHash: string,
): Promise<ConsoleSessionRecord | undefined> {
  const row = await db
    .selectFrom('console_sessions')
    .selectAll()
    .where('secret_hash', '=', secretHash)
    .executeTakeFirst();
  return row && toSession(row);
}

/** Moves a session on a stage under a new secret (the old one stops working: no fixation). */
export async function advanceSession(
  db: Kysely<Database>,
  id: string,
  from: SessionStage,
  to: { stage: SessionStage; secretHash: string; expiresAt: Date },
): Promise<boolean> {
  const result = await db
    .updateTable('console_sessions')
    .set({
      stage: to.stage,
      secret_hash: to.secretHash,
      expires_at: to.expiresAt,
      last_seen_at: sql<Date>`now()`,
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', id)
    .where('stage', '=', from)
    .where('ended_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Counts a wrong code against a pending sign-in, in one statement; at `max` the sign-in ends, so
 * guessing codes needs the password again each few tries, from any number of addresses.
 */
export async function countCodeFailure(db: Kysely<Database>, id: string, max: number): Promise<void> {
  await db
    .updateTable('console_sessions')
    .set((eb) => ({
      failed_codes: eb('failed_codes', '+', 1),
      ended_at: sql<Date | null>`case when failed_codes + 1 >= ${max} then now() else ended_at end`,
      updated_at: sql<Date>`now()`,
    }))
    .where('id', '=', id)
    .where('ended_at', 'is', null)
    .execute();
}

export async function touchSession(db: Kysely<Database>, id: string): Promise<void> {
  await db
    .updateTable('console_sessions')
    .set({ last_seen_at: sql<Date>`now()` })
    .where('id', '=', id)
    .execute();
}

/** Ends sessions (one, or every one of a user); the ids ended. */
export async function endSessions(
  db: Kysely<Database>,
  where: { id: string } | { userId: string },
): Promise<string[]> {
  let update = db
    .updateTable('console_sessions')
    .set({ ended_at: sql<Date>`now()`, updated_at: sql<Date>`now()` })
    .where('ended_at', 'is', null);
  update = 'id' in where ? update.where('id', '=', where.id) : update.where('user_id', '=', where.userId);
  const rows = await update.returning('id').execute();
  return rows.map((row) => row.id);
}

/** How many active sessions each of the merchant's people has open, in one query (absent: none). */
export async function countOpenSessions(
  db: Kysely<Database>,
  merchantCode: string,
): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('console_sessions')
    .select((eb) => ['user_id', eb.fn.countAll<string>().as('open')])
    .where('merchant_code', '=', merchantCode)
    .where('ended_at', 'is', null)
    .where('stage', '=', 'active')
    .where('expires_at', '>', sql<Date>`now()`)
    .groupBy('user_id')
    .execute();
  return new Map(rows.map((row) => [row.user_id, Number(row.open)]));
}

/** Sessions ended at or after `since` (database time): other instances refuse their tokens. */
export async function listSessionsEndedSince(db: Kysely<Database>, since: Date): Promise<string[]> {
  const rows = await db
    .selectFrom('console_sessions')
    .select('id')
    .where('updated_at', '>=', since)
    .where('ended_at', 'is not', null)
    .execute();
  return rows.map((row) => row.id);
}
