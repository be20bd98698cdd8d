import 'server-only';
import { QRPH_ACQUIRER } from '../operators/qr-acquirers';
import { buildQrPhQr } from '../payloads/qrph';
import type { MethodAdapter } from '../port';
import { merchantDigits, merchantLocation, SANDBOX_MCC } from '../support/merchant-identity';
import { bankPayerAccount } from '../support/payer-account';
import { VALIDITY_MS } from '../support/validity';

/** Philippine QR: a dynamic QR Ph P2M code any member bank or e-wallet app pays. */
export const qrphAdapter: MethodAdapter = {
  code: 'QRPH',
  currencies: ['PHP'],
  operators: () => [],
  assignsDefaultOperator: false,
  validityMs: () => VALIDITY_MS.qr,
  uniqueAmount: false,
  externalReference: undefined,
  completion: () => 'qr',
  buildResponse: ({ merchant, money, reference }) => ({
    qrCode: buildQrPhQr({
      acquirerBic: QRPH_ACQUIRER.bic,
      merchantId: merchantDigits(merchant, 'qrph', 9),
      amount: money,
      merchantName: merchant.channelName,
      merchantCity: merchantLocation('PHP').city,
      merchantCategoryCode: SANDBOX_MCC,
      reference,
    }),
  }),
  processAccount: (payin) => bankPayerAccount(payin),
};
