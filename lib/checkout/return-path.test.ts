import { describe, expect, it } from 'vitest';
import { safeReturnPath } from './return-path';

describe('safeReturnPath', () => {
  it('accepts only payment pages of this site', () => {
    expect(safeReturnPath('/pay/demo/order-1?amount=10&currencyCode=THB')).toBe(
      '/pay/demo/order-1?amount=10&currencyCode=THB',
    );
    for (const value of [
      'https://evil.example/pay/a/b',
      '//evil.example/pay/a/b',
      '/pay/a',
      '/pay/a/b/../../x',
      '/sandbox/x',
      'javascript:alert(1)',
      undefined,
    ]) {
      expect(safeReturnPath(value)).toBeUndefined();
    }
  });
});
