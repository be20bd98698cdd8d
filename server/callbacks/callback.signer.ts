import 'server-only';
import { createHmac } from 'node:crypto';

const SECRET_PREFIX = 'whsec_';
export const CALLBACK_USER_AGENT = 'payin-gateway-callbacks/1';

/**
 * Standard Webhooks signature headers: `webhook-signature` is `v1,` + base64 HMAC-SHA256, keyed
 * with the base64-decoded secret, of "{webhook-id}.{webhook-timestamp}.{body}". Given several
 * secrets (a rotation's overlap), one signature per secret, space-separated, as the standard allows:
 * a receiver verifying with any one of them accepts the message.
 */
export function signCallback(input: {
  secret: string | readonly string[];
  eventId: string;
  timestamp: Date;
  body: string;
}): Record<'webhook-id' | 'webhook-timestamp' | 'webhook-signature', string> {
  const seconds = Math.floor(input.timestamp.getTime() / 1000).toString();
  const secrets = typeof input.secret === 'string' ? [input.secret] : input.secret;
  const signatures = secrets.map((secret) => {
    const key = Buffer.from(
      secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret,
      'base64',
    );
    return `v1,${createHmac('sha256', key).update(`${input.eventId}.${seconds}.${input.body}`).digest('base64')}`;
  });
  return {
    'webhook-id': input.eventId,
    'webhook-timestamp': seconds,
    'webhook-signature': signatures.join(' '),
  };
}

/** Every header a callback request carries (beyond what HTTP itself adds), signed. */
export function callbackHeaders(input: {
  secret: string | readonly string[];
  eventId: string;
  timestamp: Date;
  body: string;
}): Record<string, string> {
  return {
    'content-type': 'application/json',
    'user-agent': CALLBACK_USER_AGENT,
    ...signCallback(input),
  };
}
