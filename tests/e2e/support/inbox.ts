/** A customer e-mail as the tests' mail server received it (scripts/e2e-inbox.mjs). */
export interface InboxMessage {
  to: string;
  from: string;
  subject: string;
  text: string;
  html: string;
  language: string | null;
  messageId: string | null;
  attachments: { contentType: string; cid: string | null }[];
}

const INBOX_URL = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? '3300') + 2}`;

/** The messages sent to `address`, waiting until there are `count` (the instance sends within a second or two). */
export async function messagesTo(address: string, count = 1, timeoutMs = 15_000): Promise<InboxMessage[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await fetch(`${INBOX_URL}/messages?to=${encodeURIComponent(address)}`);
    const messages = (await response.json()) as InboxMessage[];
    if (messages.length >= count || Date.now() > deadline) return messages;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
