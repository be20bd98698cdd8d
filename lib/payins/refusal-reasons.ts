import type { ProcessorStatus } from './statuses';

/**
 * The refusals the hosted page explains in the customer's words, each with its next step. Every
 * other processorStatus (a processor's own, or none) reads as the generic refusal.
 */
export const EXPLAINED_REFUSALS = [
  'INSUFFICIENT_FUNDS',
  'LIMIT_EXCEEDED',
  'CANCELLED_BY_CUSTOMER',
  'CANCELLED',
  'DECLINED',
  'SUSPECTED_FRAUD',
] as const satisfies readonly ProcessorStatus[];
export type ExplainedRefusal = (typeof EXPLAINED_REFUSALS)[number];

/** The message key (under status.refused.reasons) of a refused payin's processorStatus. */
export type RefusalReasonKey = ExplainedRefusal | 'OTHER';

export function refusalReasonOf(processorStatus: string | undefined): RefusalReasonKey {
  return (EXPLAINED_REFUSALS as readonly string[]).includes(processorStatus ?? '')
    ? (processorStatus as ExplainedRefusal)
    : 'OTHER';
}
