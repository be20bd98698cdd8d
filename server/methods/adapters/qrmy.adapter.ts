import 'server-only';
import { METHODS } from '@/lib/methods';
import { DUITNOW_ACQUIRERS } from '../../rails';
import { buildDuitNowQr } from '../payloads/duitnow';
import { defineAdapter } from '../define-adapter';
import { qrAskingFor } from '../support/response-parts';
import { merchantDigits, merchantLocation, SANDBOX_MCC } from '../support/merchant-identity';
import { configuredAccount } from '../support/configured-account';
import { perCurrency, requireOperatorIn } from '../support/operators';
import { bankPayerAccount } from '../support/payer-account';

/**
 * Malaysian QR: a dynamic DuitNow QR of the acquiring bank (paymentOperator) for the unique amount
 * (moneyRequired) the customer must pay for the payment to be recognised.
 */
export const qrmyAdapter = defineAdapter(METHODS.QRMY, {
  operators: perCurrency({ MYR: DUITNOW_ACQUIRERS }),
  buildResponse: (context) => {
    const { merchant, operator, money, requiredMoney, reference } = context;
    const acquirer = requireOperatorIn(DUITNOW_ACQUIRERS, operator);
    const duitNow = configuredAccount(context, 'DUITNOW');
    return {
      qrCode: buildDuitNowQr({
        acquirerId: acquirer.acquirerId,
        merchantAccountId: duitNow?.duitNowId ?? merchantDigits(merchant, `duitnow:${acquirer.code}`, 20),
        amount: requiredMoney ?? money,
        merchantName: duitNow?.accountName ?? merchant.channelName,
        merchantCity: duitNow?.merchantCity ?? merchantLocation('MYR').city,
        merchantCategoryCode: duitNow?.merchantCategoryCode ?? SANDBOX_MCC,
        reference,
      }),
    };
  },
  askFor: qrAskingFor,
  processAccount: (payin) => bankPayerAccount(payin),
});
