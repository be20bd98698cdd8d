import { isMethodCode, METHODS, type CompletionKind } from './catalogue';

/** The response property that marks a push: the method sent an approval request to the customer. */
export const PUSH_NOTIFICATION_FIELD = 'pushNotification';

/** The parts of a paymentMethodResponse that decide how the customer completes the payment. */
export interface CompletionSignals {
  paymentMethodCode: string;
  redirectTo?: unknown;
  qrInDeepLink?: unknown;
  qrCode?: unknown;
  pushNotification?: unknown;
}

/**
 * The completion kind of a payment, derived from the API's paymentMethodResponse alone, so the hosted
 * app can pick its screen for any API that follows the specification (architecture guide,
 * "Completion kinds"). Every adapter's completion() agrees with it (tested per adapter).
 */
export function completionKindOf(response: CompletionSignals): CompletionKind {
  if (typeof response.redirectTo === 'string') return 'redirect';
  if (typeof response.qrInDeepLink === 'string') return 'deeplink';
  if (typeof response.qrCode === 'string') return 'qr';
  // A method that needs the customer's reference before it can succeed asks for it (P2A_V2).
  if (
    isMethodCode(response.paymentMethodCode) &&
    METHODS[response.paymentMethodCode].externalReference?.required
  )
    return 'external-reference';
  if (response.pushNotification !== undefined && response.pushNotification !== null) return 'push';
  return 'instructions';
}
