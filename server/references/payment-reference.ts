import 'server-only';
import { randomBytes } from 'node:crypto';

/** Crockford base32: no I, L, O or U, so a reference read aloud or typed from paper survives. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const REFERENCE_LENGTH = 10;

/** A payment reference customers quote in transfers: 10 symbols, 50 random bits. */
export function generateReference(): string {
  const bytes = randomBytes(REFERENCE_LENGTH);
  let reference = '';
  for (const byte of bytes) reference += ALPHABET[byte & 31];
  return reference;
}
