import 'server-only';
import { randomBytes } from 'node:crypto';
import type { Transaction } from 'kysely';
import nodemailer, { type Mail } from 'nodemailer';
import type { CompletionKind } from '@/lib/methods';
import { periodicWorker, type BackgroundWorker, type PeriodicWorker } from '../background';
import type { Clock } from '../clock';
import type { CustomerEmailRow, Database, Db } from '../db';
import type { Logger } from '../logger';
import { sendsCustomerEmail, type CustomerEmailKind, type Merchant } from '../merchants';
import {
  isFinal,
  outstandingMoney,
  type CreationOutbox,
  type Payin,
  type PayinDraft,
  type StatusChangeOutbox,
} from '../payins';
import type { Refund, RefundStatusOutbox } from '../refunds';
import { claimDueEmails, insertEmails, settleEmail, type NewCustomerEmail } from './mail.repository';
import { renderEmail, type RenderedEmail } from './mail.render';
import { ResumeLinks } from './resume-link';

/** Payments the customer completes away from the page, so an e-mail of how to pay helps. */
const INSTRUCTED: ReadonlySet<CompletionKind> = new Set(['instructions', 'qr', 'external-reference']);
/** A reminder goes this long before a payin closes, for payins open at least REMINDED_WINDOW_MS. */
export const REMINDER_BEFORE_MS = 2 * 3_600_000;
const REMINDED_WINDOW_MS = 6 * 3_600_000;
/** Delays before each next try after a temporary SMTP failure; then the message fails for good. */
const RETRY_DELAYS_MS = [60_000, 300_000, 900_000, 3_600_000, 3 * 3_600_000, 6 * 3_600_000, 12 * 3_600_000];
/** Messages one whole round (sendDue) leases at a time. */
const CLAIM_LIMIT = 20;
/**
 * SMTP connections the sender keeps, and so messages it delivers at once: a message is leased only
 * when a connection is free for it, so its lease runs while it is delivered, never while it waits
 * behind others, and a message the SMTP server does not answer holds its own connection only.
 */
const SMTP_CONNECTIONS = 2;
/** Where a round counts each outcome of a message. */
const ROUND_KEYS = { sent: 'sent', skipped: 'skipped', retry: 'retried', failed: 'failed' } as const;
const POLL_MS = 1_000;

export interface MailSettings {
  /** SMTP_URL; without it nothing is written or sent. A secret: never logged. */
  smtpUrl: string | undefined;
  /** MAIL_FROM, else payments@ the public URL's host. */
  from: string | undefined;
  leaseSecs: number;
  publicUrl: string;
}

export interface MailDependencies {
  db: Db;
  logger: Logger;
  clock: Clock;
  settings: MailSettings;
  serverSecret: Uint8Array;
  merchant: (code: string) => Promise<Merchant>;
  /** Is known without a read: the directory's cached merchant (the create and status-change paths). */
  knownMerchant: (code: string) => Merchant | undefined;
  payin: (id: bigint) => Promise<Payin | undefined>;
  refund: (id: bigint) => Promise<Refund | undefined>;
  onSettled?: (kind: CustomerEmailKind, outcome: DeliveryOutcome) => void;
}

/** How one delivery of a message ended. */
export type DeliveryOutcome = keyof typeof ROUND_KEYS;

/** What one round of sending did, for tests and logs. */
export interface SendRound {
  sent: number;
  skipped: number;
  retried: number;
  failed: number;
}

/**
 * E-mails to customers (docs/decisions/052): the instructions of a payment that stays open and a
 * reminder before it closes, a receipt when it is paid, a notice when it is refunded. Each is an
 * outbox row written in the transaction that makes its event, so a crash loses none; a sender
 * leases due rows, writes them out in the payin's language and marks them sent, so none goes twice
 * (a sender killed between the SMTP server's acceptance and its own commit resends with the same
 * Message-ID). Without SMTP_URL nothing is written.
 */
export class CustomerMail {
  readonly enabled: boolean;
  readonly links: ResumeLinks;
  private readonly transport: Mail | undefined;
  private readonly fromAddress: string;
  private readonly messageIdHost: string;
  private readonly deps: MailDependencies;
  /** The worker's deliveries under way (each holds one SMTP connection). */
  private readonly delivering = new Set<Promise<void>>();

  constructor(deps: MailDependencies) {
    this.deps = deps;
    const { settings } = deps;
    this.enabled = settings.smtpUrl !== undefined;
    this.links = new ResumeLinks(deps.serverSecret);
    this.messageIdHost = new URL(settings.publicUrl).hostname || 'localhost';
    this.fromAddress = settings.from ?? `payments@${this.messageIdHost}`;
    this.transport =
      settings.smtpUrl === undefined
        ? undefined
        : nodemailer.createTransport({
            url: settings.smtpUrl,
            pool: true,
            maxConnections: SMTP_CONNECTIONS,
            connectionTimeout: 10_000,
            greetingTimeout: 10_000,
            socketTimeout: 30_000,
          });
    // A transport's own error (not a message's) must not end the process; each message's is handled.
    this.transport?.on('error', (error: unknown) =>
      deps.logger.warn({ smtp: smtpFailure(error).summary }, 'SMTP transport error'),
    );
  }

  /** Whether the merchant's customers get this kind of e-mail from this instance. */
  sends(merchant: Merchant, kind: CustomerEmailKind): boolean {
    return this.enabled && sendsCustomerEmail(merchant.settings, kind);
  }

  /**
   * Whether an event's transaction writes this kind's row: decided without a read from the merchant
   * this instance holds; one it does not hold yet (made on another instance a moment ago) gets the
   * row, and the sender, which reads the merchant, decides (compose) rather than losing the message.
   */
  private mayWant(merchantCode: string, kind: CustomerEmailKind): boolean {
    const merchant = this.deps.knownMerchant(merchantCode);
    return this.enabled && (merchant === undefined || this.sends(merchant, kind));
  }

  /** The link back to a payin's page an e-mail carries. */
  pageUrl(payinId: bigint): string {
    return `${this.deps.settings.publicUrl}/resume/${this.links.make(payinId)}`;
  }

  /** Instructions and a reminder for a payment the customer completes away from the page. */
  readonly creations: CreationOutbox = {
    wants: (draft: PayinDraft) =>
      draft.customer.emailAddress !== undefined &&
      INSTRUCTED.has(draft.completion) &&
      (this.sends(draft.merchant, 'instructions') || this.sends(draft.merchant, 'reminder')),
    record: async (tx, payin) => {
      const emails: NewCustomerEmail[] = [];
      const base = { merchantCode: payin.merchantCode, payinId: payin.id, createdAt: payin.createdAt };
      if (this.mayWant(payin.merchantCode, 'instructions'))
        emails.push({ ...base, kind: 'instructions', dueAt: payin.createdAt });
      const window = payin.expireAt.getTime() - payin.createdAt.getTime();
      if (this.mayWant(payin.merchantCode, 'reminder') && window >= REMINDED_WINDOW_MS)
        emails.push({
          ...base,
          kind: 'reminder',
          dueAt: new Date(payin.expireAt.getTime() - REMINDER_BEFORE_MS),
        });
      await insertEmails(tx, emails);
    },
  };

  /** A receipt when a payin is paid. */
  readonly receipts: StatusChangeOutbox = {
    record: async (tx, { payin, previous, at }) => {
      if (payin.status !== 'SUCCESS' || previous === 'SUCCESS' || !payin.customer.emailAddress) return;
      if (!this.mayWant(payin.merchantCode, 'receipt')) return;
      await insertEmails(tx, [
        { merchantCode: payin.merchantCode, kind: 'receipt', payinId: payin.id, dueAt: at, createdAt: at },
      ]);
    },
  };

  /** A notice when a refund is paid (the payin's address is read when it is written out). */
  readonly refundNotices: RefundStatusOutbox = {
    recordRefund: async (tx: Transaction<Database>, { refund, at }) => {
      if (refund.status !== 'SUCCESS' || refund.returnedAt !== undefined) return;
      if (!this.mayWant(refund.merchantCode, 'refund')) return;
      await insertEmails(tx, [
        {
          merchantCode: refund.merchantCode,
          kind: 'refund',
          payinId: refund.payinId,
          refundId: refund.id,
          dueAt: at,
          createdAt: at,
        },
      ]);
    },
  };

  /**
   * The sender: leases due messages whenever a connection is free (each second, and at once when a
   * delivery ends) and delivers each on its own, so a slow SMTP answer delays no other message.
   */
  worker(): BackgroundWorker {
    const sender: PeriodicWorker = periodicWorker({
      name: 'customer-mail',
      intervalMs: POLL_MS,
      logger: this.deps.logger,
      tick: async () => {
        const free = SMTP_CONNECTIONS - this.delivering.size;
        if (free <= 0) return false;
        for (const send of await this.claim(free)) {
          const delivery = send()
            .catch((error: unknown) =>
              this.deps.logger.error({ err: error, worker: sender.name }, 'customer e-mail not settled'),
            )
            .finally(() => {
              this.delivering.delete(delivery);
              sender.wake();
            });
          this.delivering.add(delivery);
        }
        return false;
      },
    });
    return {
      name: sender.name,
      start: () => sender.start(),
      stop: async () => {
        await sender.stop();
        await Promise.all(this.delivering);
      },
    };
  }

  /** One round at once (tests, and senders racing): lease the due messages, deliver them all. */
  async sendDue(): Promise<SendRound> {
    const round: SendRound = { sent: 0, skipped: 0, retried: 0, failed: 0 };
    const sends = await this.claim(CLAIM_LIMIT, (outcome) => round[ROUND_KEYS[outcome]]++);
    await Promise.all(sends.map((send) => send()));
    return round;
  }

  /** Leases up to `limit` due messages to this sender; a delivery of each, settling it when run. */
  private async claim(
    limit: number,
    onOutcome?: (outcome: DeliveryOutcome) => void,
  ): Promise<(() => Promise<void>)[]> {
    if (!this.transport) return [];
    const now = this.deps.clock();
    const token = randomBytes(12).toString('base64url');
    const rows = await claimDueEmails(this.deps.db, {
      now,
      leaseUntil: new Date(now.getTime() + this.deps.settings.leaseSecs * 1000),
      token,
      limit,
    });
    return rows.map((row) => async () => {
      const outcome = await this.deliver(row, token);
      onOutcome?.(outcome);
      this.deps.onSettled?.(row.kind as CustomerEmailKind, outcome);
    });
  }

  private async deliver(row: CustomerEmailRow, token: string): Promise<DeliveryOutcome> {
    const { db, logger } = this.deps;
    const kind = row.kind as CustomerEmailKind;
    const settle = (outcome: Parameters<typeof settleEmail>[1]['outcome']) =>
      settleEmail(db, { id: row.id, token, at: this.deps.clock(), outcome });
    let message: { to: string; rendered: RenderedEmail; merchant: Merchant } | string;
    try {
      message = await this.compose(row, kind);
    } catch (error) {
      logger.error({ err: error, emailId: String(row.id), kind }, 'customer e-mail could not be written');
      await settle({ state: 'failed', error: 'could not be written' });
      return 'failed';
    }
    if (typeof message === 'string') {
      await settle({ state: 'skipped', reason: message });
      return 'skipped';
    }
    try {
      await this.transport!.sendMail({
        from: { name: message.merchant.channelName, address: this.fromAddress },
        to: message.to,
        subject: message.rendered.subject,
        text: message.rendered.text,
        html: message.rendered.html,
        attachments: message.rendered.attachments,
        // The same id on every attempt: a message resent after a crash is the same message.
        messageId: `<customer-email-${row.id}@${this.messageIdHost}>`,
        headers: { 'Auto-Submitted': 'auto-generated', 'Content-Language': message.rendered.language },
      });
    } catch (error) {
      const failure = smtpFailure(error);
      const delay = RETRY_DELAYS_MS[row.attempts - 1];
      logger.warn(
        { emailId: String(row.id), kind, attempt: row.attempts, smtp: failure.summary },
        'customer e-mail not delivered',
      );
      if (failure.permanent || delay === undefined) {
        await settle({ state: 'failed', error: failure.summary });
        return 'failed';
      }
      await settle({
        state: 'pending',
        retryAt: new Date(this.deps.clock().getTime() + delay),
        error: failure.summary,
      });
      return 'retry';
    }
    await settle({ state: 'sent' });
    return 'sent';
  }

  /** The message a row stands for, or why it is not sent any more (a string). */
  private async compose(
    row: CustomerEmailRow,
    kind: CustomerEmailKind,
  ): Promise<{ to: string; rendered: RenderedEmail; merchant: Merchant } | string> {
    const payin = await this.deps.payin(row.payin_id);
    if (!payin) return 'payin not found';
    const to = payin.customer.emailAddress;
    if (!to) return 'no address';
    const merchant = await this.deps.merchant(payin.merchantCode);
    if (!this.sends(merchant, kind)) return 'turned off by the merchant';
    const base = { kind, language: payin.customerLanguage, merchantName: merchant.channelName, payin };
    if (kind === 'instructions' || kind === 'reminder') {
      if (isFinal(payin.status) || payin.expireAt <= this.deps.clock()) return 'payment ended';
      // A payin that received part of its money asks for the rest: the page shows the right QR.
      const outstanding = outstandingMoney(payin);
      const shown = outstanding
        ? { ...payin, requiredMoney: outstanding, methodResponse: withoutQr(payin) }
        : payin;
      return {
        to,
        merchant,
        rendered: await renderEmail({ ...base, payin: shown, pageUrl: this.pageUrl(payin.id) }),
      };
    }
    if (kind === 'refund') {
      const refund = await this.deps.refund(row.refund_id);
      if (!refund || refund.status !== 'SUCCESS') return 'refund not paid';
      return {
        to,
        merchant,
        rendered: await renderEmail({
          ...base,
          refund: { money: refund.money, at: refund.processedAt ?? row.created_at },
        }),
      };
    }
    return { to, merchant, rendered: await renderEmail(base) };
  }

  /** Closes the SMTP connections the pool holds (at shutdown, after the sender stopped). */
  close(): void {
    this.transport?.close();
  }
}

function withoutQr(payin: Payin): Record<string, unknown> {
  const { qrCode: _qr, ...rest } = payin.methodResponse;
  return rest;
}

/** What an SMTP failure says, without the server's URL or credentials; 5xx answers are final. */
function smtpFailure(error: unknown): { summary: string; permanent: boolean } {
  const failure = error as { code?: unknown; responseCode?: unknown };
  const code = typeof failure.code === 'string' ? failure.code : 'ERROR';
  const responseCode = typeof failure.responseCode === 'number' ? failure.responseCode : undefined;
  return {
    summary: responseCode === undefined ? code : `${code} ${responseCode}`,
    permanent: responseCode !== undefined && responseCode >= 500 && responseCode < 600,
  };
}
