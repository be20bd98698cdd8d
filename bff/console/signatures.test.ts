import { createHmac } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { verifyLoggedSignature } from './signatures';

const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const PAYLOAD =
  '{"type":"payin.status_changed","eventId":"evt_1","idPayin":"order-1","timestamp":"2026-03-01T12:00:00.000Z"}';
// A day before now: Webhook.verify would refuse it as too old, the log must still judge it.
const TIMESTAMP = Math.floor(Date.now() / 1000) - 86_400;

/** What the gateway's signer sends: v1, + base64 HMAC-SHA256 of "{id}.{timestamp}.{body}". */
function signatureOf(secret: string, id: string, timestamp: number, payload: string): string {
  const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${payload}`).digest('base64')}`;
}

const headers = (signature: string, overrides: Record<string, string> = {}) => ({
  'webhook-id': 'evt_1',
  'webhook-timestamp': String(TIMESTAMP),
  'webhook-signature': signature,
  ...overrides,
});

describe('verifyLoggedSignature', () => {
  const good = signatureOf(SECRET, 'evt_1', TIMESTAMP, PAYLOAD);

  it('verifies a known secret, payload and header, however old the attempt', () => {
    expect(verifyLoggedSignature({ secret: SECRET, headers: headers(good), payload: PAYLOAD })).toBe(true);
    expect(() => new Webhook(SECRET).verify(PAYLOAD, headers(good))).toThrow();
  });

  it('agrees with the library on a fresh signature it made', () => {
    const now = new Date();
    const signature = new Webhook(SECRET).sign('evt_1', now, PAYLOAD);
    const fresh = headers(signature, { 'webhook-timestamp': String(Math.floor(now.getTime() / 1000)) });
    expect(verifyLoggedSignature({ secret: SECRET, headers: fresh, payload: PAYLOAD })).toBe(true);
    expect(new Webhook(SECRET).verify(PAYLOAD, fresh)).toBeTruthy();
  });

  it('accepts the matching entry of a rotated, space-separated list', () => {
    const other = signatureOf('whsec_' + Buffer.alloc(32, 7).toString('base64'), 'evt_1', TIMESTAMP, PAYLOAD);
    const list = `${other} ${good}`;
    expect(verifyLoggedSignature({ secret: SECRET, headers: headers(list), payload: PAYLOAD })).toBe(true);
  });

  it('refuses a tampered payload, id, timestamp or signature, and another secret', () => {
    const tampered = PAYLOAD.replace('order-1', 'order-2');
    expect(verifyLoggedSignature({ secret: SECRET, headers: headers(good), payload: tampered })).toBe(false);
    expect(
      verifyLoggedSignature({
        secret: SECRET,
        headers: headers(good, { 'webhook-id': 'evt_2' }),
        payload: PAYLOAD,
      }),
    ).toBe(false);
    expect(
      verifyLoggedSignature({
        secret: SECRET,
        headers: headers(good, { 'webhook-timestamp': String(TIMESTAMP + 1) }),
        payload: PAYLOAD,
      }),
    ).toBe(false);
    const flipped = good.slice(0, -2) + (good.endsWith('A=') ? 'B=' : 'A=');
    expect(verifyLoggedSignature({ secret: SECRET, headers: headers(flipped), payload: PAYLOAD })).toBe(
      false,
    );
    const otherSecret = 'whsec_' + Buffer.alloc(24, 1).toString('base64');
    expect(verifyLoggedSignature({ secret: otherSecret, headers: headers(good), payload: PAYLOAD })).toBe(
      false,
    );
  });

  it('refuses malformed headers and secrets, and has no verdict without headers', () => {
    expect(
      verifyLoggedSignature({
        secret: SECRET,
        headers: headers(good, { 'webhook-timestamp': '12.5' }),
        payload: PAYLOAD,
      }),
    ).toBe(false);
    expect(verifyLoggedSignature({ secret: 'not base64 !', headers: headers(good), payload: PAYLOAD })).toBe(
      false,
    );
    expect(verifyLoggedSignature({ secret: SECRET, headers: {}, payload: PAYLOAD })).toBeUndefined();
  });
});
