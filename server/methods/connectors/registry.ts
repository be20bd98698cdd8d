import 'server-only';
import type { MethodCode } from '@/lib/methods';
import type { CurrencyCode } from '@/lib/money';
import type { ProcessorConnector } from './port';
import { sandboxInstitutionConnector } from './sandbox-institution.connector';

/** Every processor connector, first match wins; add a live connector here (docs/decisions/028). */
export const CONNECTORS: readonly ProcessorConnector[] = [sandboxInstitutionConnector];

/** The connector that starts this method's payments for a live or a test merchant, if one does. */
export function findConnector(input: {
  method: MethodCode;
  currency: CurrencyCode;
  live: boolean;
  connectors?: readonly ProcessorConnector[];
}): ProcessorConnector | undefined {
  return (input.connectors ?? CONNECTORS).find(
    (connector) => connector.live === input.live && connector.serves(input.method, input.currency),
  );
}
