import 'server-only';
import { METHODS } from '@/lib/methods';
import { defineAdapter } from '../define-adapter';
import { payerAccount, payerAccountNumber } from '../support/payer-account';
import { pushNotification } from '../support/push-notification';

/** The bank behind Bank A Pay, by the specification's neutral name; it is the only operator, so none is offered. */
const BANK_A = { name: 'Bank A' } as const;

/**
 * Bank A Pay (South Africa): an approval request pushed to the Bank A banking app registered to the
 * customer's phone; the customer approves it there.
 */
export const bankaPayAdapter = defineAdapter(METHODS.BANKA_PAY, {
  buildResponse: ({ merchant, money, customer }) => ({
    pushNotification: pushNotification({
      channel: 'APP',
      phoneNumber: customer.phoneNumber,
      approveIn: `the ${BANK_A.name} app`,
      money,
      merchantName: merchant.channelName,
    }),
  }),
  processAccount: (payin) =>
    payerAccount(payin, {
      accountType: 'BANK_ACCOUNT',
      accountNumber: payerAccountNumber(payin),
      bank: BANK_A,
    }),
});
