import { PAYER_ACCOUNT_FIELDS } from '../../schemas/customer-fields';
import { defineMethod } from '../descriptor';

/**
 * Instant bank transfer: the customer is redirected to the payment institution, logs in to their
 * bank (paymentOperator when chosen upfront) and approves a transfer of moneyRequired.
 */
export const ONLINE = defineMethod({
  code: 'ONLINE',
  name: 'Instant bank transfer',
  currencies: ['INR', 'THB', 'MYR', 'VND', 'ZAR'],
  requestObject: 'OnlineMethod',
  operatorChosenBy: 'customer',
  validity: 'redirect',
  uniqueAmount: true,
  completion: 'redirect',
  customerFields: PAYER_ACCOUNT_FIELDS,
  collection: { by: 'connector' },
  response: { required: ['redirectTo'] },
});
