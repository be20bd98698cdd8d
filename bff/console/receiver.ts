import 'server-only';
import { callbackReceiverMessagesSchema, type CallbackReceiverMessages } from '@/lib/api/callback-responses';
import type { ApiReply, ConsoleApi } from './console-api';

export const RECEIVER_PAGE_SIZE = 50;

/** The merchant's built-in receiver: its URL and the newest messages it took in. */
export async function loadReceiver(
  api: ConsoleApi,
  limit = RECEIVER_PAGE_SIZE,
): Promise<{ receiver: CallbackReceiverMessages } | { failure: ApiReply }> {
  const reply = await api.call('GET', `/callback-receiver?limit=${limit}`);
  const parsed = callbackReceiverMessagesSchema.safeParse(reply.body);
  if (reply.status !== 200 || !parsed.success) return { failure: reply };
  return { receiver: parsed.data };
}

/** What to say when a load failed: the API's problem detail, or its status. */
export function failureDetail(reply: ApiReply): string {
  const detail = (reply.body as { detail?: unknown } | undefined)?.detail;
  if (typeof detail === 'string') return detail;
  return reply.unreachable ? 'The payin API did not answer.' : `HTTP ${reply.status}`;
}
