/** Payin statuses: PENDING while open, then SUCCESS or REFUSED (docs/decisions/003). */
export const PAYIN_STATUSES = ['PENDING', 'SUCCESS', 'REFUSED'] as const;
export type PayinStatus = (typeof PAYIN_STATUSES)[number];

/** Where a payin or a payout ends, for good: it never changes again. */
export const FINAL_STATUSES = ['SUCCESS', 'REFUSED'] as const;
export type FinalStatus = (typeof FINAL_STATUSES)[number];

/**
 * The processorStatus values this service reports itself (docs/decisions/003, 021, 024). A processor or
 * a sandbox simulation may report others, so reads type processorStatus as a string.
 */
export const PROCESSOR_STATUSES = [
  'APPROVED',
  'OVERPAID',
  'DECLINED',
  'INSUFFICIENT_FUNDS',
  'CANCELLED_BY_CUSTOMER',
  'LIMIT_EXCEEDED',
  'SUSPECTED_FRAUD',
  'EXPIRED',
  'UNDERPAID',
  'CANCELLED',
] as const;
export type ProcessorStatus = (typeof PROCESSOR_STATUSES)[number];
