import 'server-only';
import { operatorsFor, requireOperatorIn } from '../operator-catalogue';
import { PAY_ME_BANKS } from '../operators/banks';
import type { MethodAdapter } from '../port';
import { payerAccount, payerAccountNumber } from '../support/payer-account';
import { pushNotification } from '../support/push-notification';
import { collectionAccount } from '../support/response-parts';
import { VALIDITY_MS } from '../support/validity';

/**
 * Pay Me (South Africa): a payment request from our account at the customer's own bank
 * (paymentOperator; Pay Me works only between clients of the same bank) to the banking app
 * registered to the customer's phone, where they approve it.
 */
export const payMeAdapter: MethodAdapter = {
  code: 'PAY_ME',
  currencies: ['ZAR'],
  operators: (currency) => operatorsFor('PAY_ME', currency),
  assignsDefaultOperator: true,
  validityMs: () => VALIDITY_MS.push,
  uniqueAmount: false,
  externalReference: undefined,
  collection: { by: 'connector' },
  completion: () => 'push',
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
};
