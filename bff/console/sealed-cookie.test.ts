import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { CONSOLE_SESSION_KEY } from '@/lib/console/session-key';
import { sealValue, unsealValue } from './sealed-cookie';

const globals = globalThis as Record<symbol, unknown>;

describe('sealed cookies', () => {
  afterEach(() => {
    delete globals[CONSOLE_SESSION_KEY];
  });

  it('round-trips and never shows the value in the cookie', () => {
    globals[CONSOLE_SESSION_KEY] = randomBytes(32);
    const sealed = sealValue('test v1', { key: 'top-secret-value' });
    expect(Buffer.from(sealed, 'base64url').toString('latin1')).not.toContain('top-secret');
    expect(unsealValue('test v1', sealed)).toEqual({ key: 'top-secret-value' });
  });

  it('refuses an altered cookie, one sealed for another purpose, or under another key', () => {
    globals[CONSOLE_SESSION_KEY] = randomBytes(32);
    const sealed = sealValue('test v1', { key: 'k' });
    const bytes = Buffer.from(sealed, 'base64url');
    bytes[14] = (bytes[14] ?? 0) ^ 1;
    expect(unsealValue('test v1', bytes.toString('base64url'))).toBeUndefined();
    expect(unsealValue('other v1', sealed)).toBeUndefined();
    expect(unsealValue('test v1', 'not-a-cookie')).toBeUndefined();
    globals[CONSOLE_SESSION_KEY] = randomBytes(32);
    expect(unsealValue('test v1', sealed)).toBeUndefined();
  });
});
