import 'server-only';
import type { Money } from '@/lib/money';
import { buildMerchantPresentedQr, emvField } from './emvco';

/** NAPAS's globally unique identifier for VietQR (tag 38, sub-tag 00). */
export const NAPAS_GUID = 'A000000727';
/** NAPAS service code: fast fund transfer (IBFT) to an account number. */
export const VIETQR_TO_ACCOUNT = 'QRIBFTTA';

/**
 * A dynamic VietQR (NAPAS IBFT) transfer to an account: the bank's BIN and the account number, an
 * optional bill number (62-01) and the purpose (62-08), which banking apps use as the transfer content.
 */
export function buildVietQr(input: {
  bin: string;
  accountNumber: string;
  amount: Money;
  billNumber?: string;
  purpose: string;
}): string {
  return buildMerchantPresentedQr({
    merchantAccounts: [
      emvField('38', [
        emvField('00', NAPAS_GUID),
        emvField('01', [emvField('00', input.bin), emvField('01', input.accountNumber)]),
        emvField('02', VIETQR_TO_ACCOUNT),
      ]),
    ],
    amount: input.amount,
    additionalData: [
      ...(input.billNumber !== undefined ? [emvField('01', input.billNumber)] : []),
      emvField('08', input.purpose),
    ],
  });
}
