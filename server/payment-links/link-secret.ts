import 'server-only';
import { createHash, createHmac } from 'node:crypto';

/**
 * A payment link's URL carries a secret derived from the server's key, the merchant and the link,
 * so the merchant is shown the same URL on every read while the database keeps only its hash: a
 * copy of the database alone opens no link, and the idLink (often an order number) cannot be
 * guessed into a URL (docs/decisions/051).
 */
export function linkSecret(key: Uint8Array, link: { merchantCode: string; idLink: string }): string {
  return createHmac('sha256', key)
    .update(`payment-link\0${link.merchantCode}\0${link.idLink}`)
    .digest('base64url');
}

/** What the database keeps of a link's secret, and looks it up by. */
export function linkSecretHash(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** The page customers open: on the hosted app. */
export function linkUrl(publicUrl: string, secret: string): string {
  return `${publicUrl}/links/${secret}`;
}

/** A link secret's shape (43 base64url characters): anything else is refused before a lookup. */
export const LINK_SECRET_PATTERN = /^[A-Za-z0-9_-]{43}$/;
