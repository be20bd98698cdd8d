import 'server-only';
import { createHash } from 'node:crypto';

/**
 * Deterministic sandbox identifiers: the same inputs always give the same bytes, so an account,
 * merchant ID or address shown to a customer stays valid across payins and restarts.
 */
export function derivedBytes(parts: readonly string[], length: number): Buffer {
  const chunks: Buffer[] = [];
  for (let counter = 0; chunks.length * 32 < length; counter++) {
    chunks.push(
      createHash('sha256')
        .update(`${parts.join('\u0000')}\u0000${counter}`)
        .digest(),
    );
  }
  return Buffer.concat(chunks).subarray(0, length);
}

/** `length` decimal digits derived from the inputs, never starting with 0 (apps drop leading zeros). */
export function derivedDigits(parts: readonly string[], length: number): string {
  const bytes = derivedBytes(parts, length);
  let digits = '';
  for (const byte of bytes) digits += (byte % 10).toString();
  return (digits[0] === '0' ? '1' : digits[0]) + digits.slice(1);
}

/** One of the items, picked deterministically from the inputs. */
export function derivedPick<T>(parts: readonly string[], items: readonly T[]): T {
  const item = items[derivedBytes(parts, 1)[0]! % items.length];
  if (item === undefined) throw new Error('derivedPick needs at least one item.');
  return item;
}
