import { AppError } from '../errors';
import type { PayinStatus, ProcessorStatus } from './payin';

/**
 * What can happen to a payin. `receiveFull` and `receiveOver`: the money received reached the
 * amount to pay, exactly or more; `expireUnderpaid`: it expired with part of it received; `cancel`: the merchant cancelled it
 * (POST /payins/{idPayin}/!cancel, docs/decisions/024).
 */
export const PAYIN_EVENTS = [
  'approve',
  'receiveFull',
  'receiveOver',
  'decline',
  'expire',
  'expireUnderpaid',
  'cancel',
] as const;
export type PayinEvent = (typeof PAYIN_EVENTS)[number];

export interface Transition {
  to: PayinStatus;
  processorStatus: ProcessorStatus;
}

/**
 * Every allowed transition, and nothing else: PENDING → SUCCESS | REFUSED; a final payin never
 * changes again. Expiry ends as REFUSED with processorStatus EXPIRED (the specification knows only
 * SUCCESS and REFUSED as final values), or UNDERPAID when part of the amount had been received
 * (docs/decisions/021-sandbox-payments-and-magic-amounts.md).
 */
const TRANSITIONS: Record<PayinStatus, Partial<Record<PayinEvent, Transition>>> = {
  PENDING: {
    approve: { to: 'SUCCESS', processorStatus: 'APPROVED' },
    receiveFull: { to: 'SUCCESS', processorStatus: 'APPROVED' },
    receiveOver: { to: 'SUCCESS', processorStatus: 'OVERPAID' },
    decline: { to: 'REFUSED', processorStatus: 'DECLINED' },
    expire: { to: 'REFUSED', processorStatus: 'EXPIRED' },
    expireUnderpaid: { to: 'REFUSED', processorStatus: 'UNDERPAID' },
    cancel: { to: 'REFUSED', processorStatus: 'CANCELLED' },
  },
  SUCCESS: {},
  REFUSED: {},
};

export function isFinal(status: PayinStatus): boolean {
  return Object.keys(TRANSITIONS[status]).length === 0;
}

/** The transition an event causes from a status, or a 409 PAYIN_FINAL when there is none. */
export function assertTransition(from: PayinStatus, event: PayinEvent): Transition {
  const transition = TRANSITIONS[from][event];
  if (!transition) throw new AppError('PAYIN_FINAL', `The payin is ${from} and cannot ${event}.`);
  return transition;
}

/**
 * The event money received while open causes, given the total received and the amount to pay
 * (the specification: the customer pays exactly moneyRequired when it is set): none while short.
 */
export function paymentEvent(received: bigint, due: bigint): 'receiveFull' | 'receiveOver' | undefined {
  if (received < due) return undefined;
  return received === due ? 'receiveFull' : 'receiveOver';
}

/** The event of an open payin's expiry: UNDERPAID when part of the amount was received. */
export function expiryEvent(received: bigint | undefined): 'expire' | 'expireUnderpaid' {
  return received !== undefined && received > 0n ? 'expireUnderpaid' : 'expire';
}
