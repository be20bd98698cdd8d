import type { ReferenceRule } from './descriptor';

/**
 * The UTR (unique transaction reference) Indian banks and UPI apps show for every IMPS, NEFT or UPI
 * payment: exactly 12 digits. Customers of P2A_V2 and QRIN pass it so their payment can be matched.
 */
export const UTR: ReferenceRule = {
  pattern: /^\d{12}$/,
  length: 12,
  description: 'The UTR (bank or UPI transaction reference) is exactly 12 digits.',
};
