import 'server-only';
import { VIETQR_BANK } from '../operators/qr-acquirers';
import { buildVietQr } from '../payloads/vietqr';
import type { MethodAdapter } from '../port';
import { bankPayerAccount } from '../support/payer-account';
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
  completion: () => 'qr',
  buildResponse: ({ merchant, money, reference }) => {
    const account = collectionAccount(merchant, VIETQR_BANK, 'VND');
    return {
      account,
      qrCode: buildVietQr({
        bin: VIETQR_BANK.bankCode,
        accountNumber: account.accountNumber,
        amount: money,
        billNumber: reference,
        purpose: reference,
      }),
    };
  },
  processAccount: (payin) => bankPayerAccount(payin),
};
