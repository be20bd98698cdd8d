import { AppError } from '../errors';
import type { PayinStatus } from './payin';

/** What can happen to a payin. */
export const PAYIN_EVENTS = ['approve', 'decline', 'expire'] as const;
export type PayinEvent = (typeof PAYIN_EVENTS)[number];

/**
 * Every allowed transition, and nothing else: PENDING → SUCCESS | REFUSED; a final payin never
 * changes again. Expiry ends as REFUSED with processorStatus EXPIRED (the specification knows only
 * SUCCESS and REFUSED as final values).
 */
const TRANSITIONS: Record<
  PayinStatus,
  Partial<Record<PayinEvent, { to: PayinStatus; processorStatus: string }>>
> = {
  PENDING: {
    approve: { to: 'SUCCESS', processorStatus: 'APPROVED' },
    decline: { to: 'REFUSED', processorStatus: 'DECLINED' },
    expire: { to: 'REFUSED', processorStatus: 'EXPIRED' },
  },
  SUCCESS: {},
  REFUSED: {},
};

export function isFinal(status: PayinStatus): boolean {
  return Object.keys(TRANSITIONS[status]).length === 0;
}

/** The transition an event causes from a status, or a 409 PAYIN_FINAL when there is none. */
export function assertTransition(
  from: PayinStatus,
  event: PayinEvent,
): { to: PayinStatus; processorStatus: string } {
  const transition = TRANSITIONS[from][event];
  if (!transition) throw new AppError('PAYIN_FINAL', `The payin is ${from} and cannot ${event}.`);
  return transition;
}
