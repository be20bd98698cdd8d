import 'server-only';
import QRCode from 'qrcode';
import type { PaymentLinkStatus } from '@/lib/api/payment-link-responses';
import { toApiMoney, toJsonAmount } from '@/lib/money';
import type { Merchant } from '../merchants';
import type { Payin } from '../payins';
import type { LinkUses, PaymentLink } from './payment-link';

/** The link's amount: `money` when fixed, `amountRange` when the customer chooses. */
function amountTerms(link: PaymentLink) {
  return 'fixed' in link.amount
    ? { money: toApiMoney(link.amount.fixed) }
    : {
        amountRange: {
          currencyCode: link.currency,
          minAmount: toJsonAmount(link.amount.min),
          maxAmount: toJsonAmount(link.amount.max),
        },
      };
}

/** A link as lists show it: its terms, status, URL and counts. */
export function presentLink(link: PaymentLink, uses: LinkUses, status: PaymentLinkStatus, url: string) {
  return {
    idLink: link.idLink,
    status,
    url,
    description: link.description,
    ...amountTerms(link),
    ...(link.methods && { paymentMethodCodes: link.methods }),
    ...(link.usageLimit !== undefined && { usageLimit: link.usageLimit }),
    ...(link.expireAt && { expireAt: link.expireAt.toISOString() }),
    callbackUrl: link.callbackUrl,
    ...(link.returnUrl !== undefined && { returnUrl: link.returnUrl }),
    isTest: link.isTest,
    createdAt: link.createdAt.toISOString(),
    ...(link.deactivatedAt && { deactivatedAt: link.deactivatedAt.toISOString() }),
    uses: { paid: uses.paid, pending: uses.pending, counted: uses.paid + uses.pending },
  };
}

/** QR images by URL: a link's URL never changes, and drawing one costs about 20 ms of CPU. */
const QR_CODES = new Map<string, string>();
const QR_CODES_KEPT = 256;

async function qrCodeOf(url: string): Promise<string> {
  const known = QR_CODES.get(url);
  if (known !== undefined) return known;
  const png = await QRCode.toDataURL(url, { width: 512, margin: 4, errorCorrectionLevel: 'M' });
  if (QR_CODES.size >= QR_CODES_KEPT) QR_CODES.delete(QR_CODES.keys().next().value!);
  QR_CODES.set(url, png);
  return png;
}

/**
 * A link with the QR of its URL (a PNG of 512 × 512 px with a quiet zone, error correction M: it
 * still reads printed small or photographed) and its newest payins.
 */
export async function presentLinkDetail(
  detail: { link: PaymentLink; uses: LinkUses; payins: readonly Payin[] },
  status: PaymentLinkStatus,
  url: string,
) {
  const qrCodePng = await qrCodeOf(url);
  return {
    ...presentLink(detail.link, detail.uses, status, url),
    qrCodePng,
    payins: detail.payins.map((payin) => ({
      idPayin: payin.idPayin,
      status: payin.status,
      money: toApiMoney(payin.money),
      paymentMethodCode: payin.method,
      createdAt: payin.createdAt.toISOString(),
    })),
  };
}

/** What a customer sees of a link: the shop's public name and the terms, nothing of the merchant's setup. */
export function presentLinkView(link: PaymentLink, merchant: Merchant, status: PaymentLinkStatus) {
  return {
    merchantName: merchant.channelName,
    description: link.description,
    isTest: link.isTest,
    status,
    ...amountTerms(link),
  };
}
