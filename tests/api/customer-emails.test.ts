import { randomBytes } from 'node:crypto';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { emailsOfPayin } from '@/server/mail';
import { ALL_PAYIN_OPERATIONS } from '../support/api-client';
import { newIdPayin, payinRequest } from '../support/builders';
import { politely } from '../support/server-process';
import { startSmtpListener, type SmtpListener } from '../support/smtp-listener';
import { manualClock, startTestApi, type TestApi, type TestMerchant } from '../support/test-api';

/**
 * E-mails to customers (docs/decisions/052) through a real SMTP listener: what each says and in which
 * language, the way back to the page it carries, once per event, the merchant's switches, and what
 * the SMTP server's refusals do.
 */
const OPERATOR_KEY = `op_${randomBytes(24).toString('base64url')}`;
const OPERATIONS = [
  ...ALL_PAYIN_OPERATIONS,
  'POST /payins/.*/refunds/.*',
  'GET /payins/.*/refunds.*',
  'GET /merchant-info',
];
const clock = manualClock();
let smtp: SmtpListener;
let api: TestApi;

beforeAll(async () => {
  smtp = await startSmtpListener();
  api = await startTestApi(
    {
      SMTP_URL: smtp.url,
      MAIL_FROM: 'payments@pay.example',
      PUBLIC_URL: 'https://pay.example',
      OPERATOR_API_KEY: OPERATOR_KEY,
      SANDBOX_PAYOUT_SECS: '10',
    },
    { clock },
  );
});
afterAll(async () => {
  await api.close();
  await smtp.close();
});
beforeEach(() => {
  smtp.answer = () => 'accept';
});

interface Shop {
  merchant: TestMerchant;
  token: string;
}

async function shop(overrides: Record<string, unknown> = {}): Promise<Shop> {
  const merchant = await api.createMerchant({ channelName: 'Siam Books', ...overrides });
  return { merchant, token: await api.client.token(merchant, OPERATIONS) };
}

async function create(
  s: Shop,
  paymentMethod: Record<string, unknown>,
  options: { language?: string; amount?: number; currencyCode?: string } = {},
) {
  const id = newIdPayin('mail');
  const created = await politely(() =>
    api.client.request<Record<string, unknown>>('POST', `/payins/${id}`, {
      token: s.token,
      headers: options.language ? { 'accept-language': options.language } : {},
      body: payinRequest({
        paymentRequested: {
          money: { amount: options.amount ?? 1500.5, currencyCode: options.currencyCode ?? 'THB' },
        },
        paymentMethod: paymentMethod,
      }),
    }),
  );
  expect(created.status, created.text).toBe(201);
  return { id, body: created.body };
}

async function simulate(s: Shop, id: string, status: 'SUCCESS' | 'REFUSED') {
  const result = await api.client.request('POST', `/sandbox/payins/${id}/!simulate`, {
    token: s.token,
    body: { status },
  });
  expect(result.status, result.text).toBe(200);
}

const send = () => api.runtime.deps.mail.sendDue();

/** The messages accepted since `from`, for one address. */
const to = (address: string, from = 0) =>
  smtp.accepted.slice(from).filter((mail) => mail.to && 'text' in mail.to && mail.to.text === address);

async function rowsOf(s: Shop, id: string) {
  const payin = await api.runtime.deps.payins.find(
    await api.runtime.deps.merchants.require(s.merchant.merchantCode),
    id,
  );
  return emailsOfPayin(api.runtime.deps.db, payin!.id);
}

function pageKeyOf(mail: ParsedMail): string {
  const match = /https:\/\/pay\.example\/resume\/([A-Za-z0-9_-]{32})/.exec(mail.text ?? '');
  expect(match, mail.text).not.toBeNull();
  return match![1]!;
}

describe('e-mails to customers', () => {
  it('send a bank transfer’s instructions in the page’s language, with the way back to this payment only', async () => {
    const s = await shop();
    const address = `somchai.${randomBytes(3).toString('hex')}@example.com`;
    const { id, body } = await create(
      s,
      { paymentMethodCode: 'OFFLINE', paymentOperatorCode: 'KBANK', emailAddress: address },
      { language: 'th-TH,th;q=0.9,en;q=0.5' },
    );
    const method = body.paymentMethodResponse as { reference: string; account: { accountNumber: string } };
    expect(await send()).toMatchObject({ sent: 1 });
    const [mail] = to(address);
    expect(mail).toBeDefined();
    expect(mail!.from?.value).toEqual([{ name: 'Siam Books', address: 'payments@pay.example' }]);
    expect(mail!.subject).toContain('Siam Books');
    expect(mail!.headers.get('content-language')).toBe('th');
    expect(mail!.headers.get('auto-submitted')).toBe('auto-generated');
    expect(mail!.messageId).toMatch(/^<customer-email-\d+@pay\.example>$/);
    for (const part of [mail!.text ?? '', mail!.html || '']) {
      expect(part).toContain('ธนาคารกสิกรไทย');
      expect(part).toContain(method.account.accountNumber);
      expect(part).toContain(method.reference);
      expect(part).toContain('/resume/');
      // No token, no merchant's address.
      expect(part).not.toMatch(/eyJ[A-Za-z0-9_-]{10,}/);
      expect(part).not.toContain('merchant.example');
    }

    // The link opens a session of this payin only.
    const opened = await api.client.request<{ merchantCode: string; idPayin: string; token: string }>(
      'POST',
      `/page-links/${pageKeyOf(mail!)}/!open`,
    );
    expect(opened.status, opened.text).toBe(201);
    expect(opened.body).toMatchObject({ merchantCode: s.merchant.merchantCode, idPayin: id });
    const read = await api.client.request('GET', `/payins/${id}`, { token: opened.body.token });
    expect(read.status, read.text).toBe(200);
    const other = await create(s, { paymentMethodCode: 'OFFLINE' });
    const elsewhere = await api.client.request('GET', `/payins/${other.id}`, { token: opened.body.token });
    expect(elsewhere.status).toBe(403);
    const created = await api.client.request('POST', `/payins/${newIdPayin('x')}`, {
      token: opened.body.token,
      body: payinRequest(),
    });
    expect(created.status).toBe(403);
  });

  it('refuse a page link this server did not make, as problem+json', async () => {
    for (const key of ['A'.repeat(32), 'short', `${'A'.repeat(31)}!`]) {
      const response = await api.client.request('POST', `/page-links/${encodeURIComponent(key)}/!open`);
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toContain('application/problem+json');
      expect(response.body).toMatchObject({ code: 'PAGE_LINK_NOT_FOUND' });
    }
  });

  it('send a receipt once the payment succeeds, once only, and no instructions for a payment that ended first', async () => {
    const s = await shop();
    const address = `receipt.${randomBytes(3).toString('hex')}@example.com`;
    const before = smtp.accepted.length;
    const { id } = await create(
      s,
      { paymentMethodCode: 'OFFLINE', emailAddress: address },
      { language: 'vi' },
    );
    await simulate(s, id, 'SUCCESS');
    await send();
    await send();
    const mails = to(address, before);
    // The instructions were due first but the payment had ended when they were written out.
    expect(mails.map((mail) => mail.subject)).toHaveLength(1);
    expect(mails[0]!.headers.get('content-language')).toBe('vi');
    expect(mails[0]!.text).toContain(id);
    expect((await rowsOf(s, id)).map((row) => [row.kind, row.state])).toEqual([
      ['instructions', 'skipped'],
      ['reminder', 'pending'],
      ['receipt', 'sent'],
    ]);
  });

  it('remind two hours before a transfer closes, and not once it is paid', async () => {
    const s = await shop();
    const address = `remind.${randomBytes(3).toString('hex')}@example.com`;
    const open = await create(s, { paymentMethodCode: 'OFFLINE', emailAddress: address });
    const paid = await create(s, { paymentMethodCode: 'OFFLINE', emailAddress: address });
    await send();
    const before = smtp.accepted.length;
    await simulate(s, paid.id, 'SUCCESS');
    clock.advance(21 * 3_600_000);
    await send();
    expect(to(address, before).map((mail) => mail.subject?.startsWith('Reminder'))).toEqual([false]);
    clock.advance(61 * 60_000);
    await send();
    const reminders = to(address, before).filter((mail) => mail.subject?.startsWith('Reminder'));
    expect(reminders).toHaveLength(1);
    expect(reminders[0]!.text).toContain(
      String((open.body.paymentMethodResponse as { reference: string }).reference),
    );
    expect((await rowsOf(s, paid.id)).find((row) => row.kind === 'reminder')?.state).toBe('skipped');
  });

  it('carry a VietQR as an inline image, and send no instructions for a payment completed at the bank', async () => {
    const s = await shop();
    const address = `qr.${randomBytes(3).toString('hex')}@example.com`;
    const before = smtp.accepted.length;
    await create(
      s,
      { paymentMethodCode: 'QRVN', emailAddress: address },
      { amount: 150_000, currencyCode: 'VND' },
    );
    const redirect = await create(
      s,
      { paymentMethodCode: 'NETBANKING', emailAddress: address },
      { amount: 1500, currencyCode: 'INR' },
    );
    const round = await send();
    const mails = to(address, before);
    expect(mails, JSON.stringify(round)).toHaveLength(1);
    const [image] = mails[0]!.attachments;
    expect(image?.contentType).toBe('image/png');
    expect(mails[0]!.html).toContain(`cid:${image?.cid}`);
    expect(await rowsOf(s, redirect.id)).toEqual([]);
  });

  it('tell the customer of a paid refund', async () => {
    const s = await shop();
    const address = `refund.${randomBytes(3).toString('hex')}@example.com`;
    const { id } = await create(
      s,
      { paymentMethodCode: 'OFFLINE', emailAddress: address },
      { language: 'en' },
    );
    await simulate(s, id, 'SUCCESS');
    const refund = await api.client.request('POST', `/payins/${id}/refunds/rf-1`, {
      token: s.token,
      body: { money: { amount: 500, currencyCode: 'THB' } },
    });
    expect(refund.status, refund.text).toBe(201);
    await send();
    const before = smtp.accepted.length;
    clock.advance(10_000);
    await api.runtime.refundSimulations.applyDue();
    await send();
    const [notice] = to(address, before);
    expect(notice?.subject?.replace(/\s/g, ' ')).toBe('Siam Books refunded THB 500.00 to you');
  });

  it('follow the merchant’s switches, which the page and the operator API see', async () => {
    const s = await shop({ customerEmails: { instructions: false, receipt: false } });
    const address = `off.${randomBytes(3).toString('hex')}@example.com`;
    const info = await api.client.request('GET', '/merchant-info', { token: s.token });
    expect(info.body).toMatchObject({ customerEmails: false });
    const { id } = await create(s, { paymentMethodCode: 'OFFLINE', emailAddress: address });
    await simulate(s, id, 'SUCCESS');
    expect((await rowsOf(s, id)).map((row) => row.kind)).toEqual(['reminder']);

    const path = `/operator/merchants/${s.merchant.merchantCode}`;
    const read = await api.client.request('GET', path, { token: OPERATOR_KEY });
    expect(read.body).toMatchObject({
      customerEmails: { instructions: false, reminder: true, receipt: false, refund: true },
    });
    const refused = await api.client.request('PATCH', path, {
      token: OPERATOR_KEY,
      body: { customerEmails: { receipts: true } },
    });
    expect(refused.status).toBe(400);
    const changed = await api.client.request('PATCH', path, {
      token: OPERATOR_KEY,
      body: { customerEmails: { reminder: false } },
    });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body).toMatchObject({
      customerEmails: { instructions: true, reminder: false, receipt: true, refund: true },
    });
    const after = await api.client.request('GET', '/merchant-info', { token: s.token });
    expect(after.body).toMatchObject({ customerEmails: true });
  });

  it('retry what the SMTP server puts off and give up on what it refuses for good', async () => {
    const s = await shop();
    const later = `later.${randomBytes(3).toString('hex')}@example.com`;
    const never = `never.${randomBytes(3).toString('hex')}@example.com`;
    smtp.answer = (_index, mail) =>
      mail.to && 'text' in mail.to && mail.to.text === never
        ? { code: 550, message: 'No such mailbox' }
        : { code: 451, message: 'Try again later' };
    const first = await create(s, { paymentMethodCode: 'OFFLINE', emailAddress: later });
    const second = await create(s, { paymentMethodCode: 'OFFLINE', emailAddress: never });
    expect(await send()).toMatchObject({ retried: 1, failed: 1 });
    const [retried] = await rowsOf(s, first.id);
    expect(retried).toMatchObject({ state: 'pending', attempts: 1, last_error: 'EMESSAGE 451' });
    expect((await rowsOf(s, second.id))[0]).toMatchObject({ state: 'failed', last_error: 'EMESSAGE 550' });
    smtp.answer = () => 'accept';
    expect(await send()).toMatchObject({ sent: 0 });
    clock.advance(60_000);
    expect(await send()).toMatchObject({ sent: 1 });
    expect(to(later)).toHaveLength(1);
    expect(to(never)).toHaveLength(0);
  });

  it('send each message once when senders race', async () => {
    const s = await shop();
    const address = `race.${randomBytes(3).toString('hex')}@example.com`;
    for (let index = 0; index < 12; index++)
      await create(s, { paymentMethodCode: 'OFFLINE', emailAddress: address });
    const other = await startTestApi(
      { SMTP_URL: smtp.url, PUBLIC_URL: 'https://pay.example' },
      { clock, sharing: api },
    );
    try {
      await Promise.all([
        send(),
        other.runtime.deps.mail.sendDue(),
        send(),
        other.runtime.deps.mail.sendDue(),
      ]);
    } finally {
      await other.close();
    }
    const mails = to(address);
    expect(mails).toHaveLength(12);
    expect(new Set(mails.map((mail) => mail.messageId)).size).toBe(12);
  });
});

describe('without SMTP_URL', () => {
  it('writes no e-mail and the page promises none', async () => {
    const plain = await startTestApi({}, { sharing: api });
    try {
      const merchant = await plain.createMerchant();
      const token = await plain.client.token(merchant, OPERATIONS);
      const info = await plain.client.request('GET', '/merchant-info', { token });
      expect(info.body).toMatchObject({ customerEmails: false });
      const id = newIdPayin('plain');
      const created = await plain.client.request<{ paymentMethodResponse: unknown }>(
        'POST',
        `/payins/${id}`,
        {
          token,
          body: payinRequest({
            paymentMethod: { paymentMethodCode: 'OFFLINE', emailAddress: 'a@example.com' },
          }),
        },
      );
      expect(created.status, created.text).toBe(201);
      const payin = await plain.runtime.deps.payins.find(
        await plain.runtime.deps.merchants.require(merchant.merchantCode),
        id,
      );
      expect(await emailsOfPayin(plain.runtime.deps.db, payin!.id)).toEqual([]);
    } finally {
      await plain.close();
    }
  });
});
