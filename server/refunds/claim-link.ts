import 'server-only';
import { createHash, createHmac } from 'node:crypto';

/**
 * A refund's claim link carries a secret derived from the server's key and the refund, so the
 * merchant can be shown the link again on every read while the database keeps only its hash: a
 * copy of the database alone opens no claim (docs/decisions/036).
 */
export function claimSecret(key: Uint8Array, refund: { merchantCode: string; idRefund: string }): string {
  return createHmac('sha256', key)
    .update(`refund-claim\0${refund.merchantCode}\0${refund.idRefund}`)
    .digest('base64url');
}

/** What the database keeps of a claim secret, and looks it up by. */
export function claimHash(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** The page the payer opens: on the hosted app, beside the payment pages. */
export function claimUrl(publicUrl: string, secret: string): string {
  return `${publicUrl}/refunds/claim/${secret}`;
}

/** A claim secret's shape (43 base64url characters): anything else is refused before a lookup. */
export const CLAIM_SECRET_PATTERN = /^[A-Za-z0-9_-]{43}$/;
