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

/**
 * A reference as a person writes it back (docs/decisions/046): any case, spaced or dashed, O for 0
 * and I or L for 1, as Crockford base32 reads them; undefined when the text cannot be one.
 */
export function readReference(text: string): string | undefined {
  const symbols = text
    .normalize('NFKC')
    .toUpperCase()
    .replace(/[\s-]/g, '')
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1');
  return symbols.length === REFERENCE_LENGTH && /^[0-9A-HJKMNP-TV-Z]+$/.test(symbols) ? symbols : undefined;
}
