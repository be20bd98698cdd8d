import 'server-only';

const MINUTE_MS = 60 * 1000;

/**
 * How long a payin stays open, by how the customer pays (docs/decisions/012-payment-methods.md):
 * a QR is scanned at once; a redirect or push is answered within the session; a crypto transfer
 * needs block confirmations; a bank transfer or virtual account waits for the customer's bank.
 */
export const VALIDITY_MS = {
  qr: 15 * MINUTE_MS,
  redirect: 30 * MINUTE_MS,
  push: 30 * MINUTE_MS,
  crypto: 60 * MINUTE_MS,
  transfer: 24 * 60 * MINUTE_MS,
} as const;

/** The longest any payin stays open: how long a customer's page may have to live after it is created. */
export const LONGEST_VALIDITY_MS = Math.max(...Object.values(VALIDITY_MS));
