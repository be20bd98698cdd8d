import 'server-only';
import { METHODS } from '@/lib/methods';
import { MOBILE_MONEY_OPERATORS } from '../../rails';
import { defineAdapter } from '../define-adapter';
import { perCurrency, requireOperatorIn } from '../support/operators';
import { payerAccount } from '../support/payer-account';
import { pushNotification } from '../support/push-notification';

/**
 * Mobile money (Ghana, Kenya): the network (paymentOperator) pushes a payment prompt to the
 * customer's phone (USSD, or M-PESA's SIM Toolkit "STK push"); the customer approves with their PIN.
 */
export const mobileMoneyAdapter = defineAdapter(METHODS.MOBILE_MONEY, {
  operators: perCurrency(MOBILE_MONEY_OPERATORS),
  buildResponse: (context) => {
    const network = requireOperatorIn(MOBILE_MONEY_OPERATORS[context.money.currency], context.operator);
    return {
      pushNotification: pushNotification(context, network),
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
});
