import 'server-only';
import { napasBank } from '../../rails';

import { buildVietQr } from '../payloads/vietqr';
import type { MethodAdapter } from '../port';
import { SANDBOX_VIETQR_BANK } from '../support/collection-account';
import { bankPayerAccount } from '../support/payer-account';
import { configuredAccount } from '../support/configured-account';
import { collectionAccount } from '../support/response-parts';
import { VALIDITY_MS } from '../support/validity';

/** Vietnamese QR: a VietQR (NAPAS 247) transfer to our account, the reference as transfer content. */
export const qrvnAdapter: MethodAdapter = {
  code: 'QRVN',
  currencies: ['VND'],
  operators: () => [],
  assignsDefaultOperator: false,
  validityMs: () => VALIDITY_MS.qr,
  uniqueAmount: false,
  externalReference: undefined,
  collection: { by: 'account', need: () => ({ type: 'VIETQR' }) },
  completion: () => 'qr',
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
  processAccount: (payin) => bankPayerAccount(payin),
};
