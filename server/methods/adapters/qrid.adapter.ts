import 'server-only';
import { QRIS_ACQUIRER } from '../operators/qr-acquirers';
import { buildQrisQr, luhnCheckDigit } from '../payloads/qris';
import type { MethodAdapter } from '../port';
import { merchantDigits, merchantLocation, SANDBOX_MCC } from '../support/merchant-identity';
import { bankPayerAccount } from '../support/payer-account';
import { VALIDITY_MS } from '../support/validity';

/** Indonesian QR: a dynamic QRIS code any Indonesian bank or e-wallet app pays. */
export const qridAdapter: MethodAdapter = {
  code: 'QRID',
  currencies: ['IDR'],
  operators: () => [],
  assignsDefaultOperator: false,
  validityMs: () => VALIDITY_MS.qr,
  uniqueAmount: false,
  externalReference: undefined,
  completion: () => 'qr',
  buildResponse: ({ merchant, money, reference }) => {
    const pan = `${QRIS_ACQUIRER.nns}${merchantDigits(merchant, 'qris-pan', 9)}`;
    const location = merchantLocation('IDR');
    return {
      qrCode: buildQrisQr({
        acquirerDomain: QRIS_ACQUIRER.domain,
        merchantPan: pan + luhnCheckDigit(pan),
        merchantId: merchantDigits(merchant, 'qris-mid', 15),
        nmid: `ID${merchantDigits(merchant, 'qris-nmid', 13)}`,
        criteria: 'UME',
        amount: money,
        merchantName: merchant.channelName,
        merchantCity: location.city,
        postalCode: location.postalCode,
        merchantCategoryCode: SANDBOX_MCC,
        reference,
      }),
    };
  },
  processAccount: (payin) => bankPayerAccount(payin),
};
