import { randomBytes } from 'node:crypto';
import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { signCallback } from './callback.signer';

const secret = `whsec_${randomBytes(32).toString('base64')}`;
const body = JSON.stringify({ type: 'payin.status_changed', eventId: 'evt_1', idPayin: 'order-1' });

describe('signCallback', () => {
  it('produces headers the standardwebhooks library verifies', () => {
    const headers = signCallback({ secret, eventId: 'evt_1', timestamp: new Date(), body });
    expect(headers['webhook-id']).toBe('evt_1');
    expect(headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
  });

  it('matches the library signature byte for byte', () => {
    const at = new Date('2026-01-02T03:04:05.678Z');
    const headers = signCallback({ secret, eventId: 'evt_x', timestamp: at, body });
    expect(headers['webhook-timestamp']).toBe(String(Math.floor(at.getTime() / 1000)));
    expect(headers['webhook-signature']).toBe(new Webhook(secret).sign('evt_x', at, body));
  });

  it('fails verification with another secret, another body or another id', () => {
    const headers = signCallback({ secret, eventId: 'evt_1', timestamp: new Date(), body });
    const other = `whsec_${randomBytes(32).toString('base64')}`;
    expect(() => new Webhook(other).verify(body, headers)).toThrow(WebhookVerificationError);
    expect(() => new Webhook(secret).verify(`${body} `, headers)).toThrow(WebhookVerificationError);
    expect(() => new Webhook(secret).verify(body, { ...headers, 'webhook-id': 'evt_2' })).toThrow(
      WebhookVerificationError,
    );
  });

  it('is refused by receivers when the timestamp is stale (so it must be real time)', () => {
    const stale = signCallback({
      secret,
      eventId: 'evt_1',
      timestamp: new Date(Date.now() - 3_600_000),
      body,
    });
    expect(() => new Webhook(secret).verify(body, stale)).toThrow(/too old/);
  });

  it('signs once per secret during a rotation, and each secret alone verifies the message', () => {
    const next = `whsec_${randomBytes(32).toString('base64')}`;
    const other = `whsec_${randomBytes(32).toString('base64')}`;
    const headers = signCallback({ secret: [next, secret], eventId: 'evt_2', timestamp: new Date(), body });
    const signatures = headers['webhook-signature'].split(' ');
    expect(signatures).toHaveLength(2);
    expect(signatures[0]).toBe(
      signCallback({ secret: next, eventId: 'evt_2', timestamp: new Date(), body })['webhook-signature'],
    );
    expect(new Webhook(next).verify(body, headers)).toMatchObject({ idPayin: 'order-1' });
    expect(new Webhook(secret).verify(body, headers)).toMatchObject({ idPayin: 'order-1' });
    expect(() => new Webhook(other).verify(body, headers)).toThrow(WebhookVerificationError);
  });
});
