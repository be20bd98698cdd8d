import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { ALL_PAYIN_OPERATIONS, ApiClient } from '../support/api-client';
import { newIdPayin, payinRequest } from '../support/builders';
import { politely, serverProcessFixture } from '../support/server-process';
import { startSmtpListener, type SmtpListener } from '../support/smtp-listener';
import { openTestDatabase } from '../support/test-database';

/**
 * E-mails to customers across a crash (docs/decisions/052): a server killed with SIGKILL while its
 * SMTP server has not answered some messages yet sends those again after a restart, under the same
 * Message-ID, and none of those it had already handed over.
 */
const { start, merchantsFile, scratchPath } = serverProcessFixture('customer-emails');
const listeners: SmtpListener[] = [];
afterAll(async () => {
  await Promise.all(listeners.map((listener) => listener.close()));
});

/** PGlite in a data folder of its own, or a fresh PostgreSQL database when TEST_DATABASE_URL is set. */
async function storage(): Promise<{ env: Record<string, string>; close(): Promise<void> }> {
  if (process.env.TEST_DATABASE_URL) {
    const database = await openTestDatabase();
    return { env: { DATABASE_URL: database.url! }, close: () => database.close() };
  }
  return { env: { DATA_DIR: scratchPath('data') }, close: async () => {} };
}

async function until(condition: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
}

const addressOf = (mail: { to?: unknown }) =>
  mail.to && typeof mail.to === 'object' && 'text' in mail.to ? String(mail.to.text) : '';

describe('customer e-mails and a crash', () => {
  it(
    'are each sent once: the unanswered ones again after a restart, the handed-over ones never',
    { timeout: 120_000 },
    async () => {
      const smtp = await startSmtpListener();
      listeners.push(smtp);
      // The first three are accepted; then the SMTP server stops answering (a slow or stuck relay).
      smtp.answer = (index) => (index < 3 ? 'accept' : 'hold');
      const merchant = {
        callbackSecret: `whsec_${randomBytes(32).toString('base64')}`,
        merchantCode: `mail-${randomBytes(3).toString('hex')}`,
        secret: `sk_test_${randomBytes(18).toString('base64url')}`,
        channelName: 'Crash Books',
        test: true,
      };
      const db = await storage();
      const env = {
        ...db.env,
        MERCHANTS_FILE: merchantsFile([merchant]),
        SMTP_URL: smtp.url,
        MAIL_LEASE_SECS: '3',
        PUBLIC_URL: 'https://pay.example',
      };
      const first = await start(env);
      const client = new ApiClient(first.baseUrl);
      const token = await client.token(merchant, ALL_PAYIN_OPERATIONS);
      const addresses: string[] = [];
      for (let index = 0; index < 8; index++) {
        const address = `customer${index}.${randomBytes(3).toString('hex')}@example.com`;
        addresses.push(address);
        const created = await politely(() =>
          client.request('POST', `/payins/${newIdPayin('crash')}`, {
            token,
            body: payinRequest({
              paymentMethod: { paymentMethodCode: 'OFFLINE', emailAddress: address },
            }),
          }),
        );
        expect(created.status, created.text).toBe(201);
      }
      // Both pooled connections wait on a held message; the three accepted ones are marked sent by now.
      await until(() => smtp.received.length >= 5, 30_000);
      expect(smtp.accepted).toHaveLength(3);
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      await first.stop('SIGKILL');
      const held = smtp.received.slice(3);

      smtp.answer = () => 'accept';
      const second = await start(env);
      await until(() => smtp.accepted.length >= addresses.length, 30_000);
      // Anything sent twice would arrive within the next lease.
      await new Promise((resolve) => setTimeout(resolve, 4_000));
      const sentTo = smtp.accepted.map(addressOf).sort();
      expect(sentTo).toEqual([...addresses].sort());
      const ids = new Map(smtp.accepted.map((mail) => [addressOf(mail), mail.messageId]));
      for (const mail of held) expect(ids.get(addressOf(mail))).toBe(mail.messageId);
      await second.stop('SIGTERM');
      await db.close();
    },
  );
});
