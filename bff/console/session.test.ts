import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { CONSOLE_SESSION_KEY } from '@/lib/console/session-key';
import { sealSession, unsealSession, type ConsoleSession } from './session';

const globals = globalThis as Record<symbol, unknown>;
const session: ConsoleSession = {
  merchantCode: 'shop-1',
  secret: 'top-secret-value',
  channelName: 'Bangkok Books',
  isTest: true,
  issuedAt: 1_700_000_000,
  expiresAt: 1_700_028_800,
};

describe('console session cookie', () => {
  afterEach(() => {
    delete globals[CONSOLE_SESSION_KEY];
  });

  it('round-trips and never shows the secret in the cookie', () => {
    globals[CONSOLE_SESSION_KEY] = randomBytes(32);
    const sealed = sealSession(session);
    expect(sealed).not.toContain('top-secret');
    expect(Buffer.from(sealed, 'base64url').toString('latin1')).not.toContain('top-secret');
    expect(unsealSession(sealed, 1_700_000_001)).toEqual(session);
  });

  it('refuses an expired, altered or foreign cookie', () => {
    globals[CONSOLE_SESSION_KEY] = randomBytes(32);
    const sealed = sealSession(session);
    expect(unsealSession(sealed, session.expiresAt)).toBeUndefined();
    const bytes = Buffer.from(sealed, 'base64url');
    bytes[20] = (bytes[20] ?? 0) ^ 1;
    expect(unsealSession(bytes.toString('base64url'), 1_700_000_001)).toBeUndefined();
    expect(unsealSession('not-a-cookie', 1_700_000_001)).toBeUndefined();
    globals[CONSOLE_SESSION_KEY] = randomBytes(32);
    expect(unsealSession(sealed, 1_700_000_001)).toBeUndefined();
  });
});
