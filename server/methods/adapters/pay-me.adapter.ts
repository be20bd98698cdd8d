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
  buildResponse: ({ merchant, operator, money, customer }) => {
    const bank = requireOperatorIn(PAY_ME_BANKS, operator);
    return {
      account: collectionAccount(merchant, bank, 'ZAR'),
      pushNotification: pushNotification({
        channel: 'APP',
        phoneNumber: customer.phoneNumber,
        approveIn: bank.app,
        money,
        merchantName: merchant.channelName,
      }),
    };
  },
  processAccount: (payin) =>
    payerAccount(payin, {
      accountType: 'BANK_ACCOUNT',
      accountNumber: payerAccountNumber(payin),
      bank: PAY_ME_BANKS.find((candidate) => candidate.code === payin.operatorCode),
    }),
});
