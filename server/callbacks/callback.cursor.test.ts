import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor } from './callback.cursor';

describe('callback list cursors', () => {
  it('round-trip an id as base64url', () => {
    for (const id of [1n, 42n, 9_007_199_254_740_993n]) {
      const cursor = encodeCursor(id);
      expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(decodeCursor(cursor)).toBe(id);
    }
  });

  it('refuse what this API never gave out', () => {
    for (const cursor of [
      '',
      'abc',
      Buffer.from('c0').toString('base64url'),
      Buffer.from('c-1').toString('base64url'),
      Buffer.from('12').toString('base64url'),
      Buffer.from(`c${'9'.repeat(20)}`).toString('base64url'),
    ]) {
      expect(decodeCursor(cursor)).toBeUndefined();
    }
  });
});
