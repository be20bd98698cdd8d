import 'server-only';
import type { Money } from '@/lib/money';
import { buildMerchantPresentedQr, emvField } from './emvco';

/** PayNet's DuitNow QR application ID (tag 26, sub-tag 00). */
export const DUITNOW_AID = 'A0000006150001';

/**
 * A dynamic DuitNow QR (PayNet QR data object): payload format "02", tag 26 with the acquirer ID and
 * the merchant account ID the acquirer issued, the reference as bill number and reference label
 * (62-05 is what Malaysian banking apps show as the recipient reference).
 */
export function buildDuitNowQr(input: {
  acquirerId: string;
  merchantAccountId: string;
  amount: Money;
  merchantName: string;
  merchantCity: string;
  merchantCategoryCode: string;
  reference: string;
}): string {
  return buildMerchantPresentedQr({
    formatIndicator: '02',
    merchantAccounts: [
      emvField('26', [
        emvField('00', DUITNOW_AID),
        emvField('01', input.acquirerId),
        emvField('02', input.merchantAccountId),
      ]),
    ],
    merchantCategoryCode: input.merchantCategoryCode,
    amount: input.amount,
    merchantName: input.merchantName,
    merchantCity: input.merchantCity,
    additionalData: [emvField('01', input.reference), emvField('05', input.reference)],
  });
}
