import { createHmac, randomBytes } from 'node:crypto';
import { jwtVerify, SignJWT, UnsecuredJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TokenClaims } from './claims';
import { importTokenKey, signToken, verifyToken, type TokenKeys } from './jwt';

const now = 1_800_000_000;
const claims: TokenClaims = {
  sub: 'm1',
  operations: ['GET /payins/a'],
  iat: now,
  exp: now + 1800,
  jti: '2c3b0a8e-1f27-4d55-9a55-0c0f6f6e2b11',
};

function b64(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

function hmacToken(key: Buffer, header: unknown, payload: unknown): string {
  const signingInput = `${b64(header)}.${b64(payload)}`;
  return `${signingInput}.${createHmac('sha256', key).update(signingInput).digest('base64url')}`;
}

let keys: TokenKeys;
beforeAll(async () => {
  keys = await importTokenKey(randomBytes(32));
});

describe('verifyToken', () => {
  it('accepts what jose signs, and jose accepts what we sign', async () => {
    const token = await signToken(keys, claims);
    expect(verifyToken(keys, token, now)).toEqual(claims);
    const { payload, protectedHeader } = await jwtVerify(token, keys.raw, {
      algorithms: ['HS256'],
      currentDate: new Date(now * 1000),
    });
    expect(protectedHeader).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(payload).toMatchObject({ sub: 'm1', operations: ['GET /payins/a'], exp: now + 1800 });
  });

  it('refuses a token signed with another key or altered in transit', async () => {
    const other = await importTokenKey(randomBytes(32));
    const token = await signToken(other, claims);
    expect(() => verifyToken(keys, token, now)).toThrow(/signature/);
    const good = await signToken(keys, claims);
    const [header, , signature] = good.split('.');
    const widened = `${header}.${b64({ ...claims, operations: ['GET /payins/.*'] })}.${signature}`;
    expect(() => verifyToken(keys, widened, now)).toThrow(/signature/);
  });

  it('refuses alg none, other algorithms and critical headers', () => {
    const unsecured = new UnsecuredJWT({ ...claims }).encode();
    expect(() => verifyToken(keys, unsecured, now)).toThrow();
    expect(() => verifyToken(keys, `${b64({ alg: 'none' })}.${b64(claims)}.`, now)).toThrow();
    expect(() => verifyToken(keys, hmacToken(keys.raw, { alg: 'HS512' }, claims), now)).toThrow(/algorithm/);
    expect(() => verifyToken(keys, hmacToken(keys.raw, { alg: 'hs256' }, claims), now)).toThrow(/algorithm/);
    expect(() =>
      verifyToken(keys, hmacToken(keys.raw, { alg: 'HS256', crit: ['exp'] }, claims), now),
    ).toThrow(/unsupported/);
    expect(() =>
      verifyToken(keys, hmacToken(keys.raw, { alg: 'HS256', typ: 'at+jwt' }, claims), now),
    ).toThrow(/type/);
  });

  it('requires exp, iat, jti and sub, and refuses expired tokens', () => {
    for (const missing of ['exp', 'iat', 'jti', 'sub', 'operations'] as const) {
      const { [missing]: _dropped, ...rest } = claims;
      expect(() => verifyToken(keys, hmacToken(keys.raw, { alg: 'HS256', typ: 'JWT' }, rest), now)).toThrow(
        /claims/,
      );
    }
    const token = hmacToken(keys.raw, { alg: 'HS256', typ: 'JWT' }, claims);
    expect(verifyToken(keys, token, now + 1799).sub).toBe('m1');
    expect(() => verifyToken(keys, token, now + 1800)).toThrow(/expired/);
    expect(() =>
      verifyToken(keys, hmacToken(keys.raw, { alg: 'HS256' }, { ...claims, iat: now + 3600 }), now),
    ).toThrow(/future/);
  });

  it('refuses malformed compact serialisations', async () => {
    const token = await signToken(keys, claims);
    expect(() => verifyToken(keys, `${token}.x`, now)).toThrow(/compact/);
    expect(() => verifyToken(keys, token.replace('.', '.+'), now)).toThrow(/base64url/);
    expect(() => verifyToken(keys, 'a'.repeat(9000), now)).toThrow(/long/);
    // A non-canonical spelling of the same signature bytes is refused.
    const last = token.at(-1)!;
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const twin = `${token.slice(0, -1)}${alphabet[alphabet.indexOf(last) ^ 1]}`;
    expect(() => verifyToken(keys, twin, now)).toThrow(/signature/);
  });

  it('uses jose for signing with the pinned header', async () => {
    const token = await new SignJWT({ operations: ['GET /x'] })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject('m1')
      .setIssuedAt(now)
      .setExpirationTime(now + 60)
      .setJti('abcdefgh-1234')
      .sign(keys.raw);
    expect(verifyToken(keys, token, now).operations).toEqual(['GET /x']);
  });
});
