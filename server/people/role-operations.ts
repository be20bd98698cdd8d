import 'server-only';
import { permissionsOf, type Permission, type Role } from '@/lib/console/roles';

/**
 * The API operations a console token carries for each permission (docs/decisions/035): what the
 * API itself enforces for a person, whatever the console shows. Team and token minting are not
 * here: those are the console's own endpoints, which check the role themselves.
 */
const OPERATIONS: Record<Permission, readonly string[]> = {
  'payments.read': [
    'GET /(payins|payouts|payout-batches|balances|balance-transactions|callbacks|merchant-info|currencies|payment-operators|collection/accounts|collection/transactions|collection/statements/template\\.csv)',
    // A batch, not its file: the first download makes it DOWNLOADED (payouts.create).
    'GET /((payins|payouts|collection/transactions)/.*|payout-batches/[^/]+|payment-links(/[^/]+)?|collection/accounts/[^/]+/statement-mapping)',
    'POST /(payins|payouts)/!availablePaymentOptions',
  ],
  'payments.manage': ['POST /payins/[^/]+/!cancel', 'POST /(payins|payouts)/[^/]+/callbacks/!redeliver'],
  'payouts.create': [
    'POST /(payouts/[^/]+|payout-batches(/[^/]+/!cancel)?)',
    'GET /payout-batches/[^/]+/pain\\.001',
  ],
  'refunds.create': ['POST /payins/[^/]+/refunds/[^/]+'],
  'links.manage': ['POST /payment-links/[^/]+(/!deactivate)?'],
  'collection.resolve': [
    'POST /collection/transactions/[^/]+/!(link|refund)',
    'POST /collection/statements',
    // How the account's CSV statements are read (docs/decisions/040): saved by those who import them.
    'PUT /collection/accounts/[^/]+/statement-mapping',
  ],
  // Files of a period (docs/decisions/045): payer data in bulk, for the roles that keep the books.
  'exports.read': ['GET /exports/[^/]+'],
  'sandbox.simulate': ['POST /sandbox/(payins|payouts)/[^/]+/!simulate'],
  'callbacks.manage': [
    // One pattern per method: an owner's token carries every permission's operations, 20 at most.
    'GET /(callbacks/signing-secret|callback-receiver(/.*)?)',
    'POST /callbacks/(signing-secret/!rotate|!test)',
  ],
  'tokens.mint': [],
  'keys.manage': ['GET /api-keys', 'POST /api-keys', 'DELETE /api-keys/[^/]+'],
  'audit.read': ['GET /audit-events'],
  'team.manage': [],
};

/** Every operation a person of this role may ask the API for. */
export function operationsOfRole(role: Role): string[] {
  return permissionsOf(role).flatMap((permission) => OPERATIONS[permission]);
}
