import type { CompletionKind } from '../methods/catalogue';
import type { ProcessorStatus } from '../payins/statuses';
import type { SimulatedPayment } from './simulated-payments';
import type { FinalStatus } from '../payins/statuses';

/**
 * What the hosted page's sandbox controls can do to a test payin: the customer's money arriving
 * (exactly, short, over, or after the time ran out), the institution approving or refusing with a
 * reason, or the time running out.
 */
export const SANDBOX_ACTIONS = ['pay', 'short', 'over', 'late', 'approve', 'refuse', 'expire'] as const;
export type SandboxAction = (typeof SANDBOX_ACTIONS)[number];

/** The reasons a refusal can be simulated with from the page. */
export const REFUSAL_REASONS = [
  'DECLINED',
  'INSUFFICIENT_FUNDS',
  'CANCELLED_BY_CUSTOMER',
  'LIMIT_EXCEEDED',
  'SUSPECTED_FRAUD',
] as const satisfies readonly ProcessorStatus[];
export type RefusalReason = (typeof REFUSAL_REASONS)[number];

export function isSandboxAction(value: string | undefined): value is SandboxAction {
  return value !== undefined && (SANDBOX_ACTIONS as readonly string[]).includes(value);
}

/**
 * The actions that fit how the customer completes the payment: where they send money themselves
 * (transfer, QR, UPI reference) the amount may be exact, short, over or late; where the institution
 * debits them (redirect, push, UPI app) it approves.
 */
export function sandboxActionsFor(kind: CompletionKind): SandboxAction[] {
  const money: SandboxAction[] =
    kind === 'instructions' || kind === 'qr' || kind === 'external-reference'
      ? ['pay', 'short', 'over', 'late']
      : ['approve'];
  return [...money, 'refuse', 'expire'];
}

export type SimulateCall = { status: FinalStatus; processorStatus?: string } | { payment: SimulatedPayment };

/** The simulate calls an action makes, in order ("late": the time runs out, then the money arrives). */
export function simulateCallsOf(action: SandboxAction, reason: RefusalReason = 'DECLINED'): SimulateCall[] {
  const expire: SimulateCall = { status: 'REFUSED', processorStatus: 'EXPIRED' };
  switch (action) {
    case 'pay':
      return [{ payment: 'EXACT' }];
    case 'short':
      return [{ payment: 'SHORT' }];
    case 'over':
      return [{ payment: 'OVER' }];
    case 'late':
      return [expire, { payment: 'EXACT' }];
    case 'approve':
      return [{ status: 'SUCCESS' }];
    case 'refuse':
      return [{ status: 'REFUSED', processorStatus: reason }];
    case 'expire':
      return [expire];
  }
}
