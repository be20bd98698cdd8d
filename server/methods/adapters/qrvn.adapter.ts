import 'server-only';
import { METHODS } from '@/lib/methods';
import { napasBank } from '../../rails';

import { buildVietQr } from '../payloads/vietqr';
import { defineAdapter } from '../define-adapter';
import { SANDBOX_VIETQR_BANK } from '../support/collection-account';
import { bankPayerAccount } from '../support/payer-account';
import { configuredAccount } from '../support/configured-account';
import { collectionAccount, qrAskingFor } from '../support/response-parts';

/** Vietnamese QR: a VietQR (NAPAS 247) transfer to our account, the reference as transfer content. */
export const qrvnAdapter = defineAdapter(METHODS.QRVN, {
  buildResponse: (context) => {
    const { merchant, money, reference } = context;
    const vietQr = configuredAccount(context, 'VIETQR');
    const account = vietQr
      ? {
          accountName: vietQr.accountName,
          accountNumber: vietQr.accountNumber,
          bankCode: vietQr.bin,
          bankName: napasBank(vietQr.bin)?.name,
        }
      : collectionAccount(merchant, SANDBOX_VIETQR_BANK, 'VND');
    return {
      account,
      qrCode: buildVietQr({
        bin: vietQr?.bin ?? SANDBOX_VIETQR_BANK.bankCode,
        accountNumber: account.accountNumber,
        amount: money,
        billNumber: reference,
        purpose: reference,
      }),
    };
  },
  askFor: qrAskingFor,
  processAccount: (payin) => bankPayerAccount(payin),
});
