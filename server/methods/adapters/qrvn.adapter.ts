import 'server-only';
import { NAPAS_BANKS } from '../../collection/accounts-file';
import { VIETQR_BANK } from '../operators/qr-acquirers';
import { buildVietQr } from '../payloads/vietqr';
import type { MethodAdapter } from '../port';
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
          bankName: NAPAS_BANKS.get(vietQr.bin),
        }
      : collectionAccount(merchant, VIETQR_BANK, 'VND');
    return {
      account,
      qrCode: buildVietQr({
        bin: vietQr?.bin ?? VIETQR_BANK.bankCode,
        accountNumber: account.accountNumber,
        amount: money,
        billNumber: reference,
        purpose: reference,
      }),
    };
  },
  processAccount: (payin) => bankPayerAccount(payin),
};
