import { isExportKind } from '../api/export-kinds';
import { ID_LINK_PATTERN } from '../schemas/payment-link-request';
import { ID_PAYIN_PATTERN } from '../schemas/primitives';
import type { Permission } from './roles';

/**
 * The public API operations the console's browser code may ask its BFF for: a closed list, so the
 * proxy is never a general door to the API. Each names the permission it needs (lib/console/roles.ts:
 * the BFF refuses it to other roles, and the person's token does not carry it either); `sandbox`
 * marks what only test merchants have; `credentials` marks token minting, which the BFF asks of the
 * console's own endpoint for the person; `body: 'text'` marks the one post whose body is a file's
 * text (a bank statement), forwarded as it is rather than as JSON. Files the browser downloads (a
 * payout batch's pain.001) are a short list of their own (`consoleDownload`).
 */
export interface ConsoleOperation {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** The API path below /api, each segment encoded. */
  path: string;
  permission: Permission;
  sandbox: boolean;
  credentials: boolean;
  body: 'json' | 'text';
}

/** The largest statement the console forwards: the API's own limit for POST /collection/statements. */
export { STATEMENT_MAX_BYTES } from '../api/collection-responses';

/** Our id of a stored collection transaction: a positive integer (server/reconciliation). */
const COLLECTION_TRANSACTION_ID = /^[1-9][0-9]{0,18}$/;

/** A collection account's id (merchants file, operator API). */
const COLLECTION_ACCOUNT_ID = /^[a-z0-9-]{1,40}$/;

/** Our id of a payout batch (server/payouts/batches). */
export const ID_BATCH_PATTERN = /^pb_[0-9a-f]{24}$/;

type Rule = {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /**
   * Literal segments, ':id' for an idPayin or idPayout (the same pattern), ':collection' for
   * the id of a collection transaction, ':account' for a collection account's, ':batch' for the
   * id of a payout batch, ':link' for a payment link's, or ':export' for a kind of export.
   */
  segments: readonly string[];
  permission?: Permission;
  sandbox?: boolean;
  credentials?: boolean;
  body?: 'text';
};

const RULES: readonly Rule[] = [
  { method: 'GET', segments: ['merchant-info'] },
  { method: 'GET', segments: ['currencies'] },
  { method: 'GET', segments: ['payment-operators'] },
  { method: 'GET', segments: ['payins'] },
  { method: 'GET', segments: ['payins', ':id'] },
  { method: 'GET', segments: ['payins', ':id', 'accounts'] },
  { method: 'GET', segments: ['payins', ':id', 'callbacks'] },
  { method: 'GET', segments: ['payins', ':id', 'refunds'] },
  { method: 'GET', segments: ['payins', ':id', 'refunds', ':id'] },
  { method: 'GET', segments: ['callbacks'] },
  { method: 'GET', segments: ['callbacks', 'signing-secret'], permission: 'callbacks.manage' },
  { method: 'POST', segments: ['callbacks', 'signing-secret', '!rotate'], permission: 'callbacks.manage' },
  { method: 'GET', segments: ['callback-receiver'], permission: 'callbacks.manage' },
  { method: 'GET', segments: ['balances'] },
  { method: 'GET', segments: ['balance-transactions'] },
  { method: 'GET', segments: ['payouts'] },
  { method: 'GET', segments: ['payouts', ':id'] },
  // Reads, though they are POSTs: the options for an amount.
  { method: 'POST', segments: ['payins', '!availablePaymentOptions'] },
  { method: 'POST', segments: ['payouts', '!availablePaymentOptions'] },
  { method: 'POST', segments: ['payins', ':id', '!cancel'], permission: 'payments.manage' },
  { method: 'POST', segments: ['payins', ':id', 'callbacks', '!redeliver'], permission: 'payments.manage' },
  {
    method: 'POST',
    segments: ['sandbox', 'payins', ':id', '!simulate'],
    permission: 'sandbox.simulate',
    sandbox: true,
  },
  { method: 'POST', segments: ['payouts', ':id'], permission: 'payouts.create' },
  { method: 'POST', segments: ['payins', ':id', 'refunds', ':id'], permission: 'refunds.create' },
  {
    method: 'POST',
    segments: ['sandbox', 'payouts', ':id', '!simulate'],
    permission: 'sandbox.simulate',
    sandbox: true,
  },
  { method: 'POST', segments: ['callbacks', '!test'], permission: 'callbacks.manage' },
  { method: 'POST', segments: ['auth-tokens'], permission: 'tokens.mint', credentials: true },
  { method: 'POST', segments: ['auth-tokens-by-action'], permission: 'tokens.mint', credentials: true },
  { method: 'GET', segments: ['api-keys'], permission: 'keys.manage' },
  { method: 'POST', segments: ['api-keys'], permission: 'keys.manage' },
  { method: 'DELETE', segments: ['api-keys', ':key'], permission: 'keys.manage' },
  { method: 'GET', segments: ['audit-events'], permission: 'audit.read' },
  { method: 'GET', segments: ['collection', 'accounts'] },
  { method: 'GET', segments: ['collection', 'transactions'] },
  { method: 'GET', segments: ['collection', 'transactions', ':collection'] },
  // Reconciliation resolves real money received at the merchant's own collection accounts
  // (docs/decisions/028): work a live merchant has, for the roles that move money.
  {
    method: 'POST',
    segments: ['collection', 'transactions', ':collection', '!link'],
    permission: 'collection.resolve',
  },
  {
    method: 'POST',
    segments: ['collection', 'transactions', ':collection', '!refund'],
    permission: 'collection.resolve',
  },
  { method: 'POST', segments: ['collection', 'statements'], permission: 'collection.resolve', body: 'text' },
  // How an account's CSV statements are read (docs/decisions/040): saved by those who import them.
  { method: 'GET', segments: ['collection', 'accounts', ':account', 'statement-mapping'] },
  {
    method: 'PUT',
    segments: ['collection', 'accounts', ':account', 'statement-mapping'],
    permission: 'collection.resolve',
  },
  // Live payouts by bank file (docs/decisions/038): every role reads the batches; cutting and
  // cancelling one (and downloading its file, below) moves money.
  { method: 'GET', segments: ['payout-batches'] },
  { method: 'GET', segments: ['payout-batches', ':batch'] },
  { method: 'POST', segments: ['payout-batches'], permission: 'payouts.create' },
  { method: 'POST', segments: ['payout-batches', ':batch', '!cancel'], permission: 'payouts.create' },
  // Payment links (docs/decisions/051): every role reads them; the roles that manage links create
  // and turn them off.
  { method: 'GET', segments: ['payment-links'] },
  { method: 'GET', segments: ['payment-links', ':link'] },
  { method: 'POST', segments: ['payment-links', ':link'], permission: 'links.manage' },
  { method: 'POST', segments: ['payment-links', ':link', '!deactivate'], permission: 'links.manage' },
];

/**
 * The API's files the console hands to the browser as they are (body, Content-Type,
 * Content-Disposition), not through the JSON proxy: a batch's pain.001, whose first download makes
 * the batch DOWNLOADED (it can no longer be cancelled), so it needs the permission to send payouts.
 */
const DOWNLOADS: readonly Rule[] = [
  { method: 'GET', segments: ['payout-batches', ':batch', 'pain.001'], permission: 'payouts.create' },
  // Exports and the settlement report (docs/decisions/045): streamed through as the API sends them.
  { method: 'GET', segments: ['exports', ':export'], permission: 'exports.read' },
];

/** Our API key ids (server/merchants/api-keys.ts). */
const API_KEY_ID = /^key_[0-9a-f]{24}$/;

function segmentMatches(expected: string, actual: string): boolean {
  if (expected === ':id') return ID_PAYIN_PATTERN.test(actual) && !actual.startsWith('!');
  if (expected === ':collection') return COLLECTION_TRANSACTION_ID.test(actual);
  if (expected === ':account') return COLLECTION_ACCOUNT_ID.test(actual);
  if (expected === ':key') return API_KEY_ID.test(actual);
  if (expected === ':batch') return ID_BATCH_PATTERN.test(actual);
  if (expected === ':link') return ID_LINK_PATTERN.test(actual);
  if (expected === ':export') return isExportKind(actual);
  return expected === actual;
}

function match(
  rules: readonly Rule[],
  method: string,
  segments: readonly string[],
): ConsoleOperation | undefined {
  for (const rule of rules) {
    if (rule.method !== method || rule.segments.length !== segments.length) continue;
    if (!rule.segments.every((expected, index) => segmentMatches(expected, segments[index] ?? ''))) continue;
    return {
      method: rule.method,
      path: `/${segments.map((segment) => encodeURIComponent(segment).replace(/%21/g, '!')).join('/')}`,
      permission: rule.permission ?? 'payments.read',
      sandbox: rule.sandbox ?? false,
      credentials: rule.credentials ?? false,
      body: rule.body ?? 'json',
    };
  }
  return undefined;
}

/** The console operation a request names (segments as Next hands them: decoded), if it is one. */
export function consoleOperation(method: string, segments: readonly string[]): ConsoleOperation | undefined {
  return match(RULES, method, segments);
}

/**
 * The file download a request names, if it is one: the JSON proxy never serves these (it would
 * answer an empty body, and the download would still count).
 */
export function consoleDownload(segments: readonly string[]): ConsoleOperation | undefined {
  return match(DOWNLOADS, 'GET', segments);
}
