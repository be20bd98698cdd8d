import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { ALL_PAYIN_OPERATIONS, ApiClient } from '../support/api-client';
import { newIdPayin, payinRequest } from '../support/builders';
import { fileMerchant, politely, serverProcessFixture, type ServerProcess } from '../support/server-process';
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

/** What the servers logged about e-mail, to say why an assertion failed. */
const mailLog = (...servers: ServerProcess[]) =>
  servers
    .flatMap((server) => server.output)
    .filter((line) => line.startsWith('{') && /e-mail|smtp/i.test(line))
    .join('\n');

/** A test merchant of this file, written into its merchants file. */
const mailMerchant = () => ({ ...fileMerchant('mail'), channelName: 'Crash Books', test: true });

/** Creates a payin whose instructions go to this address by e-mail. */
async function createWithEmail(client: ApiClient, token: string, address: string): Promise<void> {
  const created = await politely(() =>
    client.request('POST', `/payins/${newIdPayin('crash')}`, {
      token,
      body: payinRequest({ paymentMethod: { paymentMethodCode: 'OFFLINE', emailAddress: address } }),
    }),
  );
  expect(created.status, created.text).toBe(201);
}

const newAddress = (index: number) => `customer${index}.${randomBytes(3).toString('hex')}@example.com`;

describe('customer e-mails and a crash', () => {
  it(
    'are each sent once: the unanswered ones again after a restart, the handed-over ones never',
    { timeout: 120_000 },
    async () => {
      const smtp = await startSmtpListener();
      listeners.push(smtp);
      // The first three are accepted; then the SMTP server stops answering (a slow or stuck relay).
      smtp.answer = (index) => (index < 3 ? 'accept' : 'hold');
      const merchant = mailMerchant();
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
        addresses.push(newAddress(index));
        await createWithEmail(client, token, addresses[index]!);
      }
      // Both SMTP connections wait on a held message (the sender leases a message only when one is
      // free); the three accepted ones are marked sent by now.
      await until(() => smtp.received.length >= 5, 20_000);
      expect(smtp.received, mailLog(first)).toHaveLength(5);
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
      expect(sentTo, mailLog(first, second)).toEqual([...addresses].sort());
      const ids = new Map(smtp.accepted.map((mail) => [addressOf(mail), mail.messageId]));
      for (const mail of held) expect(ids.get(addressOf(mail))).toBe(mail.messageId);
      await second.stop('SIGTERM');
      await db.close();
    },
  );

  it(
    'wait only behind their own connection: one the SMTP server does not answer delays no other',
    { timeout: 60_000 },
    async () => {
      const smtp = await startSmtpListener();
      listeners.push(smtp);
      // The first message is never answered (the socket timeout is 30 s); every other one is taken.
      smtp.answer = (index) => (index === 0 ? 'hold' : 'accept');
      const merchant = mailMerchant();
      const db = await storage();
      const server = await start({
        ...db.env,
        MERCHANTS_FILE: merchantsFile([merchant]),
        SMTP_URL: smtp.url,
        PUBLIC_URL: 'https://pay.example',
      });
      const client = new ApiClient(server.baseUrl);
      const token = await client.token(merchant, ALL_PAYIN_OPERATIONS);
      const first = newAddress(0);
      await createWithEmail(client, token, first);
      await until(() => smtp.received.length >= 1, 15_000);
      expect(smtp.received.map(addressOf), mailLog(server)).toEqual([first]);
      // Messages that fall due while it waits for its answer.
      const others = [1, 2, 3, 4, 5].map(newAddress);
      for (const address of others) await createWithEmail(client, token, address);
      // Well within the held message's 30 s: they went out over the other connection.
      await until(() => smtp.accepted.length >= others.length, 15_000);
      expect(smtp.accepted.map(addressOf).sort(), mailLog(server)).toEqual(others.sort());
      await server.stop('SIGKILL');
      await db.close();
    },
  );
});
