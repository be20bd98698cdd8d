import { ID_PAYIN_PATTERN } from '../schemas/primitives';

/**
 * The public API operations the console's browser code may ask its BFF for: a closed list, so the
 * proxy is never a general door to the API. `tool` marks what only test merchants get (live
 * merchants' console is read-only); `credentials` marks token minting, where the BFF adds the
 * sealed merchant code and secret to the body.
 */
export interface ConsoleOperation {
  method: 'GET' | 'POST';
  /** The API path below /api, each segment encoded. */
  path: string;
  tool: boolean;
  credentials: boolean;
}

type Rule = {
  method: 'GET' | 'POST';
  /** Literal segments, or ':id' for an idPayin or idPayout (the same pattern). */
  segments: readonly string[];
  tool?: boolean;
  credentials?: boolean;
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
];

/** The console operation a request names (segments as Next hands them: decoded), if it is one. */
export function consoleOperation(method: string, segments: readonly string[]): ConsoleOperation | undefined {
  for (const rule of RULES) {
    if (rule.method !== method || rule.segments.length !== segments.length) continue;
    const matches = rule.segments.every((expected, index) => {
      const actual = segments[index] ?? '';
      return expected === ':id'
        ? ID_PAYIN_PATTERN.test(actual) && !actual.startsWith('!')
        : expected === actual;
    });
    if (!matches) continue;
    return {
      method: rule.method,
      path: `/${segments.map((segment) => encodeURIComponent(segment).replace(/%21/g, '!')).join('/')}`,
      tool: rule.tool ?? false,
      credentials: rule.credentials ?? false,
    };
  }
  return undefined;
}
