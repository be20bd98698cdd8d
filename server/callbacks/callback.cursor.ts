/**
 * Page cursors of GET /callbacks: opaque to merchants, base64url of the last delivery's internal id
 * (keyset pagination, newest first, so pages do not shift as new deliveries arrive).
 */
const CURSOR_TEXT = /^c([1-9][0-9]{0,18})$/;

export function encodeCursor(lastId: bigint): string {
  return Buffer.from(`c${lastId}`, 'utf8').toString('base64url');
}

/** The id a cursor stands for, or undefined when it is not one this API gave out. */
export function decodeCursor(cursor: string): bigint | undefined {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const match = CURSOR_TEXT.exec(text);
  return match ? BigInt(match[1]!) : undefined;
}
