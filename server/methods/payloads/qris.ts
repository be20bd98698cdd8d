import 'server-only';
import type { Money } from '@/lib/money';
import type { QRIS_CRITERIA } from '../../rails';
import { buildMerchantPresentedQr, emvField } from './emvco';

/** Bank Indonesia's QRIS domain (tag 51, sub-tag 00). */
export const QRIS_DOMAIN = 'ID.CO.QRIS.WWW';
/**
 * A dynamic QRIS payload: tag 26 with the acquirer's (PJSP) domain, merchant PAN and merchant ID,
 * tag 51 with the national merchant ID (NMID) under the QRIS domain.
 */
export function buildQrisQr(input: {
  acquirerDomain: string;
  merchantPan: string;
  merchantId: string;
  nmid: string;
  criteria: (typeof QRIS_CRITERIA)[number];
  amount: Money;
  merchantName: string;
  merchantCity: string;
  postalCode: string;
  merchantCategoryCode: string;
  reference: string;
}): string {
  return buildMerchantPresentedQr({
    merchantAccounts: [
      emvField('26', [
        emvField('00', input.acquirerDomain),
        emvField('01', input.merchantPan),
        emvField('02', input.merchantId),
        emvField('03', input.criteria),
      ]),
      emvField('51', [
        emvField('00', QRIS_DOMAIN),
        emvField('02', input.nmid),
        emvField('03', input.criteria),
      ]),
    ],
    merchantCategoryCode: input.merchantCategoryCode,
    amount: input.amount,
    merchantName: input.merchantName,
    merchantCity: input.merchantCity,
    postalCode: input.postalCode,
    additionalData: [emvField('01', input.reference)],
  });
}
