import 'server-only';
import { METHODS } from '@/lib/methods';
import { operatorsFor, requireOperatorIn } from '../operator-catalogue';
import { MOBILE_MONEY_OPERATORS } from '../../rails';
import type { MethodAdapter } from '../port';
import { payerAccount } from '../support/payer-account';
import { pushNotification } from '../support/push-notification';
import { VALIDITY_MS } from '../support/validity';

/**
 * Mobile money (Ghana, Kenya): the network (paymentOperator) pushes a payment prompt to the
 * customer's phone (USSD, or M-PESA's SIM Toolkit "STK push"); the customer approves with their PIN.
 */
export const mobileMoneyAdapter: MethodAdapter = {
  code: 'MOBILE_MONEY',
  currencies: METHODS.MOBILE_MONEY.currencies,
  operators: (currency) => operatorsFor('MOBILE_MONEY', currency),
  assignsDefaultOperator: true,
  validityMs: () => VALIDITY_MS.push,
  uniqueAmount: false,
  externalReference: undefined,
  collection: { by: 'connector' },
  completion: () => 'push',
  buildResponse: ({ merchant, operator, money, customer }) => {
    const network = requireOperatorIn(MOBILE_MONEY_OPERATORS[money.currency], operator);
    return {
      pushNotification: pushNotification({
        channel: network.channel,
        phoneNumber: customer.phoneNumber,
        approveIn: network.approveIn,
        money,
        merchantName: merchant.channelName,
      }),
    };
  },
  // A mobile money wallet is the phone number it is registered to.
  processAccount: (payin) => {
    const network = MOBILE_MONEY_OPERATORS[payin.money.currency]?.find(
      (candidate) => candidate.code === payin.operatorCode,
    );
    return payerAccount(payin, {
      accountType: 'MOBILE_MONEY',
      accountNumber: payin.customer.phoneNumber ?? '',
      bank: network && { name: network.name, bankCode: network.code },
    });
  },
};
