/**
 * The roles of a merchant's team and what each may see and do (docs/decisions/035): the one table
 * the console hides its controls by, the BFF refuses calls by, and the server mints console tokens
 * by (server/people/role-operations.ts). Anchored on Stripe's and Xendit's team roles.
 */
export const ROLES = ['owner', 'admin', 'developer', 'finance', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}

export const PERMISSIONS = [
  /** Payments, payouts, balances, collection, callback logs: what every role reads. */
  'payments.read',
  /** Cancel a payin; redeliver a payin's or payout's callback. */
  'payments.manage',
  /** Send a payout. */
  'payouts.create',
  /** Refund a payment to its payer. */
  'refunds.create',
  /** Create, share and turn off payment links (docs/decisions/051). */
  'links.manage',
  /** Link incoming money to a payin, mark it refunded, import a bank statement. */
  'collection.resolve',
  /** Download exports and the settlement report: payer data and the books of a period, in bulk. */
  'exports.read',
  /** Drive test payments and payouts to an outcome (test merchants). */
  'sandbox.simulate',
  /** See and rotate the callback signing secret, send a test callback, read the built-in receiver. */
  'callbacks.manage',
  /** Mint API tokens from the console and build test scenarios. */
  'tokens.mint',
  /** Create, list and revoke API keys. */
  'keys.manage',
  /** Read the audit log. */
  'audit.read',
  /** Invite people, change their roles, disable them, end their sessions. */
  'team.manage',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/**
 * Who may do what. A developer manages API keys, so it can reach through the API whatever a key
 * may (as in Stripe, where developers create secret keys); finance moves money but sees no secret;
 * a viewer only reads, and no secret.
 */
const TABLE: Record<Permission, readonly Role[]> = {
  'payments.read': ROLES,
  'payments.manage': ['owner', 'admin', 'finance'],
  'payouts.create': ['owner', 'admin', 'finance'],
  'refunds.create': ['owner', 'admin', 'finance'],
  'links.manage': ['owner', 'admin', 'developer', 'finance'],
  'collection.resolve': ['owner', 'admin', 'finance'],
  'exports.read': ['owner', 'admin', 'finance'],
  'sandbox.simulate': ['owner', 'admin', 'developer'],
  'callbacks.manage': ['owner', 'admin', 'developer'],
  'tokens.mint': ['owner', 'admin', 'developer'],
  'keys.manage': ['owner', 'admin', 'developer'],
  'audit.read': ['owner', 'admin'],
  'team.manage': ['owner', 'admin'],
};

export function can(role: Role, permission: Permission): boolean {
  return TABLE[permission].includes(role);
}

export function permissionsOf(role: Role): Permission[] {
  return PERMISSIONS.filter((permission) => can(role, permission));
}

/**
 * Whether `actor` may give `target` (or take from someone who has it): only an owner makes or
 * changes owners, so an admin cannot raise themselves or lock the owner out.
 */
export function mayAssign(actor: Role, target: Role): boolean {
  if (!can(actor, 'team.manage')) return false;
  return target !== 'owner' || actor === 'owner';
}
