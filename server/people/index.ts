import 'server-only';
// The people of merchants' teams in the console: invitations, passwords, 2FA, sessions and roles
// (docs/decisions/035).
export {
  People,
  INVITATION_VALIDITY_SECS,
  type ClientInfo,
  type PendingSignIn,
  type SignedInPerson,
} from './people.service';
export type { ConsoleUser, Invitation, ConsoleSessionRecord } from './people.repository';
export { operationsOfRole } from './role-operations';
export { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './passwords';
