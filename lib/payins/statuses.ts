/** Payin statuses: PENDING while open, then SUCCESS or REFUSED (docs/decisions/003). */
export const PAYIN_STATUSES = ['PENDING', 'SUCCESS', 'REFUSED'] as const;
export type PayinStatus = (typeof PAYIN_STATUSES)[number];
