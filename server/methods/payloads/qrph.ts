import 'server-only';
import type { Money } from '@/lib/money';
import { buildMerchantPresentedQr, emvField } from './emvco';

/** QR Ph person-to-merchant GUID of the Philippine Payments Management Inc. (tag 28, sub-tag 00). */
export const QRPH_P2M_GUID = 'ph.ppmi.p2m';

/** A dynamic QR Ph P2M payload: tag 28 with the acquirer's BIC and our merchant ID there. */
export function buildQrPhQr(input: {
  acquirerBic: string;
  merchantId: string;
  amount: Money;
  merchantName: string;
  merchantCity: string;
  merchantCategoryCode: string;
  reference: string;
}): string {
  return buildMerchantPresentedQr({
    merchantAccounts: [
      emvField('28', [
        emvField('00', QRPH_P2M_GUID),
        emvField('01', input.acquirerBic),
        emvField('03', input.merchantId),
      ]),
    ],
    merchantCategoryCode: input.merchantCategoryCode,
    amount: input.amount,
    merchantName: input.merchantName,
    merchantCity: input.merchantCity,
    additionalData: [emvField('01', input.reference), emvField('05', input.reference)],
  });
}
