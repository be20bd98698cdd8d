import 'server-only';
import { METHODS } from '@/lib/methods';
import { PAY_ME_BANKS } from '../operators/banks';
import { defineAdapter } from '../define-adapter';
import { perCurrency, requireOperatorIn } from '../support/operators';
import { payerAccount, payerAccountNumber } from '../support/payer-account';
import { pushNotification } from '../support/push-notification';
import { collectionAccount } from '../support/response-parts';

/**
 * Pay Me (South Africa): a payment request from our account at the customer's own bank
 * (paymentOperator; Pay Me works only between clients of the same bank) to the banking app
 * registered to the customer's phone, where they approve it.
 */
export const payMeAdapter = defineAdapter(METHODS.PAY_ME, {
  operators: perCurrency({ ZAR: PAY_ME_BANKS }),
  buildResponse: (context) => {
    const bank = requireOperatorIn(PAY_ME_BANKS, context.operator);
    return {
      account: collectionAccount(context.merchant, bank, 'ZAR'),
      pushNotification: pushNotification(context, { channel: 'APP', approveIn: bank.app }),
    };
  },
  // The payer's account is at the bank Pay Me requested from (always named: the operator is assigned).
  processAccount: (payin) =>
    payerAccount(payin, {
      accountType: 'BANK_ACCOUNT',
      accountNumber: payerAccountNumber(payin),
      bank: PAY_ME_BANKS.find((candidate) => candidate.code === payin.operatorCode),
    }),
});
