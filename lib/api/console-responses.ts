import { z } from 'zod';
import { PERMISSIONS, ROLES } from '../console/roles';

/** A sign-in on its way (docs/decisions/035): the secret the console keeps as its cookie, and what comes next. */
export const pendingSignInSchema = z.looseObject({
  stage: z.enum(['second_factor', 'enrol']),
  sessionSecret: z.string(),
  expiresAt: z.string(),
});

/** The sign-in complete; recovery codes only when 2FA was just set up (shown once). */
export const completedSignInSchema = z.looseObject({
  stage: z.literal('active'),
  sessionSecret: z.string(),
  expiresAt: z.string(),
  recoveryCodes: z.array(z.string()).optional(),
});

/** What an authenticator app needs while 2FA is being set up. */
export const enrolmentSchema = z.looseObject({
  secret: z.string(),
  otpauthUri: z.string(),
  email: z.string(),
});

export const invitationPreviewSchema = z.looseObject({
  email: z.string(),
  role: z.enum(ROLES),
  channelName: z.string(),
  expiresAt: z.string(),
});

export const consoleUserSchema = z.looseObject({
  idUser: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(ROLES),
});

/** Who is signed in, for which merchant, allowed to do what. */
export const consoleSessionSchema = z.looseObject({
  idSession: z.string(),
  user: consoleUserSchema,
  merchant: z.looseObject({
    merchantCode: z.string(),
    channelName: z.string(),
    isTest: z.boolean(),
    /** The IANA time zone the console shows times in (UTC unless set). */
    timeZone: z.string(),
  }),
  permissions: z.array(z.enum(PERMISSIONS)),
  expiresAt: z.string(),
});

export const consoleTokenSchema = z.looseObject({ token: z.string(), expiresAt: z.string() });

export const endedSessionsSchema = z.looseObject({ ended: z.number() });

export const teamMemberSchema = consoleUserSchema.extend({
  secondFactor: z.boolean(),
  createdAt: z.string(),
  disabledAt: z.string().nullable(),
  openSessions: z.number(),
});

export const invitationSchema = z.looseObject({
  idInvitation: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  createdAt: z.string(),
  expiresAt: z.string(),
});

/** A new invitation: the only answer with its link. */
export const createdInvitationSchema = invitationSchema.extend({ invitationUrl: z.string() });

export const teamSchema = z.looseObject({
  users: z.array(teamMemberSchema),
  invitations: z.array(invitationSchema),
});

export type ConsoleSessionResource = z.infer<typeof consoleSessionSchema>;
export type TeamResource = z.infer<typeof teamSchema>;
export type TeamMemberResource = z.infer<typeof teamMemberSchema>;
