import 'server-only';
import { createHmac } from 'node:crypto';

const SECRET_PREFIX = 'whsec_';
export const CALLBACK_USER_AGENT = 'payin-gateway-callbacks/1';

/**
 * Standard Webhooks signature headers: `webhook-signature` is `v1,` + base64 HMAC-SHA256, keyed
 * with the base64-decoded secret, of "{webhook-id}.{webhook-timestamp}.{body}".
 */
export function signCallback(input: {
  secret: string;
  eventId: string;
  timestamp: Date;
  body: string;
}): Record<'webhook-id' | 'webhook-timestamp' | 'webhook-signature', string> {
  const key = Buffer.from(
    input.secret.startsWith(SECRET_PREFIX) ? input.secret.slice(SECRET_PREFIX.length) : input.secret,
    'base64',
  );
  const seconds = Math.floor(input.timestamp.getTime() / 1000).toString();
  const signature = createHmac('sha256', key)
    .update(`${input.eventId}.${seconds}.${input.body}`)
    .digest('base64');
  return {
    'webhook-id': input.eventId,
    'webhook-timestamp': seconds,
    'webhook-signature': `v1,${signature}`,
  };
}

/** Every header a callback request carries (beyond what HTTP itself adds), signed. */
export function callbackHeaders(input: {
  secret: string;
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
