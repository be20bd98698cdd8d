import { ID_PAYIN_PATTERN } from '../schemas/primitives';

/**
 * The public API operations the console's browser code may ask its BFF for: a closed list, so the
 * proxy is never a general door to the API. `tool` marks what only test merchants get (sandbox
 * tools: live merchants' console does not offer them); `credentials` marks token minting, where
 * the BFF adds the sealed merchant code and secret to the body; `body: 'text'` marks the one post
 * whose body is a file's text (a bank statement), forwarded as it is rather than as JSON.
 */
export interface ConsoleOperation {
  method: 'GET' | 'POST';
  /** The API path below /api, each segment encoded. */
  path: string;
  tool: boolean;
  credentials: boolean;
  body: 'json' | 'text';
}

/** The largest statement the console forwards: the API's own limit for POST /collection/statements. */
export { STATEMENT_MAX_BYTES } from '../api/collection-responses';

/** Our id of a stored collection transaction: a positive integer (server/reconciliation). */
const COLLECTION_TRANSACTION_ID = /^[1-9][0-9]{0,18}$/;

type Rule = {
  method: 'GET' | 'POST';
  /**
   * Literal segments, ':id' for an idPayin or idPayout (the same pattern), or ':collection' for
   * the id of a collection transaction.
   */
  segments: readonly string[];
  tool?: boolean;
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
  { method: 'GET', segments: ['callbacks'] },
  { method: 'GET', segments: ['callbacks', 'signing-secret'] },
  { method: 'GET', segments: ['callback-receiver'] },
  { method: 'GET', segments: ['balances'] },
  { method: 'GET', segments: ['balance-transactions'] },
  { method: 'GET', segments: ['payouts'] },
  { method: 'GET', segments: ['payouts', ':id'] },
  // Reads, though they are POSTs: the options for an amount.
  { method: 'POST', segments: ['payins', '!availablePaymentOptions'] },
  { method: 'POST', segments: ['payouts', '!availablePaymentOptions'] },
  { method: 'POST', segments: ['payins', ':id', '!cancel'], tool: true },
  { method: 'POST', segments: ['payins', ':id', 'callbacks', '!redeliver'], tool: true },
  { method: 'POST', segments: ['sandbox', 'payins', ':id', '!simulate'], tool: true },
  { method: 'POST', segments: ['payouts', ':id'], tool: true },
  { method: 'POST', segments: ['sandbox', 'payouts', ':id', '!simulate'], tool: true },
  { method: 'POST', segments: ['callbacks', '!test'], tool: true },
  { method: 'POST', segments: ['auth-tokens'], tool: true, credentials: true },
  { method: 'POST', segments: ['auth-tokens-by-action'], tool: true, credentials: true },
  { method: 'GET', segments: ['collection', 'accounts'] },
  { method: 'GET', segments: ['collection', 'transactions'] },
  { method: 'GET', segments: ['collection', 'transactions', ':collection'] },
  // Reconciliation writes are not tools: they resolve real money received at the merchant's own
  // collection accounts (docs/decisions/028), work only a live merchant has, so its console must
  // offer them. Each is recorded with the merchant's code (and the person, when named).
  { method: 'POST', segments: ['collection', 'transactions', ':collection', '!link'] },
  { method: 'POST', segments: ['collection', 'transactions', ':collection', '!refund'] },
  { method: 'POST', segments: ['collection', 'statements'], body: 'text' },
];

function segmentMatches(expected: string, actual: string): boolean {
  if (expected === ':id') return ID_PAYIN_PATTERN.test(actual) && !actual.startsWith('!');
  if (expected === ':collection') return COLLECTION_TRANSACTION_ID.test(actual);
  return expected === actual;
}

/** The console operation a request names (segments as Next hands them: decoded), if it is one. */
export function consoleOperation(method: string, segments: readonly string[]): ConsoleOperation | undefined {
  for (const rule of RULES) {
    if (rule.method !== method || rule.segments.length !== segments.length) continue;
    if (!rule.segments.every((expected, index) => segmentMatches(expected, segments[index] ?? ''))) continue;
    return {
      method: rule.method,
      path: `/${segments.map((segment) => encodeURIComponent(segment).replace(/%21/g, '!')).join('/')}`,
      tool: rule.tool ?? false,
      credentials: rule.credentials ?? false,
      body: rule.body ?? 'json',
    };
  }
  return undefined;
}
