import 'server-only';
import { timingSafeEqual } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

/** The Standard Webhooks headers an attempt sent, as the API logged them. */
export interface SignedHeaders {
  'webhook-id'?: string | undefined;
  'webhook-timestamp'?: string | undefined;
  'webhook-signature'?: string | undefined;
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Whether a logged attempt's `webhook-signature` is the one the merchant's secret gives for its id,
 * timestamp and body. `Webhook.verify` would refuse any attempt older than five minutes (a replay
 * guard for live receivers), so the expected signature is recomputed with the library's `sign` and
 * compared in constant time with each `v1,` entry of the header (space-separated on key rotation).
 * `undefined` when the attempt has no signature headers to judge.
 */
export function verifyLoggedSignature(input: {
  secret: string;
  headers: SignedHeaders;
  payload: string;
}): boolean | undefined {
  const id = input.headers['webhook-id'];
  const timestamp = input.headers['webhook-timestamp'];
  const signature = input.headers['webhook-signature'];
  if (id === undefined || timestamp === undefined || signature === undefined) return undefined;
  if (!/^\d{1,12}$/.test(timestamp)) return false;
  let expected: string;
  try {
    expected = new Webhook(input.secret).sign(id, new Date(Number(timestamp) * 1000), input.payload);
  } catch {
    return false;
  }
  let verified = false;
  // Every entry is compared, so the time taken does not say which one matched.
  for (const entry of signature.split(' ')) if (sameText(entry, expected)) verified = true;
  return verified;
}
