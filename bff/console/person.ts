import 'server-only';
import { createHash } from 'node:crypto';
import { can, type Permission, type Role } from '@/lib/console/roles';

/** Who is signed in (docs/decisions/035): the person, their role, the merchant. No secret of the merchant's. */
export interface ConsoleSession {
  idSession: string;
  merchantCode: string;
  channelName: string;
  isTest: boolean;
  /** The IANA time zone the console shows times in (the merchant's setting, UTC by default). */
  timeZone: string;
  user: { idUser: string; email: string; name: string; role: Role };
  permissions: readonly Permission[];
}

/** Whether the signed-in person's role allows it (lib/console/roles.ts, the one table). */
export function allows(session: ConsoleSession, permission: Permission): boolean {
  return can(session.user.role, permission);
}

/** A stable, non-secret name of a session secret (the token cache's key). */
export function sessionFingerprint(secret: string): string {
  return createHash('sha256').update(secret).digest('base64url');
}
