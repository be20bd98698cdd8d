import type { MethodCode } from '@/lib/methods';
import type { CurrencyCode } from '@/lib/money';
import type { ConnectorStart, NewPayment } from '../port';

export type { ConnectorStart } from '../port';

/** What a connector gets to start a payment at its processor; all of it is decided before the insert. */
export interface ConnectorPayment extends NewPayment {
  method: MethodCode;
  /** An unguessable per-payin capability (stored with the payin) the connector may put in its URLs. */
  session: string;
}

/**
 * A processor connector (docs/decisions/028, "How a connector is added"): it starts payments of the
 * redirect, push and issued-account methods at a payment institution and says which it serves.
 * Connectors are registered in server/methods/connectors/registry.ts; a live merchant is offered such a
 * method only when a connector that moves real money (`live`) serves it.
 */
export interface ProcessorConnector {
  readonly id: string;
  /** Whether it moves real money; only a live connector serves live merchants. */
  readonly live: boolean;
  serves(method: MethodCode, currency: CurrencyCode): boolean;
  /** Called once per create before the payin is stored, never inside a database transaction. */
  start(payment: ConnectorPayment): Promise<ConnectorStart>;
}
