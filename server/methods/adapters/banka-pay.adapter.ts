import 'server-only';
import type { MethodAdapter } from '../port';
import { payerAccount, payerAccountNumber } from '../support/payer-account';
import { pushNotification } from '../support/push-notification';
import { VALIDITY_MS } from '../support/validity';

/** The bank behind Bank A Pay, by the specification's neutral name; it is the only operator, so none is offered. */
const BANK_A = { name: 'Bank A' } as const;

/**
 * Bank A Pay (South Africa): an approval request pushed to the Bank A banking app registered to the
 * customer's phone; the customer approves it there.
 */
export const bankaPayAdapter: MethodAdapter = {
  code: 'BANKA_PAY',
  currencies: ['ZAR'],
  operators: () => [],
  assignsDefaultOperator: false,
  validityMs: () => VALIDITY_MS.push,
  uniqueAmount: false,
  externalReference: undefined,
  collection: { by: 'connector' },
  completion: () => 'push',
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
};
