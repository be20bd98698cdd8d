import type { MethodCode } from '@/lib/methods';
import type { CurrencyCode } from '@/lib/money';
import type { ConnectorStart, NewPayment } from '../port';

export type { ConnectorStart } from '../port';

/** What a connector gets to start a payment at its processor; all of it is decided before the insert. */
export interface ConnectorPayment extends NewPayment {
  method: MethodCode;
  /** An unguessable per-payin capability (stored with the payin) the connector may put in its URLs. */
  session: string;
  /**
   * "<merchant code>/<idPayin>": the payment's identity. Send it as the processor's idempotency key
   * (Idempotency-Key, the merchant reference): see `start`.
   */
  idempotencyKey: string;
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
  /**
   * Starts the payment at the processor, before the payin is stored and never inside a database
   * transaction. The payin service calls it once per accepted create and not at all for an idPayin
   * the merchant already has; but a create can still be repeated after a crash, a timeout or a race
   * between two identical requests, so `start` must be idempotent on `idempotencyKey`: called again
   * for the same key it answers the payment it started first, and never starts a second one.
   */
  start(payment: ConnectorPayment): Promise<ConnectorStart>;
}
