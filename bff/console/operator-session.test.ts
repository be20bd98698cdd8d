import { randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CONSOLE_SESSION_KEY } from '@/lib/console/session-key';
import { sealValue } from './sealed-cookie';
import {
  afterOperatorSignIn,
  OPERATOR_SESSION_SECS,
  sealOperatorKey,
  unsealOperatorKey,
} from './operator-session';

const globals = globalThis as Record<symbol, unknown>;
const KEY = 'op_test_0123456789abcdefghijklmnopqrstuvwxyz';

describe('the operator cookie', () => {
  beforeEach(() => {
    globals[CONSOLE_SESSION_KEY] = randomBytes(32);
  });
  afterEach(() => {
    delete globals[CONSOLE_SESSION_KEY];
  });

  it('holds the key sealed, for 8 hours', () => {
    const now = 1_800_000_000;
    const sealed = sealOperatorKey(KEY, now);
    expect(Buffer.from(sealed, 'base64url').toString('latin1')).not.toContain('op_test');
    expect(unsealOperatorKey(sealed, now + OPERATOR_SESSION_SECS - 1)).toBe(KEY);
    expect(unsealOperatorKey(sealed, now + OPERATOR_SESSION_SECS)).toBeUndefined();
  });

  it('refuses a merchant session or another purpose’s value, and a value without its expiry', () => {
    expect(unsealOperatorKey(sealValue('console session v1', { key: KEY, exp: 2e9 }))).toBeUndefined();
    expect(unsealOperatorKey(sealValue('console operator session v1', { key: KEY }))).toBeUndefined();
    expect(unsealOperatorKey('not-a-cookie')).toBeUndefined();
  });
});

describe('after the operator signs in', () => {
  it('goes back to the operator page it was asked from, and nowhere else', () => {
    expect(afterOperatorSignIn('/console/operator/merchants/shop-1')).toBe(
      '/console/operator/merchants/shop-1',
    );
    expect(afterOperatorSignIn(undefined)).toBe('/console/operator');
    for (const elsewhere of [
      '//evil.example',
      '/console/payments',
      '/console/operator/../payments',
      '/console/operator/sign-in',
      '/console/operator\\evil',
      'https://evil.example/console/operator',
    ])
      expect(afterOperatorSignIn(elsewhere)).toBe('/console/operator');
  });
});
