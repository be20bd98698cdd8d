import 'server-only';
import { METHODS } from '@/lib/methods';
import { BDO_QRPH } from '../../rails';
import { buildQrPhQr } from '../payloads/qrph';
import { defineAdapter } from '../define-adapter';
import { qrAskingFor } from '../support/response-parts';
import { merchantDigits, merchantLocation, SANDBOX_MCC } from '../support/merchant-identity';
import { configuredAccount } from '../support/configured-account';
import { bankPayerAccount } from '../support/payer-account';

/** Philippine QR: a dynamic QR Ph P2M code any member bank or e-wallet app pays. */
export const qrphAdapter = defineAdapter(METHODS.QRPH, {
  buildResponse: (context) => {
    const { merchant, money, reference } = context;
    const qrPh = configuredAccount(context, 'QRPH');
    return {
      qrCode: buildQrPhQr({
        acquirerBic: qrPh?.acquirerBic ?? BDO_QRPH.bic,
        merchantId: qrPh?.merchantId ?? merchantDigits(merchant, 'qrph', 9),
        amount: money,
        merchantName: qrPh?.accountName ?? merchant.channelName,
        merchantCity: qrPh?.merchantCity ?? merchantLocation('PHP').city,
        merchantCategoryCode: qrPh?.merchantCategoryCode ?? SANDBOX_MCC,
        reference,
      }),
    };
  },
  askFor: qrAskingFor,
  processAccount: (payin) => bankPayerAccount(payin),
});
