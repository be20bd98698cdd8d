import { randomBytes } from 'node:crypto';
import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import {
  newRecoveryCodes,
  newTotpSecret,
  normaliseRecoveryCode,
  RECOVERY_CODE_COUNT,
  sealTotpSecret,
  totpStep,
  totpUri,
  unsealTotpSecret,
} from './second-factor';

const NOW = 1_795_700_000;

describe('TOTP', () => {
  it('takes the current code and one step either side, and names the step', async () => {
    const secret = newTotpSecret();
    const step = Math.floor(NOW / 30);
    expect(await totpStep(secret, await generate({ secret, epoch: NOW }), NOW)).toBe(step);
    expect(await totpStep(secret, await generate({ secret, epoch: NOW - 30 }), NOW)).toBe(step - 1);
    expect(await totpStep(secret, await generate({ secret, epoch: NOW + 30 }), NOW)).toBe(step + 1);
    expect(await totpStep(secret, await generate({ secret, epoch: NOW - 90 }), NOW)).toBeUndefined();
  });

  it('refuses what is not six digits without asking the library', async () => {
    const secret = newTotpSecret();
    for (const code of ['', '12345', '1234567', 'abcdef', '12 456'])
      expect(await totpStep(secret, code, NOW)).toBeUndefined();
  });

  it('gives authenticator apps an otpauth URI with the issuer and the person', () => {
    const uri = new URL(totpUri('ana@shop.example', 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP'));
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.searchParams.get('issuer')).toBe('Payin Gateway');
    expect(uri.searchParams.get('secret')).toBe('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP');
    expect(decodeURIComponent(uri.pathname)).toContain('ana@shop.example');
  });

  it('seals the secret at rest: round-trips with the key, refuses another key or a changed byte', () => {
    const key = randomBytes(32);
    const secret = newTotpSecret();
    const sealed = sealTotpSecret(key, secret);
    expect(sealed).not.toContain(secret);
    expect(unsealTotpSecret(key, sealed)).toBe(secret);
    expect(() => unsealTotpSecret(randomBytes(32), sealed)).toThrow();
    const bytes = Buffer.from(sealed, 'base64url');
    bytes[13] = (bytes[13] ?? 0) ^ 1;
    expect(() => unsealTotpSecret(key, bytes.toString('base64url'))).toThrow();
  });
});

describe('recovery codes', () => {
  it('are ten distinct codes of an unambiguous alphabet', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
    for (const code of codes)
      expect(code).toMatch(/^[A-HJKMNP-Z2-9]{4}-[A-HJKMNP-Z2-9]{4}-[A-HJKMNP-Z2-9]{4}$/);
  });

  it('read the same typed in any case, with spaces or dashes', () => {
    expect(normaliseRecoveryCode(' k7qm 3xwp-td9a ')).toBe('K7QM3XWPTD9A');
    expect(normaliseRecoveryCode('K7QM-3XWP-TD9A')).toBe('K7QM3XWPTD9A');
  });
});
