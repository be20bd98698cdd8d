import 'server-only';
import { METHODS } from '@/lib/methods';
import { defineAdapter } from '../define-adapter';
import { bankPayerAccount } from '../support/payer-account';
import { pushNotification } from '../support/push-notification';

/** The bank behind Bank A Pay, by the specification's neutral name; it is the only operator, so none is offered. */
const BANK_A = { name: 'Bank A' } as const;

/**
 * Bank A Pay (South Africa): an approval request pushed to the Bank A banking app registered to the
 * customer's phone; the customer approves it there.
 */
export const bankaPayAdapter = defineAdapter(METHODS.BANKA_PAY, {
  buildResponse: (context) => ({
    pushNotification: pushNotification(context, { channel: 'APP', approveIn: `the ${BANK_A.name} app` }),
  }),
  processAccount: (payin) => bankPayerAccount(payin, BANK_A),
});
