import 'server-only';
import { METHODS } from '@/lib/methods';
import { buildQrisQr } from '../payloads/qris';
import { BANK_MANDIRI_QRIS, luhnCheckDigit } from '../../rails';
import { defineAdapter } from '../define-adapter';
import { qrAskingFor } from '../support/response-parts';
import { merchantDigits, merchantLocation, SANDBOX_MCC } from '../support/merchant-identity';
import { configuredAccount } from '../support/configured-account';
import { bankPayerAccount } from '../support/payer-account';

/** Indonesian QR: a dynamic QRIS code any Indonesian bank or e-wallet app pays. */
export const qridAdapter = defineAdapter(METHODS.QRID, {
  buildResponse: (context) => {
    const { merchant, money, reference } = context;
    const qris = configuredAccount(context, 'QRIS');
    if (qris) {
      return {
        qrCode: buildQrisQr({
          acquirerDomain: qris.acquirerDomain,
          merchantPan: qris.merchantPan,
          merchantId: qris.merchantId,
          nmid: qris.nmid,
          criteria: qris.criteria,
          amount: money,
          merchantName: qris.accountName,
          merchantCity: qris.merchantCity,
          postalCode: qris.postalCode,
          merchantCategoryCode: qris.merchantCategoryCode,
          reference,
        }),
      };
    }
    const pan = `${BANK_MANDIRI_QRIS.nns}${merchantDigits(merchant, 'qris-pan', 9)}`;
    const location = merchantLocation('IDR');
    return {
      qrCode: buildQrisQr({
        acquirerDomain: BANK_MANDIRI_QRIS.domain,
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
  askFor: qrAskingFor,
  processAccount: (payin) => bankPayerAccount(payin),
});
