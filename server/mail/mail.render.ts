import 'server-only';
import QRCode from 'qrcode';
import { paymentMethodResponseSchema, type PaymentMethodResponse } from '@/lib/api/responses';
import { escapeMarkup } from '@/lib/format/markup';
import { formatDateTime, formatMoney } from '@/lib/format/money-format';
import { localAccountNames } from '@/lib/methods/local-names';
import { toDecimalString, type Money } from '@/lib/money';
import type { CustomerEmailKind } from '../merchants';
import { amountToPay, type Payin } from '../payins';
import { fill, MAIL_WORDING, mailLanguage, type MailWording } from './mail.wording';

/** A message ready for SMTP: plain text and HTML of the same content, and its inline images. */
export interface RenderedEmail {
  language: string;
  subject: string;
  text: string;
  html: string;
  attachments: { cid: string; filename: string; content: Buffer; contentType: string }[];
}

export interface EmailSubject {
  kind: CustomerEmailKind;
  language: string | undefined;
  merchantName: string;
  payin: Payin;
  /** The refund a refund notice tells of. */
  refund?: { money: Money; at: Date };
  /** The customer-session link back to the payment's page (instructions and reminders). */
  pageUrl?: string;
}

interface Row {
  label: string;
  value: string;
  /** Set in a monospace face: numbers and addresses the customer copies. */
  code?: boolean;
}

const QR_CID = 'payment-qr';

/**
 * Writes one e-mail to a customer (docs/decisions/052) in their language, from what the payin
 * stores: the amount in the customer's format, the account or QR, the reference and the deadline in
 * the payment's market time, and the link back to the page. Nothing secret: no token, no key, no
 * callback URL; the page link opens this payment only.
 */
export async function renderEmail(subject: EmailSubject): Promise<RenderedEmail> {
  const language = mailLanguage(subject.language);
  const words = MAIL_WORDING[language];
  const { payin } = subject;
  const currency = payin.money.currency;
  const money = (value: Money) => formatMoney(language, toDecimalString(value), value.currency);
  const when = (date: Date) => formatDateTime(language, date.toISOString(), currency);
  const values = {
    merchant: subject.merchantName,
    amount: money(amountToPay(payin)),
    deadline: when(payin.expireAt),
  };
  const response = paymentMethodResponseSchema.safeParse(payin.methodResponse);
  const method = response.success ? response.data : undefined;
  const attachments: RenderedEmail['attachments'] = [];
  const notes: string[] = [];
  let rows: Row[] = [];
  let heading: string;
  let intro: string;
  let lead: string | undefined;
  let qrAlt: string | undefined;

  switch (subject.kind) {
    case 'instructions':
    case 'reminder': {
      heading = fill(words[subject.kind].subject, values);
      intro = fill(words[subject.kind].intro, values);
      rows = [
        { label: words.labels.amountToPay, value: values.amount, code: true },
        ...accountRows(words, language, method),
        { label: words.labels.reference, value: payin.reference, code: true },
        { label: words.labels.deadline, value: values.deadline },
      ];
      if (method?.qrCode) {
        lead = words.instructions.qr;
        qrAlt = fill(words.qrAlt, values);
        attachments.push({
          cid: QR_CID,
          filename: 'payment-qr.png',
          contentType: 'image/png',
          content: await QRCode.toBuffer(method.qrCode, { type: 'png', width: 320, margin: 2 }),
        });
      } else if (method?.account && !method.cryptoPayment) lead = words.instructions.transfer;
      if (payin.requiredMoney) notes.push(fill(words.exactAmount, values));
      if (method?.account && !method.cryptoPayment && !method.qrCode) notes.push(words.referenceNote);
      if (method?.externalReference || payin.method === 'P2A_V2') notes.push(words.externalReference);
      break;
    }
    case 'receipt': {
      const paid = payin.receivedMoney ?? amountToPay(payin);
      const paidValues = { ...values, amount: money(paid) };
      heading = fill(words.receipt.subject, paidValues);
      intro = fill(words.receipt.intro, paidValues);
      rows = [
        { label: words.labels.amountPaid, value: paidValues.amount, code: true },
        { label: words.labels.paidAt, value: when(payin.processedAt ?? payin.updatedAt) },
        { label: words.labels.reference, value: payin.reference, code: true },
        { label: words.labels.order, value: payin.idPayin, code: true },
      ];
      break;
    }
    case 'refund': {
      const refund = subject.refund;
      if (!refund) throw new Error('a refund notice needs its refund');
      const refundValues = { ...values, amount: money(refund.money) };
      heading = fill(words.refund.subject, refundValues);
      intro = fill(words.refund.intro, refundValues);
      notes.push(words.refund.timing);
      rows = [
        { label: words.labels.amountRefunded, value: refundValues.amount, code: true },
        { label: words.labels.refundedAt, value: when(refund.at) },
        { label: words.labels.reference, value: payin.reference, code: true },
        { label: words.labels.order, value: payin.idPayin, code: true },
      ];
      break;
    }
  }

  const page =
    subject.pageUrl === undefined
      ? undefined
      : { url: subject.pageUrl, label: words.openPage, note: words.openPageNote };
  const footer = [fill(words.footer, values), fill(words.noReply, values)];
  const text = [
    intro,
    ...(lead ? ['', lead] : []),
    '',
    ...rows.map((row) => `${row.label}: ${row.value}`),
    ...(notes.length > 0 ? ['', ...notes] : []),
    ...(page ? ['', `${page.label}: ${page.url}`, page.note] : []),
    '',
    '--',
    ...footer,
    '',
  ].join('\n');
  const html = htmlOf({
    language,
    title: heading,
    merchant: subject.merchantName,
    intro,
    lead,
    qr: qrAlt === undefined ? undefined : { cid: QR_CID, alt: qrAlt },
    rows,
    notes,
    page,
    footer,
  });
  return { language, subject: heading, text, html, attachments };
}

/** The account to pay into, as the page shows it: the bank by its local name, the number by what it is. */
function accountRows(words: MailWording, language: string, method: PaymentMethodResponse | undefined): Row[] {
  if (!method) return [];
  const labels = words.labels;
  if (method.cryptoPayment) {
    const crypto = method.cryptoPayment;
    return [
      { label: labels.network, value: `${crypto.networkName} (${crypto.tokenStandard})` },
      { label: labels.address, value: crypto.depositAddress, code: true },
    ];
  }
  if (method.paymentAddress) {
    return [
      { label: labels.accountName, value: method.paymentAddress.name },
      { label: labels.accountNumber, value: method.paymentAddress.idAddress, code: true },
    ];
  }
  const account = method.account;
  if (!account) return [];
  const currency = method.money.currencyCode;
  const operator = method.paymentOperator;
  const { bankName, branchName: branch } = localAccountNames(language, currency, account, operator);
  const va = method.paymentMethodCode === 'VAPAY';
  const promptPayId = method.paymentMethodCode === 'QRTH' && !account.bankName;
  const rows: (Row | undefined | '')[] = [
    bankName && { label: labels.bank, value: bankName },
    branch && { label: labels.branch, value: branch },
    account.accountName && { label: labels.accountName, value: account.accountName },
    account.accountNumber && {
      label: va ? labels.vaNumber : promptPayId ? labels.promptPayId : labels.accountNumber,
      value: account.accountNumber,
      code: true,
    },
  ];
  return rows.filter((row): row is Row => Boolean(row));
}

/** A plain, table-free-where-possible HTML body that reads on phones and in old mail clients. */
function htmlOf(content: {
  language: string;
  title: string;
  merchant: string;
  intro: string;
  lead: string | undefined;
  qr: { cid: string; alt: string } | undefined;
  rows: Row[];
  notes: string[];
  page: { url: string; label: string; note: string } | undefined;
  footer: string[];
}): string {
  const small = 'font-size:13px;color:#555;line-height:1.5;margin:8px 0';
  const rows = content.rows
    .map(
      (row) =>
        `<tr><th scope="row" style="text-align:left;font-weight:normal;color:#555;padding:6px 12px 6px 0;vertical-align:top">${escapeMarkup(row.label)}</th>` +
        `<td style="padding:6px 0;font-weight:600;word-break:break-all${row.code ? ';font-family:ui-monospace,Menlo,Consolas,monospace' : ''}">${escapeMarkup(row.value)}</td></tr>`,
    )
    .join('');
  return [
    '<!doctype html>',
    `<html lang="${escapeMarkup(content.language)}"><head><meta charset="utf-8">`,
    '<meta name="viewport" content="width=device-width,initial-scale=1">',
    `<title>${escapeMarkup(content.title)}</title></head>`,
    "<body style=\"margin:0;padding:0;background:#f4f5f7;color:#1a1a1a;font-family:system-ui,-apple-system,'Segoe UI',Roboto,'Noto Sans',sans-serif\">",
    '<div style="max-width:560px;margin:0 auto;padding:24px 16px">',
    '<div style="background:#ffffff;border-radius:8px;padding:24px">',
    `<p style="margin:0 0 4px;font-size:14px;color:#555">${escapeMarkup(content.merchant)}</p>`,
    `<h1 style="margin:0 0 16px;font-size:20px;line-height:1.3">${escapeMarkup(content.title)}</h1>`,
    `<p style="line-height:1.5">${escapeMarkup(content.intro)}</p>`,
    content.lead ? `<p style="line-height:1.5">${escapeMarkup(content.lead)}</p>` : '',
    content.qr
      ? `<p style="text-align:center"><img src="cid:${content.qr.cid}" width="240" height="240" alt="${escapeMarkup(content.qr.alt)}" style="display:inline-block"></p>`
      : '',
    `<table role="presentation" style="width:100%;border-collapse:collapse;font-size:15px">${rows}</table>`,
    ...content.notes.map((note) => `<p style="${small}">${escapeMarkup(note)}</p>`),
    content.page
      ? `<p style="margin:24px 0 8px"><a href="${escapeMarkup(content.page.url)}" style="display:inline-block;background:#1f4fd1;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:6px;font-weight:600">${escapeMarkup(content.page.label)}</a></p>` +
        `<p style="${small}">${escapeMarkup(content.page.note)}</p>`
      : '',
    '</div>',
    ...content.footer.map((line) => `<p style="${small}">${escapeMarkup(line)}</p>`),
    '</div></body></html>',
  ].join('\n');
}
