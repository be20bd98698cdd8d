import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { KeysetCursors } from './keyset-cursors';

const cursors = new KeysetCursors(Buffer.alloc(32, 7));
const b64 = (bytes: string | Buffer) => Buffer.from(bytes).toString('base64url');

describe('payin list cursors', () => {
  it('round-trip every id, up to the largest bigint id', () => {
    for (const id of [1n, 9n, 10n, 123_456_789n, 2n ** 53n + 1n, 2n ** 63n - 1n]) {
      const cursor = cursors.encode('shop-1', id);
      expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(cursors.decode('shop-1', cursor)).toBe(id);
    }
  });

  it('are opaque and stable: the same id gives the same cursor, across instances with the same secret', () => {
    const cursor = cursors.encode('shop-1', 42n);
    expect(cursor).not.toContain('42');
    expect(new KeysetCursors(Buffer.alloc(32, 7)).encode('shop-1', 42n)).toBe(cursor);
    expect(new KeysetCursors(Buffer.alloc(32, 7)).decode('shop-1', cursor)).toBe(42n);
  });

  it('do not decode for another merchant, or under another secret', () => {
    const cursor = cursors.encode('shop-1', 42n);
    expect(cursors.decode('shop-2', cursor)).toBeUndefined();
    expect(new KeysetCursors(Buffer.alloc(32, 8)).decode('shop-1', cursor)).toBeUndefined();
  });

  it('refuse ids they cannot stand for', () => {
    expect(() => cursors.encode('shop-1', 0n)).toThrow(RangeError);
    expect(() => cursors.encode('shop-1', -1n)).toThrow(RangeError);
    expect(() => cursors.encode('shop-1', 2n ** 63n)).toThrow(RangeError);
  });

  it('decode nothing altered or made up', () => {
    const cursor = cursors.encode('shop-1', 42n);
    const bytes = Buffer.from(cursor, 'base64url');
    const flipped = (index: number) => {
      const copy = Buffer.from(bytes);
      copy[index] = copy[index]! ^ 1;
      return b64(copy);
    };
    // The id changed, with the MAC left as it was, or the MAC of the bare id by some other key.
    const forged = Buffer.concat([Buffer.from('p1:41'), bytes.subarray(bytes.length - 16)]);
    const otherKey = createHmac('sha256', 'guess').update('shop-1\np1:41').digest().subarray(0, 16);
    for (const candidate of [
      '',
      'abc',
      '!!!!',
      b64('p1:42'),
      b64(forged),
      b64(Buffer.concat([Buffer.from('p1:41'), otherKey])),
      flipped(3),
      flipped(bytes.length - 1),
      `${cursor}=`,
      `${cursor}A`,
      cursor.slice(0, -1),
      Buffer.from(bytes).toString('base64'),
      'x'.repeat(10_000),
    ]) {
      expect(cursors.decode('shop-1', candidate), candidate).toBeUndefined();
    }
  });

  it('refuse a second spelling of the same bytes (stray trailing bits)', () => {
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    // "p1:7" and the MAC are 20 bytes: the last character carries 2 unused bits.
    const cursor = cursors.encode('shop-1', 7n);
    const last = alphabet.indexOf(cursor.at(-1)!);
    const sibling = `${cursor.slice(0, -1)}${alphabet[last ^ 1]}`;
    expect(Buffer.from(sibling, 'base64url')).toEqual(Buffer.from(cursor, 'base64url'));
    expect(cursors.decode('shop-1', sibling)).toBeUndefined();
  });
});
