import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { HostAllowlist } from '../net/allowlist';
import { UrlPolicy } from '../net';
import {
  keptHeaders,
  receiverKey,
  receiverKeyIn,
  receiverPrefix,
  signatureVerifies,
} from './callback-receiver';
import { signCallback } from './callback.signer';

const SECRET = Buffer.alloc(32, 1);

describe('receiver keys', () => {
  it('are 128 bits of HMAC in base64url: stable per merchant, different between merchants and server secrets', () => {
    const key = receiverKey(SECRET, 'shop');
    expect(key).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(receiverKey(SECRET, 'shop')).toBe(key);
    expect(receiverKey(SECRET, 'shop2')).not.toBe(key);
    expect(receiverKey(Buffer.alloc(32, 2), 'shop')).not.toBe(key);
  });

  it('are read only from exact receiver URLs', () => {
    const prefix = receiverPrefix('http://localhost:3000/');
    expect(prefix).toBe('http://localhost:3000/api/callback-receiver/');
    expect(receiverKeyIn(prefix, `${prefix}abc_-9`)).toBe('abc_-9');
    for (const url of [
      prefix,
      `${prefix}abc?x=1`,
      `${prefix}abc/def`,
      `${prefix}abc#x`,
      'http://localhost:3001/api/callback-receiver/abc',
      'https://localhost:3000/api/callback-receiver/abc',
    ]) {
      expect(receiverKeyIn(prefix, url)).toBeUndefined();
    }
  });
});

describe('kept headers', () => {
  it('are lower-cased, without hop-by-hop headers and credentials; repeats are joined', () => {
    expect(
      keptHeaders([
        ['Content-Type', 'application/json'],
        ['Connection', 'keep-alive'],
        ['Transfer-Encoding', 'chunked'],
        ['Authorization', 'Bearer x'],
        ['Cookie', 'a=1'],
        ['Proxy-Authorization', 'Basic y'],
        ['X-Trace', 'a'],
        ['x-trace', 'b'],
      ]),
    ).toEqual({ 'content-type': 'application/json', 'x-trace': 'a, b' });
  });
});

describe('signature check', () => {
  const secret = `whsec_${Buffer.alloc(24, 9).toString('base64')}`;
  const body = '{"type":"callback.test"}';

  it('accepts what our signer signs, as standardwebhooks does, and nothing else', () => {
    const headers = signCallback({ secret, eventId: 'evt_1', timestamp: new Date(), body });
    expect(() => new Webhook(secret).verify(body, headers)).not.toThrow();
    expect(signatureVerifies(secret, body, headers)).toBe(true);
    expect(signatureVerifies(secret, `${body} `, headers)).toBe(false);
    expect(signatureVerifies(`whsec_${Buffer.alloc(24, 8).toString('base64')}`, body, headers)).toBe(false);
    expect(signatureVerifies(secret, body, {})).toBe(false);
  });

  it('refuses a stale timestamp', () => {
    const stale = signCallback({
      secret,
      eventId: 'evt_1',
      timestamp: new Date(Date.now() - 3_600_000),
      body,
    });
    expect(signatureVerifies(secret, body, stale)).toBe(false);
  });
});

describe('the URL policy and in-process callback URLs', () => {
  const prefix = receiverPrefix('http://localhost:3000');
  const policy = new UrlPolicy(
    false,
    new HostAllowlist([]),
    (url) => receiverKeyIn(prefix, url) !== undefined,
  );

  it('accepts the receiver URL as a callbackUrl though it is plain http to localhost', () => {
    expect(policy.check('callbackUrl', `${prefix}abc`)).toBeUndefined();
    expect(policy.checkCallbackUrl('url', `${prefix}abc`)).toBeUndefined();
  });

  it('still refuses everything else on localhost, and plain http returnUrls', () => {
    expect(policy.check('callbackUrl', 'http://localhost:3000/api/payins')).toMatchObject({
      field: 'callbackUrl',
    });
    expect(policy.checkCallbackUrl('url', `${prefix}abc?x=1`)).toMatchObject({ field: 'url' });
    expect(policy.check('returnUrl', `${prefix}abc`)).toMatchObject({ field: 'returnUrl' });
  });
});
